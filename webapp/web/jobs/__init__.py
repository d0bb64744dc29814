"""Long work in a job: the job's page (/jobs/<id>) and the jobs API (/api/jobs)."""

from __future__ import annotations

from flask import Flask

from . import api, routes


def register(app: Flask) -> None:
    """Add this feature's routes to `app`."""
    app.register_blueprint(routes.bp)
    app.register_blueprint(api.bp)
