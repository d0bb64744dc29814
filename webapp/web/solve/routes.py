"""The result a share link shows: /solve/<code>, with ?all=1 every solution; and its "Keep
working" button (POST /solve/<code>/work), which hands the solve to a job."""

from __future__ import annotations

from flask import Blueprint, g, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...jobs.job import EXPLAIN, SOLVE
from ...sudoku import GAVE_UP, PuzzleError, read_code
from ...sudoku.logic import SOLVED, STOPPED
from ...wording import link_code_problem, solution_count_message
from ..cache import refuse_long_code
from ..http_caching import never_stored
from ..job_starting import keep_working
from ..job_view import offer_for
from ..links import absolute_url, query_kept
from ..marks import linked_marks, marked_view
from ..page_facts import PageFacts, facts_of
from ..puzzle_form.page import show_form
from ..puzzle_form.reading import read_form
from ..rating_view import learning
from ..shown_alphabet import as_shown, as_shown_result, link_values
from ..solution_counts import wants_all
from .page_cache import keep_final, keep_pending, kept_page
from .solutions_view import solutions_link, solutions_page
from .view import Links, result_page

bp = Blueprint("solve", __name__)

BAD_LINK_NOTICE = "This link does not hold a puzzle the solver can read"


@bp.get("/solve/<code>")
def result(code: str) -> Response | tuple[str, int]:
    """The solve of the puzzle a share link holds; other spellings move to the canonical one
    (the query kept). With all=1, every solution of one with more than one, up to a cap.

    A page is rendered once per address (page_cache.py: a final one for good, a pending one
    for a moment), from facts worked out once per puzzle (page_facts.py)."""
    refuse_long_code(code)
    kept = kept_page()
    if kept is not None:
        return kept
    listing = wants_all(request.args)
    try:
        puzzle = read_code(code)
    except PuzzleError as error:
        # The code is the link's, not something typed: an empty form, and why the link failed.
        return show_form(read_form(MultiDict()), BAD_LINK_NOTICE, (link_code_problem(error),))
    if puzzle.code != code:
        return redirect(query_kept(url_for(".result", code=puzzle.code)), 301)
    shown = as_shown(puzzle)
    marked = linked_marks(puzzle, ".result")
    if isinstance(marked, Response):
        return marked
    facts = facts_of(puzzle)
    result, count = facts.result, facts.count
    if listing and count is not None:
        html = render_template("solutions.html", page=solutions_page(shown, count))
        return _answer(html, facts, facts.counted_in_full)
    check = request.args.get("check") == "1"  # a learner's check: the answer stays hidden
    marks, checked = request.args.get("marks") or None, 1 if check else None
    links = Links(
        share=absolute_url(".result", code=code, marks=marks, check=checked),
        edit=url_for("site.index", puzzle=code, **link_values(g.alphabet)),
        elsewhere=facts.elsewhere,
    )
    # a pasted position is rated by its explanation, from the marks: not from its cells here
    path = facts.path if marked is None else None
    candidates = request.args.get("candidates") == "1"
    offered = learning(shown, path, candidates, check) if path else None
    offer = offer_for(SOLVE, puzzle) if result.status == GAVE_UP else None
    if path is not None and path.status == STOPPED and not path.steps:
        offer = offer_for(EXPLAIN, puzzle)  # not rated within a page's work: a job may go on
    how_many = solution_count_message(count) if count else ""
    html = render_template(
        "result.html",
        page=result_page(as_shown_result(result), links, how_many, facts.dead_end, check),
        learning=offered,
        offer=offer,
        marked=marked_view(shown, marked, result) if marked is not None else None,
        solutions=solutions_link(code, count) if count else None,
    )
    rated = path is None or path.status == SOLVED
    return _answer(html, facts, facts.counted_in_full and rated)


def _answer(html: str, facts: PageFacts, complete: bool) -> Response:
    """The page `html` of `facts`: kept and long-lived when the result is decided and the
    page `complete` (counted in full, rated to the end); kept for a moment when a job may
    take it further; never stored when a wall-time ceiling stopped any of it."""
    response = make_response(html)
    if facts.of_the_moment:
        return never_stored(response)
    if facts.result.status == GAVE_UP or not complete:
        return keep_pending(response, facts.result)
    return keep_final(response, facts.result)


@bp.post("/solve/<code>/work")
def keep_solving(code: str) -> Response:
    """Keep solving the puzzle of a share link, for up to JOB_SECONDS, in a job."""
    return keep_working(SOLVE, code, ".keep_solving")
