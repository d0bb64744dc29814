"""Matches between bots (/api/matches, /match/...): opened by a program or from the site,
the bots' protocol over plain HTTP long polling, a page to watch a match (it refreshes
itself, no script needed) and its result page. The rules, the protocol's messages and the
store are in webapp/matches/; every route here judges nothing itself."""

from __future__ import annotations

from flask import Flask

from ...jobs import QUEUE_KEY
from ...matches import Matches
from . import api, pages
from .bots import MATCHES_KEY


def register(app: Flask) -> None:
    """Add this feature's routes to `app`, its matches kept in the job store."""
    app.extensions[MATCHES_KEY] = Matches(app.extensions[QUEUE_KEY].board)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
