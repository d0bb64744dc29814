"""The explanation API: the easiest-first path of the puzzle a share code names
(GET /api/explain/<code>) and its rating (GET /api/rate/<code>), as the command line prints them."""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, make_response
from werkzeug.wrappers import Response

from ...explanations.records import path_record, rating_record
from ...sudoku import GAVE_UP, Puzzle, PuzzleError, read_code
from ..cache import path_within_budget, refuse_long_code, solve_within_budget
from ..http_caching import cache_by_outcome
from ..json_input import invalid
from ..site.links import absolute_url

bp = Blueprint("explain_api", __name__, url_prefix="/api")


@bp.get("/explain/<code>")
def explain_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """The easiest-first path of the puzzle a share code names, as `sudoku explain --json`
    prints it, with its share link; or why there is none."""
    puzzle = _read_code(code)
    if not isinstance(puzzle, Puzzle):
        return puzzle  # not a puzzle: why, as a 422
    record, ms = _explained(puzzle, words=True)
    share_url = absolute_url("solve.result", code=puzzle.code)
    body = {**record, "ms": round(ms, 3), "share_url": share_url}
    return _kept_if_final(body)


@bp.get("/rate/<code>")
def rate_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """The rating of the puzzle a share code names, as `sudoku rate --json` prints it."""
    puzzle = _read_code(code)
    if not isinstance(puzzle, Puzzle):
        return puzzle  # not a puzzle: why, as a 422
    record, ms = _explained(puzzle, words=False)
    rated = rating_record(record, ms)
    body = {
        "puzzle": rated["puzzle"],
        "status": record["status"],
        **rated,
        "share_url": absolute_url("solve.result", code=puzzle.code),
    }
    if "stopped" in record:
        body["stopped"] = record["stopped"]
    return _kept_if_final(body)


def _read_code(code: str) -> Puzzle | tuple[dict[str, Any], int]:
    """The puzzle of a share code, or the 422 answer saying why it is not one (414 at once
    when it is longer than any share code)."""
    refuse_long_code(code)
    try:
        return read_code(code)
    except PuzzleError as error:
        return invalid(error.message, error.cells)


def _explained(puzzle: Puzzle, words: bool) -> tuple[dict[str, Any], float]:
    """The path record of `puzzle` (its solve within the solve budget, its path within
    EXPLAIN_BUDGET_WORK, holding the worker's solver seat) and the ms it took."""
    result = solve_within_budget(puzzle)
    started = time.perf_counter()
    record = path_record(puzzle, result, path_within_budget(puzzle, result), words)
    return record, (time.perf_counter() - started) * 1000


def _kept_if_final(body: dict[str, Any]) -> Response:
    """`body` as a response browsers may keep when it cannot change: a decided puzzle whose
    path finished. One cut short by a budget, or undecided, is never stored."""
    final = body["status"] != GAVE_UP and body.get("complete", True)
    return cache_by_outcome(make_response(body), body["status"] if final else GAVE_UP)
