"""Reading a photo: the home page's upload (POST /read-photo), answered with the grid form
filled in, and the JSON route (POST /api/read-photo). Nothing is stored: the picture is
read in the request and dropped."""

from __future__ import annotations

from flask import Flask

from . import api, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
