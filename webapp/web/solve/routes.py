"""The result a share link shows: /solve/<code>, with ?all=1 every solution; and its "Keep
working" button (POST /solve/<code>/work), which hands the solve to a job."""

from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...jobs.job import SOLVE
from ...sudoku import GAVE_UP, PuzzleError, read_code
from ...wording import link_code_problem
from ..cache import refuse_long_code
from ..http_caching import never_stored
from ..job_starting import keep_working
from ..links import query_kept
from ..marks import linked_marks
from ..page_facts import ShareFacts, facts_of
from ..puzzle_form.page import show_form
from ..puzzle_form.reading import read_form
from ..shown_alphabet import as_shown, shown_alphabet
from ..solution_counts import wants_all
from .page_cache import keep_final, keep_pending, kept_page
from .solutions_view import solutions_page
from .view import ShareAsked, share_page

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
    alphabet = shown_alphabet(puzzle.shape)
    marked = linked_marks(puzzle, ".result")
    if isinstance(marked, Response):
        return marked
    facts = facts_of(puzzle)
    if listing and facts.count is not None:
        shown = as_shown(puzzle, alphabet)
        html = render_template("solutions.html", page=solutions_page(shown, facts.count))
        return _answer(html, facts, facts.counted_in_full)
    asked = ShareAsked(
        alphabet,
        marked,
        check=request.args.get("check") == "1",  # a learner's check: the answer stays hidden
        candidates=request.args.get("candidates") == "1",
    )
    page = share_page(facts, asked)
    html = render_template(
        "result.html",
        page=page.result,
        learning=page.learning,
        offer=page.offer,
        marked=page.marked,
        solutions=page.solutions,
    )
    return _answer(html, facts, page.complete)


def _answer(html: str, facts: ShareFacts, complete: bool) -> Response:
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
