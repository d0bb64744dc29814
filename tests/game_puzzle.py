"""The 4x4 puzzle the game tests play on (9 blanks: a game is over in seconds), and moves on it."""

from __future__ import annotations

from webapp.games import Move, MoveKind
from webapp.sudoku import Grid, Puzzle, parse

from puzzles import FOUR, FOUR_SOLUTION

PUZZLE = Puzzle(parse(FOUR))
SOLUTION = Grid(PUZZLE.grid.shape, tuple(int(digit) for digit in FOUR_SOLUTION))
BLANKS = [cell for cell, value in enumerate(PUZZLE.grid.cells) if not value]


def right(seat: int, blank: int, at: int) -> Move:
    """The right digit in the `blank`th blank cell, by `seat` at `at`."""
    cell = BLANKS[blank]
    return Move(MoveKind.PLACE, seat, at, cell, SOLUTION.cells[cell])


def wrong(seat: int, blank: int, at: int) -> Move:
    """A wrong digit in the `blank`th blank cell, by `seat` at `at`."""
    cell = BLANKS[blank]
    return Move(MoveKind.PLACE, seat, at, cell, SOLUTION.cells[cell] % 4 + 1)
