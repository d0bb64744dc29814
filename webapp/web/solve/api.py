"""The solve API: solve a puzzle sent as JSON (POST /api/solve), or the one a share code
names (GET /api/solve/<code>)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, make_response, request
from werkzeug.wrappers import Response

from ...records.json_types import JsonObject
from ...records.solve import SolveRecord, in_order
from ...sudoku import (
    GAVE_UP,
    NO_SOLUTION,
    PuzzleError,
    SolutionCount,
    SolveResult,
    find_dead_end,
)
from ...sudoku.alphabet import ALPHABETS, written
from ...sudoku.dead_end import CELL
from ...sudoku.links import open_in
from ...sudoku.parse import read
from ...wording import dead_end_message
from ..cache import refuse_long_code, solve_within_budget
from ..http_caching import cache_by_outcome
from ..json_input import invalid, json_body, with_variant
from ..links import absolute_url
from ..solution_counts import count_within_budget, wants_all

bp = Blueprint("solve_api", __name__, url_prefix="/api")

# The fields of an answer, in order (as docs/api.md lists them): the solve's record, and the
# API's own; rules only when not classic, dead_end only without a solution, solution_count
# only with more than one.
ANSWER_FIELDS = (
    "status",
    "solution",
    "solutions",
    "givens",
    "rules",
    "size",
    "nodes",
    "engine",
    "sat_conflicts",
    "stopped_by_ceiling",
    "ms",
    "share_url",
    "conflicts",
    "alphabet",
    "written",
    "open_in",
    "dead_end",
    "solution_count",
)

USAGE = 'send a JSON object with the puzzle as a string, such as {"puzzle": "53..7...."}'


@bp.post("/solve")
def solve_posted() -> tuple[JsonObject, int]:
    """Solve {"puzzle": "<any format the parser reads>"}, with "alphabet": "hex" for a
    16x16 written 0-F that has no 0 to tell it apart ("standard" for one that does not),
    "all": true to list every solution of one with more than one (up to a cap), and
    "variant" (and a jigsaw's "regions") for rules its text does not name (variants.py)."""
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
    answered = _solved(puzzle, alphabet, listing, body)
    return (answered.body, 200) if isinstance(answered, Solved) else answered


@bp.get("/solve/<code>")
def solve_code(code: str) -> Response | tuple[JsonObject, int]:
    """Solve the puzzle of a share code (blanks as 0 or ., symbols in either case); all=1
    lists every solution of one with more than one (up to a cap).

    A decided answer is the same forever, so browsers and CDNs may keep it; not one whose
    solutions a budget stopped counting.
    """
    refuse_long_code(code)
    answered = _solved(code, listing=wants_all(request.args))
    if not isinstance(answered, Solved):
        return answered  # not a puzzle: why, as a 422
    final = answered.count is None or not answered.count.cut_short
    status = answered.result.status if final else GAVE_UP
    return cache_by_outcome(make_response(answered.body), status)


@dataclass(frozen=True)
class Solved:
    """A puzzle's solve as the API answers it, and the values the answer was made from."""

    result: SolveResult
    count: SolutionCount | None
    body: JsonObject


def _solved(
    text: str,
    alphabet: str | None = None,
    listing: bool = False,
    body: dict[str, Any] | None = None,
) -> Solved | tuple[JsonObject, int]:
    """The solve of `text` (in `alphabet`, or the one it is told to be in), or why it cannot
    be read (422). The body is the solve's record (SolveRecord), its grids as share codes,
    with the puzzle, its share link, its grids in the puzzle's own alphabet (`written`),
    other solvers' links and, without a solution, where singles run out of options. One
    with more than one solution has them counted (`solution_count`), and with `listing` its
    `solutions` are every one the count kept, not the first two. The posted `body` may name
    the puzzle's variant (json_input.with_variant)."""
    try:
        puzzle, alphabet = read(text, alphabet)
        puzzle = with_variant(puzzle, body or {})
    except PuzzleError as error:
        return invalid(error.message, error.cells)
    result = solve_within_budget(puzzle)
    count = count_within_budget(result)
    fields: JsonObject = {
        **SolveRecord(result, count, listing=listing).to_json(),
        "givens": puzzle.grid.code,
        **({} if puzzle.rules.classic else {"rules": puzzle.rules.code}),
        "size": puzzle.size,
        "share_url": absolute_url("solve.result", code=puzzle.code),
        "alphabet": alphabet,
        "written": {
            "givens": written(puzzle.grid, alphabet),
            "solution": written(result.solution, alphabet) if result.solution else None,
        },
        "open_in": {link.key: link.url for link in open_in(puzzle)},  # 9x9 only
    }
    if result.status == NO_SOLUTION:
        fields["dead_end"] = _dead_end(result)
    return Solved(result, count, in_order(fields, ANSWER_FIELDS))


def _dead_end(result: SolveResult) -> JsonObject | None:
    """Where singles from the givens of a puzzle without a solution run out of options;
    None when its givens clash or the singles stop first."""
    dead_end = None if result.conflicts else find_dead_end(result.puzzle)
    if dead_end is None:
        return None
    if dead_end.kind == CELL:
        where: JsonObject = {"cell": list(dead_end.place)}
    else:
        where = {"unit": dead_end.unit, "index": dead_end.index, "symbol": dead_end.symbol}
    return {
        "kind": dead_end.kind,
        **where,
        "forced": dead_end.forced,
        "message": dead_end_message(dead_end),
    }
