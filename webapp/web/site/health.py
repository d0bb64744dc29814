"""GET /healthz: a cheap sign of life for a load balancer."""

from __future__ import annotations

from flask import Blueprint, make_response
from werkzeug.wrappers import Response

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    """A cheap answer that the process is up and serving; runs no solver."""
    response = make_response({"status": "ok"})
    response.headers["Cache-Control"] = "no-store"
    return response
