"""The Killer combination helper on the play page: each cage's sum and the sets of digits
that make it, split by what the player's values and notes still allow (the engine's
killer_combinations.py decides). Without script the page lists every cage; with script
play_marks.js shows the selected cage's line, worked out again from the board as it is,
from the sets this module hands it (it filters them, it never lists them itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...records.json_types import JsonObject, JsonValue
from ...sudoku.killer_combinations import spelled, sum_ways
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


def board_candidates(state: PlayState) -> list[int]:
    """Each cell's candidates as the helper takes them (bit d for digit d): its value, else
    its notes among what the values allow (a cell without notes: all of that)."""
    puzzle, grid = state.progress.puzzle, state.progress.grid
    allowed = Position.of_values(puzzle, grid.cells).candidates
    return [
        1 << value if value else noted & allowed[cell]
        for cell, (value, noted) in enumerate(zip(grid.cells, state.notes.candidates, strict=True))
    ]


def cage_lines(state: PlayState) -> tuple[CageLine, ...]:
    """Every summed cage of the game's puzzle with the ways the player's values and notes
    (a cell without notes: every candidate the values allow) still leave it."""
    puzzle = state.progress.puzzle
    board = board_candidates(state)
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
