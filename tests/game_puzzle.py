"""The 4x4 puzzle the game tests play on (9 blanks: a game is over in seconds), and moves on it."""

from __future__ import annotations

from killers import random_cages

from webapp.games import Move, MoveKind
from webapp.sudoku import Grid, Puzzle, Rules, parse, solve

from puzzles import FOUR, FOUR_SOLUTION, NORVIG_EASY

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


def killer_of(puzzle: Puzzle, solution: Grid) -> Puzzle:
    """`puzzle` with Killer cages of up to three cells over it, summed from `solution`."""
    cages = random_cages(solution, seed=4, largest=3)
    return Puzzle(puzzle.grid, Rules.from_letters("", (), cages, puzzle.size))


KILLER = killer_of(PUZZLE, SOLUTION)


def diagonal_blanks(solution: Grid) -> Puzzle:
    """`solution` with its main diagonal blank: each blank alone in its row, so one answer."""
    size = solution.size
    cells = tuple(
        0 if cell % (size + 1) == 0 else value for cell, value in enumerate(solution.cells)
    )
    return Puzzle(Grid(solution.shape, cells))


NINE_SOLUTION = solve(Puzzle(parse(NORVIG_EASY))).solution or Grid(PUZZLE.shape, ())
NINE = diagonal_blanks(NINE_SOLUTION)
