"""The HTML pages: the puzzle form, its checks, and the result a share link shows."""

from __future__ import annotations

from flask import Blueprint, g, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import CombinedMultiDict, MultiDict
from werkzeug.wrappers import Response

from ..jobs.job import EXPLAIN, SOLVE
from ..sudoku import GAVE_UP, PuzzleError, parse
from ..sudoku.logic import SOLVED, STOPPED
from ..wording import link_code_problem, solution_count_message
from . import batch_pages
from .cache import path_within_budget, refuse_long_code, solve_within_budget
from .explain_view import learning
from .forms import PuzzleForm, read_form
from .http_caching import cache_by_outcome
from .job_view import offer_for
from .links import absolute_url, query_kept
from .marks import linked_marks, marked_location, marked_view
from .shown_alphabet import as_shown, as_shown_result, link_values, requested_alphabet
from .solution_counts import count_within_budget, wants_all
from .solutions_view import solutions_link, solutions_page
from .views import Links, form_page, open_elsewhere, result_page

bp = Blueprint("pages", __name__)

BAD_LINK_NOTICE = "This link does not hold a puzzle the solver can read"


@bp.get("/")
def index() -> tuple[str, int]:
    """The form: an empty grid (?size=16), or a puzzle to edit (?puzzle=<code>, shown in the
    ?alphabet= it came in)."""
    refuse_long_code(request.args.get("puzzle", ""))
    form = read_form(request.args, shown_in=requested_alphabet())
    if form.batch is not None:  # a batch is posted, never in a link
        form.puzzle.errors = [batch_pages.ONE_AT_A_TIME]
    return _show_form(form)


@bp.post("/")
def submit() -> Response | tuple[str, int] | str:
    """Check a submitted puzzle: on to its share link, or back to the form saying what is wrong;
    several puzzles, one a line, get a table of results (batch_pages.py)."""
    batch_pages.allow_batch_body()
    form = read_form(CombinedMultiDict([request.files, request.form]))
    if form.batch is not None:
        return batch_pages.answer(form.batch)
    if form.position is not None:  # a pencil-mark grid: on to its position's page
        return redirect(marked_location(form.position), 303)
    if form.grid is None:
        return _show_form(form)
    written_in = link_values(form.written_in)
    return redirect(url_for(".result", code=form.grid.code, **written_in), 303)


@bp.get("/solve/<code>")
def result(code: str) -> Response | tuple[str, int]:
    """The solve of the puzzle a share link holds; other spellings move to the canonical one
    (the query kept). With all=1, every solution of one with more than one, up to a cap."""
    refuse_long_code(code)
    listing = wants_all(request.args)
    try:
        grid = parse(code)
    except PuzzleError as error:
        # The code is the link's, not something typed: an empty form, and why the link failed.
        return _show_form(read_form(MultiDict()), BAD_LINK_NOTICE, (link_code_problem(error),))
    if grid.code != code:
        return redirect(query_kept(url_for(".result", code=grid.code)), 301)
    shown = as_shown(grid)
    marked = linked_marks(grid, ".result")
    if isinstance(marked, Response):
        return marked
    result = solve_within_budget(grid)
    count = count_within_budget(result)
    counted_in_full = count is None or not count.cut_short
    if listing and count is not None:
        html = render_template("solutions.html", page=solutions_page(shown, count))
        return cache_by_outcome(make_response(html), result.status if counted_in_full else GAVE_UP)
    links = Links(
        share=absolute_url(".result", code=code, marks=request.args.get("marks") or None),
        edit=url_for(".index", puzzle=code, **link_values(g.alphabet)),
        elsewhere=open_elsewhere(grid),
    )
    # a pasted position is rated by its explanation, from the marks: not from its cells here
    path = path_within_budget(grid, result, "RATING") if marked is None else None
    offered = learning(shown, path, request.args.get("candidates") == "1") if path else None
    offer = offer_for(SOLVE, grid) if result.status == GAVE_UP else None
    if path is not None and path.status == STOPPED and not path.steps:
        offer = offer_for(EXPLAIN, grid)  # not rated within a page's work: a job may go on
    how_many = solution_count_message(count) if count else ""
    html = render_template(
        "result.html",
        page=result_page(as_shown_result(result), links, how_many),
        learning=offered,
        offer=offer,
        marked=marked_view(shown, marked, result) if marked is not None else None,
        solutions=solutions_link(code, count) if count else None,
    )
    final = counted_in_full and (path is None or path.status == SOLVED)
    return cache_by_outcome(make_response(html), result.status if final else GAVE_UP)


def _show_form(
    form: PuzzleForm, notice: str = "", about_request: tuple[str, ...] = ()
) -> tuple[str, int]:
    """The form page; 422 when there is anything to fix."""
    page = form_page(form, notice, about_request)
    return render_template("index.html", page=page), 422 if page.problems else 200
