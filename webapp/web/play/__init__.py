"""Playing: the play page (/play/<code>) and the hint API (/api/hint)."""

from __future__ import annotations

from flask import Flask

from . import api, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
