"""A match's pages: the watch page (seats, standings, every round begun; it reloads itself
while the match is on, no script needed) and the result page at a share link, with every
round's puzzle, answer, each seat's answer and time, and each seat's median and worst."""

from __future__ import annotations

from flask import Blueprint, make_response, render_template
from werkzeug.wrappers import Response

from ..links import absolute_url
from .bots import match_or_404
from .watching import match_view

bp = Blueprint("match", __name__)


@bp.get("/match/<match_id>")
def watch(match_id: str) -> Response:
    """The match as it stands, for watchers."""
    view = match_view(match_or_404(match_id))
    result = absolute_url(".result", match_id=match_id)
    response = make_response(render_template("match.html", view=view, result=result))
    response.cache_control.no_store = True
    return response


@bp.get("/match/<match_id>/result")
def result(match_id: str) -> Response:
    """The match's result: every round, its answers and times, the standings."""
    view = match_view(match_or_404(match_id))
    watch_link = absolute_url(".watch", match_id=match_id)
    response = make_response(render_template("match_result.html", view=view, watch=watch_link))
    response.cache_control.no_store = True
    return response
