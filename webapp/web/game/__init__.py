"""Games between two people on one puzzle (/game/...): made from a puzzle's solve or play
page, an invitation for the second seat, a link to watch, the game page (moves by form,
reloading itself while the other plays; static/game.js follows it live), its JSON and its
live events, and the result page with a step-through replay. The rules and the store are
in webapp/games/; every route here judges nothing itself."""

from __future__ import annotations

from flask import Flask

from ...games.store import Games
from ...jobs import QUEUE_KEY
from ...live.news import announcer_for
from . import api, routes
from .seats import GAMES_KEY


def register(app: Flask) -> None:
    """Add this feature's routes to `app`, its games kept in the job store."""
    store = app.extensions[QUEUE_KEY].board
    app.extensions[GAMES_KEY] = Games(store, announce=announcer_for(store))
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
