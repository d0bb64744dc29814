"""A solve as a record: the fields `sudoku solve --json` and the solve API share, made once.

The caller reads the puzzle, has the exact solver decide it and, when it has more than
one solution, counts them (each within its own budget); a `SolveRecord` holds that
`SolveResult` and `SolutionCount` with how its grids are written, and `to_json()` lays
them out. The command line and the API each show it, adding only what is their own (the
line read, a share link, the grids in another alphabet) and arranging the fields in their
documented order (`in_order`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..sudoku import Grid, SolutionCount, SolveResult
from ..sudoku.alphabet import written
from ..sudoku.batch_solve import RowStatus
from ..sudoku.result import SolveStatus
from ..wording import conflict_message
from .json_types import JsonObject

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

# What `solve --json` prints of a puzzle: the line read, then the solve's record.
TEXT_FIELDS = ("puzzle", "alphabet", *FIELDS, "error")


@dataclass(frozen=True)
class SolveRecord:
    """The record of `result` and, for a puzzle with more than one solution, its `count`.

    Grids are share codes, or written in `alphabet` when one is given. `solutions` are
    the solve's (the first `limit` of them), or with `listing` and a count every solution
    the count kept.
    """

    result: SolveResult
    count: SolutionCount | None = None
    alphabet: str | None = None
    listing: bool = False
    limit: int | None = None

    @property
    def status(self) -> SolveStatus:
        """The exact solver's status."""
        return self.result.status

    @property
    def solution(self) -> str | None:
        """The one solution as written, or None."""
        return self._shown(self.result.solution) if self.result.solution else None

    @property
    def solutions(self) -> list[str]:
        """The solutions shown, as written."""
        if self.listing and self.count is not None:
            grids = self.count.solutions
        else:
            grids = self.result.solutions[: self.limit]
        return [self._shown(grid) for grid in grids]

    @property
    def conflict_messages(self) -> list[str]:
        """The clashing givens, each in words."""
        return [conflict_message(conflict) for conflict in self.result.conflicts]

    def to_json(self) -> JsonObject:
        """The record as JSON, in FIELDS order: `conflicts` are the clashing givens, each
        with its message; `solution_count` is there only with a count."""
        result = self.result
        record: JsonObject = {
            "status": result.status,
            "solution": self.solution,
            "solutions": self.solutions,
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
        if self.count is not None:
            record["solution_count"] = {
                "count": self.count.count,
                "exact": self.count.exact,
                "stopped": self.count.stopped_by,
            }
        return record

    def _shown(self, grid: Grid) -> str:
        return grid.code if self.alphabet is None else written(grid, self.alphabet)


@dataclass(frozen=True)
class SolvedText:
    """One puzzle text's solve as `sudoku solve` shows it: the puzzle as written (the text
    itself when it is no puzzle), its alphabet, and its solve's record or why there is none."""

    puzzle: str
    alphabet: str | None
    solved: SolveRecord | None
    error: str | None = None

    @property
    def status(self) -> str:
        """The solve's status, or invalid."""
        return self.solved.status if self.solved is not None else RowStatus.INVALID

    @property
    def solution(self) -> str | None:
        """The one solution as written, or None."""
        return self.solved.solution if self.solved is not None else None

    @property
    def solutions(self) -> list[str]:
        """The solutions shown, as written."""
        return self.solved.solutions if self.solved is not None else []

    @property
    def count(self) -> SolutionCount | None:
        """The count of a puzzle with more than one solution."""
        return self.solved.count if self.solved is not None else None

    def to_json(self) -> JsonObject:
        """The record `solve --json` prints, in TEXT_FIELDS order: the clashing givens only
        in words, and only when there are some."""
        if self.solved is None:
            return {
                "puzzle": self.puzzle,
                "alphabet": self.alphabet,
                "status": RowStatus.INVALID,
                "solution": None,
                "solutions": [],
                "nodes": 0,
                "engine": None,
                "sat_conflicts": 0,
                "ms": 0.0,
                "error": self.error,
            }
        record = self.solved.to_json()
        del record["conflicts"]
        fields: JsonObject = {"puzzle": self.puzzle, "alphabet": self.alphabet, **record}
        if conflicts := self.solved.conflict_messages:
            fields["conflicts"] = conflicts
        return in_order(fields, TEXT_FIELDS)


def in_order(fields: JsonObject, order: tuple[str, ...]) -> JsonObject:
    """`fields` arranged in `order`, skipping those of `order` it lacks: how an output lays
    out the record and its own fields. ValueError for a field `order` does not place, so
    a field added to the record cannot go missing from an output unnoticed."""
    unplaced = fields.keys() - set(order)
    if unplaced:
        raise ValueError(f"fields with no place in the order: {', '.join(sorted(unplaced))}")
    return {key: fields[key] for key in order if key in fields}
