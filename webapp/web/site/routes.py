"""The home page: the puzzle form (GET) and its checks (POST), on to the share link."""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for
from werkzeug.datastructures import CombinedMultiDict
from werkzeug.wrappers import Response

from .. import batch_answer as batch
from ..cache import refuse_long_code
from ..marks import marked_location
from ..puzzle_form.page import show_form
from ..puzzle_form.reading import (
    BatchFound,
    FormProblems,
    LinkFound,
    PositionFound,
    PuzzleFound,
    asked_for_givens,
    needs_givens,
    read_form,
)
from ..shown_alphabet import link_values, requested_alphabet

bp = Blueprint("site", __name__)


@bp.get("/")
def index() -> Response | tuple[str, int]:
    """The form: an empty grid (?size=16), or a puzzle to edit (?puzzle=<code>, shown in the
    ?alphabet= it came in)."""
    refuse_long_code(request.args.get("puzzle", ""))
    read = read_form(request.args, shown_in=requested_alphabet())
    if isinstance(read, BatchFound):  # a batch is posted, never in a link
        read.form.puzzle.errors = [batch.ONE_AT_A_TIME]
        return show_form(FormProblems(read.form))
    if isinstance(read, LinkFound):  # ?puzzle= holding one of this site's links
        return redirect(read.location, 303)
    return show_form(read)


@bp.post("/")
def submit() -> Response | tuple[str, int] | str:
    """Check a submitted puzzle: on to its share link, or back to the form saying what is wrong;
    several puzzles, one a line, get a table of results (batch_answer.py)."""
    batch.allow_batch_body()
    read = read_form(CombinedMultiDict([request.files, request.form]))
    if isinstance(read, BatchFound):
        return batch.answer(read.entries)
    if isinstance(read, PositionFound):  # a pencil-mark grid: on to its position's page
        return redirect(marked_location(read.position), 303)
    if isinstance(read, LinkFound):  # this site's own link: where it points, as it points
        return redirect(read.location, 303)
    if isinstance(read, PuzzleFound) and needs_givens(read.puzzle):
        read = asked_for_givens(read)
    if not isinstance(read, PuzzleFound):
        return show_form(read)
    written_in = link_values(read.form.written_in)
    check = 1 if request.form.get("check") == "1" else None  # a learner's check, no spoiler
    location = url_for("solve.result", code=read.puzzle.code, check=check, **written_in)
    return redirect(location, 303)
