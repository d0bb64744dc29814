"""Learning the techniques: /learn (every technique by family), /learn/<slug> (a lesson with
worked examples from the bank), /learn/<slug>/practice (a bank position to answer), and
/api/learn/<slug>/practice (the same as JSON)."""

from __future__ import annotations

from flask import Flask

from . import api, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
