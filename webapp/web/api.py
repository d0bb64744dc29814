"""The JSON API: solve a puzzle sent as JSON, or the one a share code names; explain and
rate the puzzle a share code names."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, current_app, make_response, request
from werkzeug.wrappers import Response

from ..explanations.records import path_record, rating_record
from ..sudoku import GAVE_UP, NO_SOLUTION, Grid, PuzzleError, SolveResult, find_dead_end, parse
from ..sudoku.dead_end import CELL
from ..wording import conflict_message, dead_end_message
from .cache import refuse_long_code, solve_within_budget
from .http_caching import cache_by_outcome
from .links import absolute_url
from .solver_seat import solver_seat

bp = Blueprint("api", __name__, url_prefix="/api")

USAGE = 'send a JSON object with the puzzle as a string, such as {"puzzle": "53..7...."}'


@bp.post("/solve")
def solve_posted() -> tuple[dict[str, Any], int]:
    """Solve {"puzzle": "<any format the parser reads>"}."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser follows: not a puzzle either
        body = None
    puzzle = body.get("puzzle") if isinstance(body, dict) else None
    if not isinstance(puzzle, str):
        return _invalid(USAGE)
    return _answer(puzzle)


@bp.get("/solve/<code>")
def solve_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """Solve the puzzle of a share code (blanks as 0 or ., symbols in either case).

    A decided answer is the same forever, so browsers and CDNs may keep it.
    """
    refuse_long_code(code)
    body, status = _answer(code)
    if status != 200:
        return body, status
    return cache_by_outcome(make_response(body), body["status"])


@bp.get("/explain/<code>")
def explain_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """The easiest-first path of the puzzle a share code names, as `sudoku explain --json`
    prints it, with its share link; or why there is none."""
    grid = _read_code(code)
    if not isinstance(grid, Grid):
        return grid  # not a puzzle: why, as a 422
    record, ms = _explained(grid, words=True)
    body = {**record, "ms": round(ms, 3), "share_url": absolute_url("pages.result", code=grid.code)}
    return _kept_if_final(body)


@bp.get("/rate/<code>")
def rate_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """The rating of the puzzle a share code names, as `sudoku rate --json` prints it."""
    grid = _read_code(code)
    if not isinstance(grid, Grid):
        return grid  # not a puzzle: why, as a 422
    record, ms = _explained(grid, words=False)
    rated = rating_record(record, ms)
    body = {
        "puzzle": rated["puzzle"],
        "status": record["status"],
        **rated,
        "share_url": absolute_url("pages.result", code=grid.code),
    }
    if "stopped" in record:
        body["stopped"] = record["stopped"]
    return _kept_if_final(body)


def _read_code(code: str) -> Grid | tuple[dict[str, Any], int]:
    """The grid of a share code, or the 422 answer saying why it is not one (414 at once
    when it is longer than any share code)."""
    refuse_long_code(code)
    try:
        return parse(code)
    except PuzzleError as error:
        return _invalid(error.message, error.cells)


def _explained(grid: Grid, words: bool) -> tuple[dict[str, Any], float]:
    """The path record of `grid` (its solve within the solve budget, its path within
    EXPLAIN_BUDGET_SECONDS, holding the worker's solver seat) and the ms it took."""
    result = solve_within_budget(grid)
    seconds = float(current_app.config["EXPLAIN_BUDGET_SECONDS"])
    started = time.perf_counter()
    with solver_seat().taken():
        record = path_record(grid, result, seconds, words)
    return record, (time.perf_counter() - started) * 1000


def _kept_if_final(body: dict[str, Any]) -> Response:
    """`body` as a response browsers may keep when it cannot change: a decided puzzle whose
    path finished. One cut short by a budget, or undecided, is never stored."""
    final = body["status"] != GAVE_UP and body.get("complete", True)
    return cache_by_outcome(make_response(body), body["status"] if final else GAVE_UP)


def _answer(text: str) -> tuple[dict[str, Any], int]:
    """The solve of `text` as JSON, or why it cannot be read (422)."""
    try:
        grid = parse(text)
    except PuzzleError as error:
        return _invalid(error.message, error.cells)
    result = solve_within_budget(grid)
    body: dict[str, Any] = {
        "status": result.status,
        "solution": result.solution.code if result.solution else None,
        "solutions": [solution.code for solution in result.solutions],
        "givens": grid.code,
        "size": grid.size,
        "nodes": result.nodes,
        "ms": round(result.ms, 3),
        "share_url": absolute_url("pages.result", code=grid.code),
        "conflicts": [
            {
                "unit": conflict.unit,
                "index": conflict.index,
                "symbol": conflict.symbol,
                "cells": [list(place) for place in conflict.cells],
                "message": conflict_message(conflict),
            }
            for conflict in result.conflicts
        ],
    }
    if result.status == NO_SOLUTION:
        body["dead_end"] = _dead_end(result)
    return body, 200


def _dead_end(result: SolveResult) -> dict[str, Any] | None:
    """Where singles from the givens of a puzzle without a solution run out of options;
    None when its givens clash or the singles stop first."""
    dead_end = None if result.conflicts else find_dead_end(result.puzzle)
    if dead_end is None:
        return None
    if dead_end.kind == CELL:
        where: dict[str, Any] = {"cell": list(dead_end.place)}
    else:
        where = {"unit": dead_end.unit, "index": dead_end.index, "symbol": dead_end.symbol}
    return {
        "kind": dead_end.kind,
        **where,
        "forced": dead_end.forced,
        "message": dead_end_message(dead_end),
    }


def _invalid(message: str, cells: Iterable[tuple[int, int]] = ()) -> tuple[dict[str, Any], int]:
    """The answer to input that is not a puzzle: what is wrong and which cells (1-based)."""
    return {"status": "invalid", "error": message, "cells": [list(place) for place in cells]}, 422
