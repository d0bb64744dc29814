"""Who is asking, for a match's routes: the matches, the match a link names, the seat a bot's
token holds (sent as `Authorization: Bearer <token>`, never in the address, so no access log
line holds it), the limits on matches per address and on a seat's messages, and a refusal as
the protocol's error message with its HTTP status.

A seat that sends MATCH_BAD_MESSAGES refused messages, or more than MATCH_MESSAGES_PER_SECOND,
is told why and disconnected: each later request with its token is refused as such. Counts
are claimed places in the store (its `add`), so they hold across app servers; the relay
counts a WebSocket's messages a second itself (webapp/live/socket_seat.py).
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from flask import abort, current_app, g, jsonify, request
from werkzeug.wrappers import Response

from ...matches import Matches, ProtocolError, ProtocolProblem, StoredMatch
from ...matches.protocol import MAX_MESSAGE_BYTES, NOT_COUNTED
from ...matches.store import MatchGone, address_hash, match_id_of
from .. import kept_live

MATCHES_KEY = "webapp.matches"
GONE = (
    "There is no such match: a match is deleted an hour after it was last used, so this one"
    " ended longer ago, or its link is not whole."
)
UNREACHABLE = (
    "Matches are kept in the job store, which cannot be reached right now. Try again in a minute."
)
# The HTTP status of each problem: the message itself is wrong (400, 413), the token holds
# no seat or the seat was disconnected (403), the match is not in a state to take it (409),
# too many (429).
STATUS = {
    ProtocolProblem.OVERSIZED: 413,
    ProtocolProblem.NOT_A_SEAT: 403,
    ProtocolProblem.DISCONNECTED: 403,
    ProtocolProblem.SEAT_TAKEN: 409,
    ProtocolProblem.STARTED: 409,
    ProtocolProblem.ALREADY_ANSWERED: 409,
    ProtocolProblem.OLD_ROUND: 409,
    ProtocolProblem.NO_ROUND: 409,
    ProtocolProblem.OUT_OF_ROUND: 409,
    ProtocolProblem.NOT_JOINED: 409,
    ProtocolProblem.TOO_MANY: 429,
}


def matches() -> Matches:
    """The current app's matches."""
    kept: Matches = current_app.extensions[MATCHES_KEY]
    return kept


def store_answers() -> AbstractContextManager[None]:
    """503 with Retry-After when the store does not answer within the block; 404 when the
    match went from it meanwhile."""
    return kept_live.store_answers(MatchGone, GONE, UNREACHABLE)


def match_or_404(match_id: str) -> StoredMatch:
    """The match a link names, as it stands now; 404 when there is none."""
    with store_answers():
        kept = matches().load(match_id)
    if kept is None:
        abort(404, description=GONE)
    return kept


def bearer() -> str:
    """The token the request carries in its Authorization header ("" for none)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def seat_asking() -> tuple[StoredMatch, int]:
    """The match (as made: its claims not read) and seat the request's token holds;
    ProtocolError when it holds none (a
    forged token, or its match is gone) or the seat was disconnected."""
    token = bearer()
    match_id = match_id_of(token)
    with store_answers():
        kept = matches().made(match_id) if match_id else None
    seat = None if kept is None else kept.seat_of(token)
    if kept is None or seat is None:
        raise ProtocolError(
            ProtocolProblem.NOT_A_SEAT,
            "the Authorization header must be 'Bearer <token>' with a seat token of a match"
            " (a match is deleted an hour after it was last used)",
        )
    g.match_seat = seat
    with store_answers():
        if matches().marked(kept.id, f"out:{seat}"):
            raise ProtocolError(
                ProtocolProblem.DISCONNECTED,
                "this seat was disconnected for sending too many messages, or too many bad ones",
            )
    return kept, seat


def message_body() -> bytes:
    """The request's body, read no further than a message may be; ProtocolError past it."""
    length = request.content_length
    if length is not None and length > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            ProtocolProblem.OVERSIZED,
            f"a message is at most {MAX_MESSAGE_BYTES} bytes; this one has {length}",
        )
    raw = request.stream.read(MAX_MESSAGE_BYTES + 1)
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            ProtocolProblem.OVERSIZED, f"a message is at most {MAX_MESSAGE_BYTES} bytes"
        )
    return raw


def counted_message(kept: StoredMatch, seat: int) -> None:
    """Count one message from `seat` this second; past MATCH_MESSAGES_PER_SECOND, the seat is
    disconnected and the message refused as one too many."""
    places = int(current_app.config["MATCH_MESSAGES_PER_SECOND"])
    second = matches().clock() // 1000  # the matches' clock: a test moves it
    with store_answers():
        if matches().count(kept.id, f"second:{seat}:{second}", places, 2):
            return
        matches().mark(kept.id, f"out:{seat}")
    raise ProtocolError(
        ProtocolProblem.TOO_MANY,
        f"a seat may send {places} messages a second: this seat is disconnected",
    )


def refused(error: ProtocolError, kept: StoredMatch | None = None) -> Response:
    """`error` as the protocol's error message, with its status. A seat's refused message is
    counted (an answer to a round over is not: NOT_COUNTED); past MATCH_BAD_MESSAGES refused,
    the seat is disconnected. The request log gets
    the seat and the problem, nothing the bot sent."""
    seat = g.get("match_seat")
    g.solve = {"seat": seat, "verdict": str(error.problem)}
    if kept is not None and seat is not None and error.problem not in NOT_COUNTED:
        places = int(current_app.config["MATCH_BAD_MESSAGES"])
        with store_answers():
            if not matches().count(kept.id, f"bad:{seat}", places, 3600):
                matches().mark(kept.id, f"out:{seat}")
    response = jsonify(error.to_json())
    response.status_code = STATUS.get(error.problem, 400)
    return response


def opened_here_recently() -> None:
    """429 with Retry-After when this address has opened MATCHES_PER_ADDRESS matches within
    MATCHES_LIMIT_SECONDS; else count this one (the address kept only as a hash)."""
    address = request.remote_addr or ""
    if address in current_app.config["CLIENT_LIMITS_EXEMPT"]:
        return
    places = int(current_app.config["MATCHES_PER_ADDRESS"])
    seconds = int(current_app.config["MATCHES_LIMIT_SECONDS"])
    with store_answers():
        if matches().count("opened", address_hash(address), places, seconds):
            return
    minutes = max(1, seconds // 60)
    abort(
        429,
        description=f"One address may open {places} matches in {minutes} minutes. Try again later.",
        retry_after=seconds,
    )
