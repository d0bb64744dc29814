"""A solve as data: the fields `sudoku solve --json` and the solve API share, built once.

The caller reads the puzzle, has the exact solver decide it and, when it has more than
one solution, counts them (each within its own budget); this module turns that
`SolveResult` and `SolutionCount` into one JSON-ready record. The command line and the
API each show it, adding only what is their own (the line read, a share link, the
grids in another alphabet) and arranging the fields in their documented order.
"""

from __future__ import annotations

from typing import Any

from ..sudoku import Grid, SolutionCount, SolveResult
from ..sudoku.alphabet import written
from ..wording import conflict_message

# The record's fields, in its order; solution_count only when there is a count.
FIELDS = (
    "status",
    "solution",
    "solutions",
    "nodes",
    "engine",
    "sat_conflicts",
    "stopped_by_ceiling",
    "ms",
    "conflicts",
    "solution_count",
)


def result_record(
    result: SolveResult,
    count: SolutionCount | None = None,
    alphabet: str | None = None,
    listing: bool = False,
    limit: int | None = None,
) -> dict[str, Any]:
    """The record of `result` and, for a puzzle with more than one solution, its `count`.

    Grids are share codes, or written in `alphabet` when one is given. `solutions` are
    the solve's (the first `limit` of them), or with `listing` and a count every solution
    the count kept. `conflicts` are the clashing givens, each with its message;
    `solution_count` is there only with a count.
    """

    def shown(grid: Grid) -> str:
        return grid.code if alphabet is None else written(grid, alphabet)

    solutions = count.solutions if listing and count is not None else result.solutions[:limit]
    record: dict[str, Any] = {
        "status": result.status,
        "solution": shown(result.solution) if result.solution else None,
        "solutions": [shown(solution) for solution in solutions],
        "nodes": result.nodes,
        "engine": result.engine,
        "sat_conflicts": result.sat_conflicts,
        # gave_up because the time ceiling stopped it, not the work budget: try again
        **({"stopped_by_ceiling": True} if result.stopped_by_ceiling else {}),
        "ms": round(result.ms, 3),
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
    if count is not None:
        record["solution_count"] = {
            "count": count.count,
            "exact": count.exact,
            "stopped": count.stopped_by,
        }
    return record


def in_order(fields: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    """`fields` arranged in `order`, skipping those of `order` it lacks: how an output lays
    out the record and its own fields. ValueError for a field `order` does not place, so
    a field added to the record cannot go missing from an output unnoticed."""
    unplaced = fields.keys() - set(order)
    if unplaced:
        raise ValueError(f"fields with no place in the order: {', '.join(sorted(unplaced))}")
    return {key: fields[key] for key in order if key in fields}
