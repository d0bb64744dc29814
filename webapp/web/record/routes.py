"""The record page: the games a player finished, read by its script from this browser's
localStorage (play_record.js writes them as games end). The server keeps nothing and sees
nothing of it: the page it sends is the same for everyone, and says without script that
the record can only be read by script."""

from __future__ import annotations

from flask import Blueprint, make_response, render_template
from werkzeug.wrappers import Response

bp = Blueprint("record", __name__)


@bp.get("/record")
def record() -> Response:
    """The page that shows, exports and imports this browser's record."""
    return make_response(render_template("record.html"))
