"""What the tests of the outside kinds whose clue stands at a row's or a column's end
(sandwich sums, X-sums: a rule over the whole row from the clue's end) share: the row's or
column's cells from an end, the digits a narrowing must keep (tried), the rows whose SAT
clauses disagree with the rule, and a random 4x4 case with the grids that keep it. Each
takes the rule as the test says it (`said`: a line's digits from the clue to its number)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import permutations

from pysat.solvers import Solver

from webapp.sudoku import SHAPES, Grid
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import Line

Said = Callable[[tuple[int, ...]], int]


def row_line(size: int, row: int, from_right: bool = False) -> tuple[int, ...]:
    """The cells of a row from its left end (or its right end)."""
    cells = tuple(row * size + column for column in range(size))
    return cells[::-1] if from_right else cells


def column_line(size: int, column: int, from_below: bool = False) -> tuple[int, ...]:
    """The cells of a column from its top (or its bottom)."""
    cells = tuple(row * size + column for row in range(size))
    return cells[::-1] if from_below else cells


def kept_by_trying(said: Said, size: int, masks: tuple[int, ...], value: int) -> list[int]:
    """The digits of each cell that some different digits of the others (a row's) keep the
    rule with, tried."""
    kept = [0] * len(masks)
    for digits in permutations(range(1, size + 1)):
        fits = all(mask >> (digit - 1) & 1 for mask, digit in zip(masks, digits, strict=True))
        if fits and said(digits) == value:
            for at, digit in enumerate(digits):
                kept[at] |= 1 << (digit - 1)
    return kept


def rows_the_clauses_get_wrong(
    said: Said, clauses_of: Callable[[int, int, int], tuple[tuple[int, ...], ...]], size: int
) -> list[tuple[tuple[int, ...], int]]:
    """Each full row of a size x size grid and clue (0 to the row's sum) where `clauses_of`'s
    clauses (line_rules.py's literals) admit the row and the rule does not, or the reverse."""
    wrong = []
    for value in range(size * (size + 1) // 2 + 1):
        clauses = [list(clause) for clause in clauses_of(size, size, value)]
        with Solver(name="cadical195", bootstrap_with=clauses) as solver:
            for digits in permutations(range(1, size + 1)):
                chosen = [
                    at * size + d if digits[at] == d else -(at * size + d)
                    for at in range(size)
                    for d in range(1, size + 1)
                ]
                if solver.solve(assumptions=chosen) != (said(digits) == value):
                    wrong.append((digits, value))
    return wrong


def four_by_four_case(
    letter: str, said: Said, seed: int, every: tuple[Grid, ...]
) -> tuple[Puzzle, set[tuple[int, ...]]]:
    """An empty 4x4 with three random clues of kind `letter` an answer keeps, each from a
    random end of a random row or column, and the grids that keep them (tried against the
    rule as it is said, not the engine's)."""
    rng = random.Random(seed)
    answer = rng.choice(every)
    lines = []
    for _ in range(3):
        way = rng.choice((row_line, column_line))
        cells = way(4, rng.randrange(4), rng.random() < 0.5)
        lines.append(Line(letter, cells, said(tuple(answer.cells[cell] for cell in cells))))
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules(lines=tuple(lines), line_size=4))
    kept = {
        grid.cells
        for grid in every
        if all(said(tuple(grid.cells[cell] for cell in line.cells)) == line.value for line in lines)
    }
    return puzzle, kept


def grid_json(key: str, *clues: dict[str, str]) -> str:
    """An empty 9x9 as f-puzzles JSON with `clues` under `key` (its outside kind's)."""
    rows = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": rows, key: list(clues)})
