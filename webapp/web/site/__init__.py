"""The home page and its form, /healthz, and what every page shares: links, headers, error pages."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    from . import health, hosts, routes

    hosts.init_app(app)
    app.register_blueprint(routes.bp)
    app.register_blueprint(health.bp)
