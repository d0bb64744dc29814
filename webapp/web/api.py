"""The JSON API: solve a puzzle sent as JSON, or the one a share code names; explain and
rate the puzzle a share code names; hint at the next step of a player's progress."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, current_app, make_response, request
from werkzeug.wrappers import Response

from ..explanations.hints import STEP, hint_for
from ..explanations.records import path_record, rating_record, step_record
from ..sudoku import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    Grid,
    PuzzleError,
    SolveResult,
    find_dead_end,
    parse,
)
from ..sudoku.alphabet import ALPHABETS, written
from ..sudoku.counting import NODES, TIME
from ..sudoku.dead_end import CELL
from ..sudoku.links import fpuzzles_link, sudokuwiki_link
from ..sudoku.parse import read
from ..sudoku.progress import read_progress
from ..wording import conflict_message, dead_end_message
from .cache import path_within_budget, refuse_long_code, solve_within_budget
from .http_caching import cache_by_outcome
from .links import absolute_url
from .solution_counts import count_within_budget, wants_all
from .solver_seat import solver_seat

bp = Blueprint("api", __name__, url_prefix="/api")

USAGE = 'send a JSON object with the puzzle as a string, such as {"puzzle": "53..7...."}'
# Why a puzzle without exactly one solution gets no hint.
NO_HINTS = {
    MULTIPLE: "the puzzle has more than one solution, so no step can be proved",
    NO_SOLUTION: "the puzzle has no solution",
    GAVE_UP: "the solver ran out of its budget before it could decide the puzzle",
}
HINT_USAGE = (
    'send a JSON object with the puzzle and your progress as strings, such as {"puzzle":'
    ' "53..7....", "progress": "534.7...."} (progress: one symbol per cell, 0 when empty)'
)


@bp.post("/solve")
def solve_posted() -> tuple[dict[str, Any], int]:
    """Solve {"puzzle": "<any format the parser reads>"}, with "alphabet": "hex" for a
    16x16 written 0-F that has no 0 to tell it apart ("standard" for one that does not),
    and "all": true to list every solution of one with more than one (up to a cap)."""
    body = _json_body()
    puzzle, alphabet, listing = body.get("puzzle"), body.get("alphabet"), body.get("all", False)
    if not isinstance(puzzle, str):
        return _invalid(USAGE)
    if alphabet is not None and alphabet not in ALPHABETS:
        return _invalid(
            f"alphabet: one of {', '.join(ALPHABETS)}, or none to tell it from the puzzle"
        )
    if not isinstance(listing, bool):
        return _invalid(
            "all: true to list every solution (up to a cap), or false for the first two"
        )
    return _answer(puzzle, alphabet, listing)


@bp.get("/solve/<code>")
def solve_code(code: str) -> Response | tuple[dict[str, Any], int]:
    """Solve the puzzle of a share code (blanks as 0 or ., symbols in either case); all=1
    lists every solution of one with more than one (up to a cap).

    A decided answer is the same forever, so browsers and CDNs may keep it; not one whose
    solutions a budget stopped counting.
    """
    refuse_long_code(code)
    body, status = _answer(code, listing=wants_all(request.args))
    if status != 200:
        return body, status
    counted = body.get("solution_count", {}).get("stopped") not in (NODES, TIME)
    return cache_by_outcome(make_response(body), body["status"] if counted else GAVE_UP)


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


@bp.post("/hint")
def hint() -> tuple[dict[str, Any], int]:
    """The hint for {"puzzle": ..., "progress": ...}: its kind, three tiers in words, the
    steps behind it (the last one places a value) and the progress after the third tier."""
    body = _json_body()
    puzzle, progress_text = (body.get(key) for key in ("puzzle", "progress"))
    if not isinstance(puzzle, str) or not isinstance(progress_text, str | None):
        return _invalid(HINT_USAGE)
    try:
        grid = parse(puzzle)
    except PuzzleError as error:
        return _invalid(f"puzzle: {error.message}", error.cells)
    refuse_long_code(progress_text or "")
    try:
        progress = read_progress(grid, progress_text or "")
    except PuzzleError as error:
        return _invalid(error.message, error.cells)
    result = solve_within_budget(grid)
    if result.solution is None:
        return _invalid(f"no hints: {NO_HINTS[result.status]}", status=result.status)
    config = current_app.config
    with solver_seat().taken():
        given = hint_for(
            progress,
            result.solution,
            int(config["HINT_BUDGET_WORK"]),
            ceiling_seconds=float(config["EXPLAIN_CEILING_SECONDS"]),
        )
    shape = grid.shape
    return {
        "status": given.kind,
        "step": step_record(shape, given.steps[-1]) if given.kind == STEP else None,
        "steps": [step_record(shape, step) for step in given.steps],
        "tiers": list(given.tiers),
        "cells": [[cell // shape.size + 1, cell % shape.size + 1] for cell in given.cells],
        "progress_after": given.after.code,
        "play_url": absolute_url("play.play", code=grid.code, progress=given.after.code),
    }, 200


def _json_body() -> dict[str, Any]:
    """The request's JSON object, or {} when it is not one."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser follows: not a puzzle either
        body = None
    return body if isinstance(body, dict) else {}


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
    EXPLAIN_BUDGET_WORK, holding the worker's solver seat) and the ms it took."""
    result = solve_within_budget(grid)
    started = time.perf_counter()
    record = path_record(grid, result, path_within_budget(grid, result), words)
    return record, (time.perf_counter() - started) * 1000


def _kept_if_final(body: dict[str, Any]) -> Response:
    """`body` as a response browsers may keep when it cannot change: a decided puzzle whose
    path finished. One cut short by a budget, or undecided, is never stored."""
    final = body["status"] != GAVE_UP and body.get("complete", True)
    return cache_by_outcome(make_response(body), body["status"] if final else GAVE_UP)


def _answer(
    text: str, alphabet: str | None = None, listing: bool = False
) -> tuple[dict[str, Any], int]:
    """The solve of `text` (in `alphabet`, or the one it is told to be in) as JSON, or why
    it cannot be read (422). Codes are standard; `written` has the grids in the puzzle's
    own alphabet. One with more than one solution has them counted (`solution_count`),
    and with `listing` its `solutions` are every one the count kept, not the first two."""
    try:
        grid, alphabet = read(text, alphabet)
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
        "engine": result.engine,
        "sat_conflicts": result.sat_conflicts,
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
    body["alphabet"] = alphabet
    body["written"] = {
        "givens": written(grid, alphabet),
        "solution": written(result.solution, alphabet) if result.solution else None,
    }
    body["open_in"] = (  # the puzzle in other solvers, which take 9x9 grids
        {"sudokuwiki": sudokuwiki_link(grid), "fpuzzles": fpuzzles_link(grid)}
        if grid.size == 9
        else {}
    )
    if result.status == NO_SOLUTION:
        body["dead_end"] = _dead_end(result)
    count = count_within_budget(result)
    if count is not None:
        body["solution_count"] = {
            "count": count.count,
            "exact": count.exact,
            "stopped": count.stopped_by,
        }
        if listing:
            body["solutions"] = [solution.code for solution in count.solutions]
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


def _invalid(
    message: str, cells: Iterable[tuple[int, int]] = (), status: str = "invalid"
) -> tuple[dict[str, Any], int]:
    """The answer to input that cannot be used: what is wrong and which cells (1-based)."""
    return {"status": status, "error": message, "cells": [list(place) for place in cells]}, 422
