"""Solving: a share link's result page (/solve/<code>) and the solve API (/api/solve)."""

from __future__ import annotations

from flask import Flask

from . import api, page_cache, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    page_cache.init_app(app)
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
