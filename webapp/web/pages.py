"""The HTML pages: the puzzle form, its checks, and the result a share link shows."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import CombinedMultiDict, MultiDict
from werkzeug.wrappers import Response

from ..jobs.job import SOLVE
from ..sudoku import GAVE_UP, PuzzleError, parse
from ..sudoku.logic import SOLVED
from ..wording import link_code_problem, solution_count_message
from .cache import path_within_budget, refuse_long_code, solve_within_budget
from .explain_view import learning
from .forms import PuzzleForm, read_form
from .http_caching import cache_by_outcome
from .job_view import offer_for
from .links import absolute_url
from .solution_counts import count_within_budget, wants_all
from .solutions_view import solutions_link, solutions_page
from .views import Links, form_page, result_page

bp = Blueprint("pages", __name__)

BAD_LINK_NOTICE = "This link does not hold a puzzle the solver can read"


@bp.get("/")
def index() -> tuple[str, int]:
    """The form: an empty grid (?size=16), or a puzzle to edit (?puzzle=<code>)."""
    refuse_long_code(request.args.get("puzzle", ""))
    return _show_form(read_form(request.args))


@bp.post("/")
def submit() -> Response | tuple[str, int]:
    """Check a submitted puzzle: on to its share link, or back to the form saying what is wrong."""
    form = read_form(CombinedMultiDict([request.files, request.form]))
    if form.grid is None:
        return _show_form(form)
    return redirect(url_for(".result", code=form.grid.code), 303)


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
        query = f"?{urlencode(list(request.args.items(multi=True)))}" if request.args else ""
        return redirect(url_for(".result", code=grid.code) + query, 301)
    result = solve_within_budget(grid)
    count = count_within_budget(result)
    counted_in_full = count is None or not count.cut_short
    if listing and count is not None:
        html = render_template("solutions.html", page=solutions_page(grid, count))
        return cache_by_outcome(make_response(html), result.status if counted_in_full else GAVE_UP)
    links = Links(share=absolute_url(".result", code=code), edit=url_for(".index", puzzle=code))
    path = path_within_budget(grid, result, "RATING_BUDGET_SECONDS")
    offered = learning(grid, path, request.args.get("candidates") == "1") if path else None
    offer = offer_for(SOLVE, grid) if result.status == GAVE_UP else None
    html = render_template(
        "result.html",
        page=result_page(result, links, solution_count_message(count) if count else ""),
        learning=offered,
        offer=offer,
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
