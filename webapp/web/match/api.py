"""The matches' JSON API and the bots' protocol over plain HTTP (docs/api.md, "Matches").

- POST /api/matches opens a match: every round's puzzle is made here, before any bot joins,
  so a round's start never waits for the generator; it answers the seat tokens, the host's
  token and the links to watch and to the result.
A bot sends its seat's token in an `Authorization: Bearer` header (never in the address, so
no access log holds it); the token names its match, so a bot needs the server's address and
its token alone.
- POST /api/bot/hello takes a seat with its token (once), answering the hello.
- GET /api/bot/messages?after=N waits for the seat's messages numbered past N: it
  answers as soon as there is one, or after MATCH_POLL_SECONDS with none (a ceiling on the
  wait, said as such in the answer; the bot asks again). It holds a worker's thread while
  it waits, so a worker holds at most MATCH_POLLS_PER_WORKER at once, and
  MATCH_POLLS_PER_ADDRESS from one address; 429 past either.
- POST /api/bot/answer takes a seat's answer to the round under way.
- POST /api/matches/<id>/start starts the match with the seats taken (the host's token).
- GET /api/matches/<id> is the match as a watcher sees it.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

from flask import Blueprint, abort, current_app, g, jsonify, request
from werkzeug.wrappers import Response

from ...jobs.store import Unreachable
from ...matches import (
    PROTOCOL_VERSION,
    ProtocolError,
    ProtocolProblem,
    SettingError,
    StoredMatch,
)
from ...matches.protocol import messages_for, numbered, read_answer, read_hello
from ..links import absolute_url
from .bots import (
    bearer,
    counted_message,
    match_or_404,
    matches,
    message_body,
    refused,
    seat_asking,
    store_answers,
)
from .opening import opened, read_setting
from .watching import watch_json

bp = Blueprint("match_api", __name__)

# How often a waiting poll reads the store: a round's puzzle reaches a polling bot at most
# this late (its time runs from the round's start all the same).
POLL_EVERY_SECONDS = 0.02
_polls_lock = threading.Lock()
_polls_waiting: Counter[str] = Counter()  # waiting polls by address


@bp.post("/api/matches")
def open_match() -> Response:
    """Open a match from a JSON setting; 201 with the tokens and links, 400 naming the field
    that is wrong, 422 when a round's puzzle cannot be made, 429 past the address's limit."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="The body must be a JSON object: the match's setting.")
    try:
        setting = read_setting(body)
    except SettingError as error:
        abort(400, description=f"That match cannot be: {error}.")
    made = opened(setting)
    shown_setting = setting.to_json()
    if body.get("seed") is None:
        # The seed names every puzzle and answer: one the server drew is published when the
        # match is over, never to the host first, whose bots could look the answers up.
        del shown_setting["seed"]
    response = jsonify(
        {
            "status": "ok",
            "protocol": PROTOCOL_VERSION,
            "match": made.id,
            "host": made.host,
            "seats": [
                {"seat": seat, "token": token}
                for seat, token in zip(setting.bot_seats, made.seats, strict=True)
            ],
            "house": setting.house_seat,
            "watch": absolute_url("match.watch", match_id=made.id),
            "result": absolute_url("match.result", match_id=made.id),
            "setting": shown_setting,
        }
    )
    response.status_code = 201
    return response


@bp.post("/api/bot/hello")
def hello() -> Response:
    """Take the seat the token holds: the server's hello; a second hello with a token is
    refused (seat-taken), as is any hello that does not speak this protocol's version."""
    kept: StoredMatch | None = None
    try:
        kept, seat = seat_asking()
        read_hello(message_body())
        with store_answers():
            joined = matches().join(kept, seat)
    except ProtocolError as error:
        return refused(error, kept)
    g.solve = {"seat": seat, "verdict": "joined"}
    return jsonify(numbered(messages_for(joined.id, joined.match, joined.state, seat), -1)[0])


@bp.post("/api/bot/answer")
def answer() -> Response:
    """A seat's answer to the round under way: 202 with the time the server measured, or the
    protocol's error naming why it is not taken."""
    kept: StoredMatch | None = None
    try:
        kept, seat = seat_asking()
        counted_message(kept, seat)
        message = read_answer(message_body(), kept.match.rounds)
        with store_answers():
            taken, ms = matches().answer(kept, seat, message)
    except ProtocolError as error:
        return refused(error, kept)
    g.solve = {"seat": seat, "verdict": "received"}
    response = jsonify({"type": "received", "round": taken.round, "ms": ms})
    response.status_code = 202
    return response


@bp.post("/api/matches/<match_id>/start")
def start(match_id: str) -> Response:
    """The host starts the match with the seats taken so far; the match as watchers see it."""
    kept = match_or_404(match_id)
    if not kept.is_host(bearer()):
        return refused(
            ProtocolError(ProtocolProblem.NOT_A_SEAT, "only the host's token starts a match")
        )
    with store_answers():
        started = matches().start(kept)
    return jsonify(watch_json(started))


@bp.get("/api/matches/<match_id>")
def watch_state(match_id: str) -> Response:
    """The match as a watcher sees it: seats, rounds over with their answers, the round
    under way without them, the standings."""
    response = jsonify(watch_json(match_or_404(match_id)))
    response.cache_control.no_store = True
    return response


@bp.get("/api/bot/messages")
def messages() -> Response:
    """The seat's messages numbered past after= (-1 for all), waiting for one up to
    MATCH_POLL_SECONDS; an empty list at that ceiling (ask again)."""
    kept: StoredMatch | None = None
    try:
        kept, seat = seat_asking()
        with store_answers():
            kept = matches().refreshed(kept)
        if seat not in kept.state.joined:
            raise ProtocolError(ProtocolProblem.NOT_JOINED, "say hello before asking for messages")
        after = _after()
    except ProtocolError as error:
        return refused(error, kept)
    address = request.remote_addr or ""
    if not _take_poll_place(address):
        abort(
            429,
            description="This server holds as many waiting bots as it may (from this address, or"
            " in all): ask again in a second.",
            retry_after=1,
        )
    ceiling = float(current_app.config["MATCH_POLL_SECONDS"])
    try:
        found = _waited_for(kept, seat, after, time.monotonic() + ceiling)
    finally:
        _leave_poll_place(address)
    response = jsonify({"status": "ok", "messages": found, "ceiling_seconds": ceiling})
    response.cache_control.no_store = True
    return response


def _after() -> int:
    """The after= number: the last message the bot has; ProtocolError when it is not one."""
    text = request.args.get("after", "-1")
    if text != "-1" and (not text.isdigit() or len(text) > 6):
        raise ProtocolError(ProtocolProblem.BAD_ROUND, "after= must be a message number, or -1")
    return int(text)


def _waited_for(kept: StoredMatch, seat: int, after: int, deadline: float) -> list[object]:
    """The seat's messages past `after`, read again every POLL_EVERY_SECONDS until there is
    one or `deadline` (time.monotonic) passes."""
    current = kept
    while True:
        found = numbered(messages_for(current.id, current.match, current.state, seat), after)
        if found or time.monotonic() >= deadline:
            return list(found)
        time.sleep(POLL_EVERY_SECONDS)
        try:
            current = matches().refreshed(current)
        except Unreachable:
            return []


def _take_poll_place(address: str) -> bool:
    """Count one more waiting poll in this worker, from `address`, if it may have one: at
    most MATCH_POLLS_PER_WORKER in all, MATCH_POLLS_PER_ADDRESS from one address (unless
    exempt), so one address cannot hold every place."""
    config = current_app.config
    counted = address not in config["CLIENT_LIMITS_EXEMPT"]
    with _polls_lock:
        if sum(_polls_waiting.values()) >= int(config["MATCH_POLLS_PER_WORKER"]):
            return False
        if counted and _polls_waiting[address] >= int(config["MATCH_POLLS_PER_ADDRESS"]):
            return False
        _polls_waiting[address] += 1
        return True


def _leave_poll_place(address: str) -> None:
    with _polls_lock:
        _polls_waiting[address] -= 1
        if not _polls_waiting[address]:
            del _polls_waiting[address]
