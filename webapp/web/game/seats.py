"""Who is asking, for a game's routes: the games, the game a link names, the seat a
browser holds (a cookie scoped to the game's path, HttpOnly, SameSite=Lax, holding the
seat's token), and the limit on games each address may make."""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager

from flask import abort, current_app, request
from werkzeug.wrappers import Response

from ...games.store import GameGone, Games, StoredGame
from .. import kept_live

GAMES_KEY = "webapp.games"
SEAT_COOKIE = "seat"
# A game's id and tokens are 24 URL-safe characters (jobs.seat_tokens.new_token); anything longer is
# not one, and is refused before the store is asked.
LONGEST_ID = 64
GONE = (
    "There is no such game: a game is deleted an hour after its last move, so this one"
    " ended longer ago, or its link is not whole."
)
UNREACHABLE = (
    "Games are kept in the job store, which cannot be reached right now. Try again in a minute."
)


def games() -> Games:
    """The current app's games."""
    kept: Games = current_app.extensions[GAMES_KEY]
    return kept


def store_answers() -> AbstractContextManager[None]:
    """503 with Retry-After when the store does not answer within the block; 404 when the
    game went from it meanwhile (its hour without a move ended)."""
    return kept_live.store_answers(GameGone, GONE, UNREACHABLE)


def game_or_404(game_id: str) -> StoredGame:
    """The game a link names; 404 when there is none."""
    if len(game_id) > LONGEST_ID:
        abort(404, description=GONE)
    with store_answers():
        kept = games().load(game_id)
    if kept is None:
        abort(404, description=GONE)
    return kept


def seat_of(kept: StoredGame) -> int | None:
    """The seat this browser holds in `kept`, or None for a watcher."""
    return kept.seat_of(request.cookies.get(SEAT_COOKIE))


def hold_seat(response: Response, game_id: str, token: str) -> None:
    """Keep `token` in this browser for the game's pages alone, out of scripts' reach."""
    response.set_cookie(
        SEAT_COOKIE,
        token,
        max_age=24 * 3600,
        path=f"/game/{game_id}",
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )


def made_here_recently() -> None:
    """429 with Retry-After when this address has made GAMES_PER_ADDRESS games within
    GAMES_LIMIT_SECONDS; else count this one. Each game made takes one of the address's
    places, claimed with the store's add, for GAMES_LIMIT_SECONDS: the count holds across
    app servers, and the address is kept only as a hash."""
    address = request.remote_addr or ""
    if address in current_app.config["CLIENT_LIMITS_EXEMPT"]:
        return
    places = int(current_app.config["GAMES_PER_ADDRESS"])
    seconds = int(current_app.config["GAMES_LIMIT_SECONDS"])
    who = hashlib.sha256(address.encode()).hexdigest()[:24]
    with store_answers():
        for place in range(places):
            if games().store.add(f"games-made:{who}:{place}", b"1", seconds):
                return
    minutes = max(1, seconds // 60)
    abort(
        429,
        description=f"One address may make {places} games in {minutes} minutes. Try again later.",
        retry_after=seconds,
    )
