"""What the soundness sweeps of the lined rules share (tests/test_*_logic.py): lines walked
through an answer's neighbouring cells, and the sweep itself, every step of the logic path of
SWEPT unique built puzzles checked against the puzzle's one solution."""

from __future__ import annotations

import random
from collections.abc import Callable

from test_marked_logic import unique_samples

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import Puzzle, parse
from webapp.sudoku.logic import find_path

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000


def touching(cell: int) -> list[int]:
    """The cells touching `cell` on a 9x9, by a side or a corner, in reading order."""
    row, column = divmod(cell, 9)
    return [
        (row + down) * 9 + column + across
        for down in (-1, 0, 1)
        for across in (-1, 0, 1)
        if (down, across) != (0, 0) and 0 <= row + down < 9 and 0 <= column + across < 9
    ]


def walked(
    start: int, turns: int, rng: random.Random, onward: Callable[[list[int], int], bool]
) -> tuple[int, ...]:
    """A line from `start`, a step to a touching cell `onward` takes (given the line so far)
    at each of `turns` turns, chosen by `rng`; shorter where no cell is taken."""
    cells = [start]
    for _ in range(turns):
        near = [cell for cell in touching(cells[-1]) if onward(cells, cell)]
        if not near:
            break
        cells.append(rng.choice(near))
    return tuple(cells)


def summed(
    digits: list[int], circle: tuple[int, ...], total: int, turns: int, rng: random.Random
) -> tuple[int, ...] | None:
    """An arrow from `circle` through new touching cells whose `digits` add up to `total`,
    at most `turns` cells long, chosen by `rng`, or None where the walk finds none."""
    cells, left = list(circle), total
    for _ in range(turns):
        near = [cell for cell in touching(cells[-1]) if cell not in cells and digits[cell] <= left]
        if not near:
            return None
        cells.append(rng.choice(near))
        left -= digits[cells[-1]]
        if left == 0:
            return tuple(cells)
    return None


def turned_round(cells: str, rng: random.Random) -> list[int]:
    """`cells` with its bands and the rows in each shuffled, each digit perhaps turned into
    10 minus it, then turned a quarter `rng`'s number of times and perhaps mirrored."""
    rows = [[int(char) for char in cells[r * 9 : r * 9 + 9]] for r in range(9)]
    bands = [rows[b * 3 : b * 3 + 3] for b in range(3)]
    rng.shuffle(bands)
    for band in bands:
        rng.shuffle(band)
    grid = [row for band in bands for row in band]
    if rng.random() < 0.5:
        grid = [[10 - digit for digit in row] for row in grid]
    for _ in range(rng.randrange(4)):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]
    if rng.random() < 0.5:
        grid = [row[::-1] for row in grid]
    return [digit for row in grid for digit in row]


def swept(sample: Callable[[int], tuple[Puzzle, str]]) -> tuple[int, list[str]]:
    """How many unique puzzles `sample` made (SWEPT, in at most six times as many seeds),
    and what was wrong in their paths' steps."""
    samples = unique_samples(sample, SWEPT, 6 * SWEPT)
    wrong = [
        problem
        for puzzle, answer in samples
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    return len(samples), wrong
