"""The learn pages: the list of techniques, a lesson, and practice that works without script
(the candidates are a form's toggles; Check posts them and the page answers the verdict)."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, render_template, request
from werkzeug.wrappers import Response

from .lessons import LESSONS
from .practice import Chosen, PracticeError, checked, choose, read_ticks, verdict_words
from .shipped import PRACTICE_WANTED
from .view import answer_of, learn_index, lesson_page, path_island, practice_page

bp = Blueprint("learn", __name__)


@bp.get("/learn")
def index() -> Response:
    """Every technique the engine uses, by family, easiest first."""
    families = learn_index()
    return make_response(
        render_template(
            "learn.html", families=families, island=path_island(families), wanted=PRACTICE_WANTED
        )
    )


@bp.get("/learn/<slug>")
def lesson(slug: str) -> Response:
    """A technique's lesson: its words, worked examples and links."""
    if slug not in LESSONS:
        abort(404, description=f"There is no lesson called {slug[:40]!r}: see /learn.")
    return make_response(
        render_template("lesson.html", page=lesson_page(slug), wanted=PRACTICE_WANTED)
    )


def _chosen(slug: str) -> Chosen:
    """The position the request's size and seed choose, or the 4xx saying what is wrong."""
    try:
        return choose(slug, request.args.get("size"), request.args.get("seed"))
    except PracticeError as error:
        abort(error.status, description=error.message)


@bp.get("/learn/<slug>/practice")
def practice(slug: str) -> Response:
    """A practice position (?seed=N, ?size=), its step drawn with ?show=1."""
    chosen = _chosen(slug)
    show = request.args.get("show") == "1"
    return make_response(render_template("practice.html", page=practice_page(chosen, show=show)))


@bp.post("/learn/<slug>/practice")
def check(slug: str) -> Response:
    """Check the ticked candidates: the page again with the verdict (400 for a bad tick)."""
    chosen = _chosen(slug)
    shape = chosen.position().puzzle.shape
    try:
        ticked = read_ticks(shape, request.form.getlist("tick"))
    except PracticeError as error:
        abort(error.status, description=error.message)
    verdict = checked(chosen, answer_of(chosen, ticked))
    words = verdict_words(shape, verdict, practice_page(chosen).name)
    page = practice_page(chosen, ticked, words, show=request.form.get("show") == "1")
    return make_response(render_template("practice.html", page=page))
