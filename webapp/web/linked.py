"""The puzzle a page's link names: read from its share code, moved to the canonical
spelling, or a page saying plainly that the link holds no puzzle."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..sudoku import Puzzle, PuzzleError, read_code
from ..sudoku.whole_numbers import read_whole_number
from .cache import refuse_long_code
from .links import query_kept


def linked_puzzle(code: str, endpoint: str) -> Puzzle | Response:
    """The puzzle `code` names, rules included, or the response to send instead: a 301 to
    the canonical code (the query kept), or a 422 page saying why the code is not a puzzle."""
    refuse_long_code(code)
    try:
        puzzle = read_code(code)
    except PuzzleError as error:
        advice = f"This link does not hold a puzzle the solver can read: {error.message}."
        return unusable("Not a puzzle", advice)
    if puzzle.code != code:
        return redirect(query_kept(url_for(endpoint, code=puzzle.code)), 301)
    return puzzle


def unusable(title: str, advice: str, retry: str = "", retry_label: str = "") -> Response:
    """A 422 page: what cannot be used and why, and where to go instead (`retry`, if any)."""
    html = render_template(
        "error.html", code=422, title=title, advice=advice, retry=retry, retry_label=retry_label
    )
    return Response(html, 422, mimetype="text/html")


def whole_number(name: str, lowest: int, highest: int, default: int) -> int:
    """The query argument `name` as a number from `lowest` to `highest` (`default` when
    absent): 400 when it is not a whole number, 404 when it is out of that range."""
    text = request.args.get(name)
    if text is None or text == "":
        return default
    number = read_whole_number(text, 6)
    if number is None:
        abort(400, description=f"{name} must be a whole number from {lowest} to {highest}.")
    if not lowest <= number <= highest:
        abort(404, description=f"There is no {name} {number}: they go from {lowest} to {highest}.")
    return number
