"""The site as a whole: the home page, /healthz, the allowed hosts, and what every answer
shares (security headers, error pages)."""

from __future__ import annotations

from flask import Flask

from . import health, hosts, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    hosts.init_app(app)
    app.register_blueprint(routes.bp)
    app.register_blueprint(health.bp)
