"""The Killer combination helper of every board played with Play's tools (the play page and
a Race player's own board): each cage's sum and the sets of digits that make it, split by
what the player's values and notes still allow (the engine's killer_combinations.py
decides). Without script the page lists every cage; with script play_marks.js shows the
selected cage's line, worked out again from the board as it is, from the sets this module
hands it (it filters them, it never lists them itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..records.json_types import JsonObject, JsonValue
from ..sudoku import Puzzle
from ..sudoku.killer_combinations import spelled, sum_ways
from ..sudoku.logic import Position


@dataclass(frozen=True)
class CageLine:
    """One cage as the helper says it: its `name`, "17 in 3", and the sets still
    `possible` and those `ruled_out` ("1-7-9, 2-6-9")."""

    name: str
    sum_in: str
    possible: str
    ruled_out: str


def board_candidates(
    puzzle: Puzzle, values: Sequence[int], notes: Sequence[int] | None = None
) -> list[int]:
    """Each cell's candidates as the helper takes them (bit d for digit d): its value, else
    its `notes` among what the values allow (a cell without notes, or no notes given: all
    of that)."""
    allowed = Position.of_values(puzzle, tuple(values)).candidates
    noted = notes if notes is not None else allowed
    return [
        1 << value if value else noted[cell] & allowed[cell] for cell, value in enumerate(values)
    ]


def cage_lines(puzzle: Puzzle, board: Sequence[int]) -> tuple[CageLine, ...]:
    """Every summed cage of `puzzle` with the ways the cells' candidates `board` (as
    board_candidates gives them) still leave it."""
    lines = []
    for cage in puzzle.rules.cages:
        if cage.total is None:
            continue
        candidates = [board[cell] for cell in cage.cells]
        ways = sum_ways(puzzle.size, cage.total, candidates)
        lines.append(
            CageLine(
                cage.name(puzzle.size),
                f"{cage.total} in {len(cage.cells)}",
                ", ".join(map(spelled, ways.possible)) or "none",
                ", ".join(map(spelled, ways.ruled_out)),
            )
        )
    return tuple(lines)


def cage_island(puzzle: Puzzle) -> JsonObject:
    """What play_marks.js needs to show a cage's ways: each summed cage's cells, name and
    every set of digits making its sum (before any candidate rules one out)."""
    size = puzzle.size
    open_cells = [((1 << size) - 1) << 1] * size  # every digit in every cell
    cages: list[JsonValue] = []
    for cage in puzzle.rules.cages:
        if cage.total is None:
            continue
        ways = sum_ways(size, cage.total, open_cells[: len(cage.cells)])
        cages.append(
            {
                "cells": list(cage.cells),
                "name": cage.name(size),
                "sumIn": f"{cage.total} in {len(cage.cells)}",
                "sets": [list(digits) for digits in ways.possible],
            }
        )
    return {"cages": cages}
