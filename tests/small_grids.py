"""Every solved 4x4 grid, and what the search and the SAT solver each find of a puzzle on
one: the yardstick a rule's tests hold the solver to (a puzzle under the rule has exactly
the grids that keep it: tests/test_arrows.py, test_between.py, test_region_sums.py,
test_little_killers.py)."""

from __future__ import annotations

import functools

from webapp.sudoku import SHAPES, Grid, solve
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.sat import sat_solve
from webapp.sudoku.solver import initial_state


@functools.cache
def every_four_by_four() -> tuple[Grid, ...]:
    """Every solved 4x4 grid (288), as the search counts them (worked out once a process)."""
    return solve(Puzzle(Grid(SHAPES[4], (0,) * 16)), max_solutions=300).solutions


def found_by_search(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """The grids the search finds of a 4x4 `puzzle`, as digits (up to 300: all there are)."""
    return [grid.cells for grid in solve(puzzle, max_solutions=300).solutions]


def found_by_sat(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """The grids the SAT solver finds of a 4x4 `puzzle` from its start, as digits."""
    board = bitboard_for(puzzle.geometry)
    alive, done = initial_state(board, puzzle.grid)
    return [grid.cells for grid in sat_solve(board, alive, done, 300, 100_000).solutions]
