"""The explanation pages: a puzzle's easiest-first path, one step at a time; and their
"Keep explaining" button (POST /explain/<code>/work), which hands the path to a job."""

from __future__ import annotations

from flask import Blueprint, current_app, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from ...jobs.job import EXPLAIN
from ...sudoku import GAVE_UP
from ...sudoku.logic import PathStatus
from ..cache import path_within_budget, solve_within_budget
from ..http_caching import cache_by_outcome
from ..job_facts import job_facts
from ..job_starting import keep_working
from ..job_view import offer_for
from ..linked import linked_puzzle, whole_number
from ..marks import linked_marks, problems_of, refused_marks
from ..page_facts import dead_end_of
from ..shown_alphabet import as_shown, as_shown_result, link_values, shown_alphabet
from ..verdicts import verdict
from .view import explain_page

bp = Blueprint("explain", __name__)


@bp.get("/explain/<code>")
def explain(code: str) -> Response:
    """Step ?step=N of the path of the puzzle a share link holds (0 or none: the start), or
    with ?marks= of the path from pasted pencil marks on it."""
    grid = linked_puzzle(code, ".explain")
    if isinstance(grid, Response):
        return grid
    alphabet = shown_alphabet(grid.shape)
    shown = as_shown(grid, alphabet)
    marked = linked_marks(grid, ".explain")
    if isinstance(marked, Response):
        return marked
    result = solve_within_budget(grid)
    problems = problems_of(marked, result) if marked is not None else ()
    if problems:  # steps from marks that lose the solution would prove false things
        return refused_marks(grid, "; ".join(problems), request.args.get("marks", ""))
    path = path_within_budget(grid, result, start=marked)
    if path is None:  # no single solution: nothing a path could explain
        html = render_template(
            "unexplained.html",
            verdict=verdict(as_shown_result(result, alphabet), dead_end=dead_end_of(result)),
            solve=url_for(
                "solve.result",
                code=code,
                marks=request.args.get("marks") or None,
                **link_values(alphabet),
            ),
            status=result.status,
        )
        return cache_by_outcome(make_response(html), result.status)
    number = whole_number("step", 0, len(path.steps), 0)
    # a job explains from the puzzle's start, not from pasted marks
    stopped = path.status == PathStatus.STOPPED and marked is None
    offer = offer_for(job_facts(EXPLAIN, grid)) if stopped else None
    # A path of more work than an explanation's own is a job's, which a solve page shows too.
    config = current_app.config
    own = path.work <= int(config["EXPLAIN_BUDGET_WORK"])
    quick_work = int(config["RATING_BUDGET_WORK"]) if own else None
    html = render_template(
        "explain.html",
        page=explain_page(
            shown,
            as_shown_result(result, alphabet),
            path,
            number,
            marked,
            quick_work,
        ),
        offer=offer,
        kept=link_values(alphabet),
    )
    complete = path.status == PathStatus.SOLVED
    return cache_by_outcome(make_response(html), result.status if complete else GAVE_UP)


@bp.post("/explain/<code>/work")
def keep_explaining(code: str) -> Response:
    """Keep finding the explanation of a puzzle, for up to JOB_SECONDS, in a job."""
    return keep_working(EXPLAIN, code, ".keep_explaining")
