"""The player's own record: /record, kept in the browser alone."""

from __future__ import annotations

from flask import Flask

from . import routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
