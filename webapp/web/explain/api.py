"""The explanation API: the easiest-first path of the puzzle a share code names
(GET /api/explain/<code>) and its rating (GET /api/rate/<code>), as the command line prints them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import Blueprint, make_response
from werkzeug.wrappers import Response

from ...records.json_types import JsonObject
from ...records.path import PathRecord, RatingRecord
from ...sudoku import GAVE_UP, Puzzle, PuzzleError, SolveResult, read_code
from ...sudoku.logic import Path, PathStatus
from ..cache import path_within_budget, refuse_long_code, solve_within_budget
from ..http_caching import cache_by_outcome
from ..json_input import invalid
from ..links import absolute_url

bp = Blueprint("explain_api", __name__, url_prefix="/api")


@bp.get("/explain/<code>")
def explain_code(code: str) -> Response | tuple[JsonObject, int]:
    """The easiest-first path of the puzzle a share code names, as `sudoku explain --json`
    prints it, with its share link; or why there is none."""
    puzzle = _read_code(code)
    if not isinstance(puzzle, Puzzle):
        return puzzle  # not a puzzle: why, as a 422
    explained = _explained(puzzle, words=True)
    share_url = absolute_url("solve.result", code=puzzle.code)
    body: JsonObject = {
        **explained.written,
        "ms": round(explained.ms, 3),
        "share_url": share_url,
    }
    return _kept_if_final(body, explained)


@bp.get("/rate/<code>")
def rate_code(code: str) -> Response | tuple[JsonObject, int]:
    """The rating of the puzzle a share code names, as `sudoku rate --json` prints it."""
    puzzle = _read_code(code)
    if not isinstance(puzzle, Puzzle):
        return puzzle  # not a puzzle: why, as a 422
    explained = _explained(puzzle, words=False)
    record = explained.record
    rated = RatingRecord(record, explained.ms).to_json()
    body: JsonObject = {
        "puzzle": rated["puzzle"],
        "status": record.status,
        **rated,
        "share_url": absolute_url("solve.result", code=puzzle.code),
    }
    if record.stopped is not None:
        body["stopped"] = record.stopped
    return _kept_if_final(body, explained)


def _read_code(code: str) -> Puzzle | tuple[JsonObject, int]:
    """The puzzle of a share code, or the 422 answer saying why it is not one (414 at once
    when it is longer than any share code)."""
    refuse_long_code(code)
    try:
        return read_code(code)
    except PuzzleError as error:
        return invalid(error.message, error.cells)


@dataclass(frozen=True)
class Explained:
    """A puzzle's path record and its JSON, the ms they took, and the solve and path it was
    made from."""

    record: PathRecord
    written: JsonObject
    ms: float
    result: SolveResult
    path: Path | None


def _explained(puzzle: Puzzle, words: bool) -> Explained:
    """The path record of `puzzle` (its solve within the solve budget, its path within
    EXPLAIN_BUDGET_WORK, holding the worker's solver seat) and the ms it took."""
    result = solve_within_budget(puzzle)
    started = time.perf_counter()
    path = path_within_budget(puzzle, result)
    record = PathRecord(puzzle, result, path, words)
    written = record.to_json()  # its sentences are part of the work the ms count
    return Explained(record, written, (time.perf_counter() - started) * 1000, result, path)


def _kept_if_final(body: JsonObject, explained: Explained) -> Response:
    """`body` as a response browsers may keep when it cannot change: a decided puzzle whose
    path (if it has one) finished. One cut short by a budget, or undecided, is never stored."""
    status, path = explained.result.status, explained.path
    final = path is None or path.status == PathStatus.SOLVED
    return cache_by_outcome(make_response(body), status if final else GAVE_UP)
