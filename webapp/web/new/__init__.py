"""New puzzles: the form (/new), each generated puzzle's link, and /api/generate."""

from __future__ import annotations

from flask import Flask

from . import api, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
