"""A game in JSON, for static/game.js and programs: its state with a version number, a move,
and the live events (Server-Sent Events) that say each new version as it comes.

The events route waits on the store's version of the game, asking every EVENTS_POLL_SECONDS,
for EVENTS_SECONDS at most; then it ends and the browser connects again (EventSource does
by itself). It holds one of a worker's threads while it waits, so a worker serves at most
EVENTS_PER_WORKER of them at once and answers 429 past that: the script then asks for the
state every few seconds instead. A relay process holding many idle connections is the next
step (docs/operations.md)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

from flask import Blueprint, Response, abort, current_app, jsonify, request

from ...games.game import Mode, Refusal, RefusalReason
from ...games.moves import GUEST, HOST, MoveKind
from ...games.store import StoredGame
from ...jobs.seat_tokens import now_ms
from ...jobs.store import Unreachable
from ...records.json_types import JsonObject
from .routes import ACTIONS, STATUS
from .seats import game_or_404, games, seat_of, store_answers

bp = Blueprint("game_api", __name__)

EVENTS_POLL_SECONDS = 0.1
HEARTBEAT_SECONDS = 0.5
_events_lock = threading.Lock()
_events_count = 0


def state_json(kept: StoredGame, seat: int | None, now: int) -> JsonObject:
    """The game at `now` as `seat` (None: a watcher) may see it: a Race's other board only
    as a count and a silhouette."""
    state = kept.state(now)
    shape = kept.game.puzzle.shape
    symbols = ("", *shape.symbols)
    board_seat = seat or HOST
    board = [symbols[value] for value in state.board(board_seat)]
    if state.digits_hidden_from(seat):
        board = [symbols[value] for value in kept.game.puzzle.grid.cells]
    body: JsonObject = {
        "status": "ok",
        "version": state.version,
        "seen": state.seen_by(seat) if seat else state.version,
        "mode": str(kept.game.mode),
        "phase": str(state.phase),
        "you": seat,
        "turn": state.turn,
        "alone": state.alone,
        "size": shape.size,
        "board": board,
        "owners": list(state.owners(board_seat)),
        "clocks": [
            {
                "seat": s,
                "left_ms": state.clock(s).left,
                "used_ms": state.clock(s).used,
                "running": state.clock(s).running,
                "penalties": state.clock(s).penalties,
                "right": state.right[s - 1],
            }
            for s in (HOST, GUEST)
        ],
        "draw_offer": state.draw_offer,
        "result": None
        if state.result is None
        else {
            "winner": state.result.winner,
            "ending": str(state.result.ending),
            "at": state.result.at,
        },
        "now": now,
    }
    if kept.game.mode == Mode.RACE:
        other = GUEST if board_seat == HOST else HOST
        silhouette = sorted(state.silhouette(other))
        body["other"] = {"filled": len(silhouette), "silhouette": silhouette}
    return body


@bp.get("/game/<game_id>/state.json")
def state(game_id: str) -> Response:
    """The game as this browser's seat (or a watcher) sees it, with its version."""
    kept = game_or_404(game_id)
    response = jsonify(state_json(kept, seat_of(kept), now_ms()))
    response.cache_control.no_store = True
    return response


@bp.post("/game/<game_id>/move.json")
def move(game_id: str) -> Response:
    """A move as JSON: {"action": "place", "cell": n, "symbol": "4", "seen": v} (or resign,
    offer-draw, accept-draw); the state after it, or a 4xx whose "error" names the refusal."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="The body must be a JSON object.")
    if seat is None:
        return _refused(
            Refusal(RefusalReason.NOT_A_SEAT, "a watcher cannot move: only the two players can")
        )
    kind = ACTIONS.get(str(body.get("action", "")))
    if kind is None:
        abort(400, description='"action" must be one of place, resign, offer-draw, accept-draw.')
    seen = body.get("seen")
    if not isinstance(seen, int) or isinstance(seen, bool):
        abort(400, description='"seen" must be the version number the move was made on.')
    cell, value = -1, 0
    if kind == MoveKind.PLACE:
        read = _cell_and_value(kept, body)
        if isinstance(read, Refusal):
            return _refused(read)
        cell, value = read
    with store_answers():
        played = games().play(game_id, seat, kind, seen, cell, value)
    if played.refusal is not None:
        return _refused(played.refusal)
    return jsonify(state_json(played.kept, seat, now_ms()))


def _cell_and_value(kept: StoredGame, body: dict[str, object]) -> tuple[int, int] | Refusal:
    """The cell and value of a JSON move; else its refusal."""
    puzzle = kept.game.puzzle
    cell = body.get("cell")
    if (
        not isinstance(cell, int)
        or isinstance(cell, bool)
        or not 0 <= cell < puzzle.shape.cell_count
    ):
        return Refusal(
            RefusalReason.NOT_A_CELL,
            f'"cell" must be a cell number from 0 to {puzzle.shape.cell_count - 1}',
        )
    symbol = body.get("symbol")
    symbols = puzzle.shape.symbols.upper()
    if not isinstance(symbol, str) or len(symbol) != 1 or symbol.upper() not in symbols:
        return Refusal(
            RefusalReason.NOT_A_SYMBOL, f'"symbol" must be one of {puzzle.shape.symbol_range}'
        )
    return cell, symbols.index(symbol.upper()) + 1


def _refused(refusal: Refusal) -> Response:
    """A refusal as JSON, with its 4xx."""
    response = jsonify(
        {"status": "error", "reason": str(refusal.reason), "error": f"{refusal.message}."}
    )
    response.status_code = STATUS.get(refusal.reason, 409)
    return response


@bp.get("/game/<game_id>/events")
def events(game_id: str) -> Response:
    """Server-Sent Events: the state now, then each new version as it comes, for up to
    GAME_EVENTS_SECONDS; 429 with Retry-After when this worker follows as many as it may."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    if not _take_events_place():
        abort(
            429,
            description="This server follows as many live games as it may: ask for the state"
            " every few seconds instead.",
            retry_after=5,
        )
    followed, seconds = games(), float(current_app.config["GAME_EVENTS_SECONDS"])

    def stream() -> Iterator[str]:
        try:
            yield "retry: 1000\n\n"
            version, said = -1, time.monotonic()
            deadline = said + seconds  # a ceiling on the connection, said as such
            current = kept
            while time.monotonic() < deadline:
                if len(current.log) != version:
                    version, said = len(current.log), time.monotonic()
                    data = json.dumps(state_json(current, seat, now_ms()))
                    yield f"event: state\ndata: {data}\n\n"
                elif time.monotonic() - said > HEARTBEAT_SECONDS:
                    # A comment line: a browser gone (a reload) makes this write fail, which
                    # ends the stream and frees its place at once, not at the ceiling.
                    said = time.monotonic()
                    yield ": still here\n\n"
                time.sleep(EVENTS_POLL_SECONDS)
                try:
                    loaded = followed.load(game_id)
                except Unreachable:
                    return
                if loaded is None:
                    return
                current = loaded
        finally:
            _leave_events_place()

    response = Response(stream(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response


def _take_events_place() -> bool:
    """Count one more live follower in this worker, if it may have one."""
    global _events_count
    with _events_lock:
        if _events_count >= int(current_app.config["GAME_EVENTS_PER_WORKER"]):
            return False
        _events_count += 1
        return True


def _leave_events_place() -> None:
    global _events_count
    with _events_lock:
        _events_count -= 1
