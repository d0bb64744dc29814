"""The Killer combination helper on the play page: each cage's sum and the sets of digits
that make it, split by what the player's values and notes still allow (the engine's
killer_combinations.py decides). Without script the page lists every cage; with script
play_marks.js shows the selected cage's line, worked out again from the board as it is,
from the sets this module hands it (it filters them, it never lists them itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...records.json_types import JsonObject, JsonValue
from ...sudoku.killer_combinations import cage_ways, spelled
from ...sudoku.logic import Position
from .state import PlayState


@dataclass(frozen=True)
class CageLine:
    """One cage as the helper says it: its `name`, "17 in 3", and the sets still
    `possible` and those `ruled_out` ("1-7-9, 2-6-9")."""

    name: str
    sum_in: str
    possible: str
    ruled_out: str


def cage_lines(state: PlayState) -> tuple[CageLine, ...]:
    """Every summed cage of the game's puzzle with the ways the player's values and notes
    (a cell without notes: every candidate the values allow) still leave it."""
    puzzle, grid = state.progress.puzzle, state.progress.grid
    allowed = Position.of_values(puzzle, grid.cells).candidates
    lines = []
    for cage in puzzle.rules.cages:
        if cage.total is None:
            continue
        candidates = [
            1 << grid.cells[c] if grid.cells[c] else state.notes.candidates[c] & allowed[c]
            for c in cage.cells
        ]
        ways = cage_ways(cage, puzzle.size, candidates)
        lines.append(
            CageLine(
                cage.name(puzzle.size),
                f"{cage.total} in {len(cage.cells)}",
                ", ".join(map(spelled, ways.possible)) or "none",
                ", ".join(map(spelled, ways.ruled_out)),
            )
        )
    return tuple(lines)


def cage_island(state: PlayState) -> JsonObject:
    """What play_marks.js needs to show a cage's ways: each summed cage's cells, name and
    every set of digits making its sum (before any candidate rules one out)."""
    puzzle = state.progress.puzzle
    size = puzzle.size
    open_cells = [((1 << size) - 1) << 1] * size  # every digit in every cell
    cages: list[JsonValue] = []
    for cage in puzzle.rules.cages:
        if cage.total is None:
            continue
        ways = cage_ways(cage, size, open_cells[: len(cage.cells)])
        cages.append(
            {
                "cells": list(cage.cells),
                "name": cage.name(size),
                "sumIn": f"{cage.total} in {len(cage.cells)}",
                "sets": [list(digits) for digits in ways.possible],
            }
        )
    return {"cages": cages}
