"""The day's puzzles: /daily."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    from . import routes

    app.register_blueprint(routes.bp)
