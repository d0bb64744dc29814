"""The JSON API: solve a puzzle sent as JSON, or the one a share code names."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, make_response, request
from werkzeug.wrappers import Response

from ..sudoku import PuzzleError, parse
from ..wording import conflict_message
from .cache import refuse_long_code, solve_within_budget
from .http_caching import cache_by_outcome
from .links import absolute_url

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


def _answer(text: str) -> tuple[dict[str, Any], int]:
    """The solve of `text` as JSON, or why it cannot be read (422)."""
    try:
        grid = parse(text)
    except PuzzleError as error:
        return _invalid(error.message, error.cells)
    result = solve_within_budget(grid)
    return {
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
    }, 200


def _invalid(message: str, cells: Iterable[tuple[int, int]] = ()) -> tuple[dict[str, Any], int]:
    """The answer to input that is not a puzzle: what is wrong and which cells (1-based)."""
    return {"status": "invalid", "error": message, "cells": [list(place) for place in cells]}, 422
