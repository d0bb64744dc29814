"""The solve API: solve a puzzle sent as JSON (POST /api/solve), or the one a share code
names (GET /api/solve/<code>)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, request
from werkzeug.wrappers import Response

from ...sudoku import GAVE_UP, NO_SOLUTION, PuzzleError, SolveResult, find_dead_end
from ...sudoku.alphabet import ALPHABETS, written
from ...sudoku.counting import NODES, TIME
from ...sudoku.dead_end import CELL
from ...sudoku.links import fpuzzles_link, sudokuwiki_link
from ...sudoku.parse import read
from ...wording import conflict_message, dead_end_message
from ..cache import refuse_long_code, solve_within_budget
from ..http_caching import cache_by_outcome
from ..json_input import invalid, json_body
from ..site.links import absolute_url
from .solution_counts import count_within_budget, wants_all

bp = Blueprint("solve_api", __name__, url_prefix="/api")

USAGE = 'send a JSON object with the puzzle as a string, such as {"puzzle": "53..7...."}'


@bp.post("/solve")
def solve_posted() -> tuple[dict[str, Any], int]:
    """Solve {"puzzle": "<any format the parser reads>"}, with "alphabet": "hex" for a
    16x16 written 0-F that has no 0 to tell it apart ("standard" for one that does not),
    and "all": true to list every solution of one with more than one (up to a cap)."""
    body = json_body()
    puzzle, alphabet, listing = body.get("puzzle"), body.get("alphabet"), body.get("all", False)
    if not isinstance(puzzle, str):
        return invalid(USAGE)
    if alphabet is not None and alphabet not in ALPHABETS:
        return invalid(
            f"alphabet: one of {', '.join(ALPHABETS)}, or none to tell it from the puzzle"
        )
    if not isinstance(listing, bool):
        return invalid("all: true to list every solution (up to a cap), or false for the first two")
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


def _answer(
    text: str, alphabet: str | None = None, listing: bool = False
) -> tuple[dict[str, Any], int]:
    """The solve of `text` (in `alphabet`, or the one it is told to be in) as JSON, or why
    it cannot be read (422). Codes are standard; `written` has the grids in the puzzle's
    own alphabet. One with more than one solution has them counted (`solution_count`),
    and with `listing` its `solutions` are every one the count kept, not the first two."""
    try:
        puzzle, alphabet = read(text, alphabet)
    except PuzzleError as error:
        return invalid(error.message, error.cells)
    result = solve_within_budget(puzzle)
    body: dict[str, Any] = {
        "status": result.status,
        "solution": result.solution.code if result.solution else None,
        "solutions": [solution.code for solution in result.solutions],
        "givens": puzzle.grid.code,
        **({} if puzzle.rules.classic else {"rules": puzzle.rules.code}),
        "size": puzzle.size,
        "nodes": result.nodes,
        "engine": result.engine,
        "sat_conflicts": result.sat_conflicts,
        # gave_up because the server stopped it to stay responsive: try again (never cached)
        **({"stopped_by_ceiling": True} if result.stopped_by_ceiling else {}),
        "ms": round(result.ms, 3),
        "share_url": absolute_url("solve.result", code=puzzle.code),
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
        "givens": written(puzzle.grid, alphabet),
        "solution": written(result.solution, alphabet) if result.solution else None,
    }
    body["open_in"] = (  # the puzzle in other solvers, which take 9x9 grids
        {"sudokuwiki": sudokuwiki_link(puzzle.grid), "fpuzzles": fpuzzles_link(puzzle.grid)}
        if puzzle.size == 9 and puzzle.rules.classic
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
