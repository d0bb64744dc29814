"""The logic path under German whispers: each of its steps keeps every value of the one
solution (a sweep over built puzzles: whispers drawn through an answer disguised by the
symmetries whispers keep, turning, mirroring and turning each digit d into 10 - d, which
keep neighbours neighbours and differences differences, and by swapping bands and rows in a
band, which keep it an answer before the whispers are drawn)."""

from __future__ import annotations

import random

from test_marked_logic import unique_samples
from test_marked_rules import ANSWER

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.rulebook import Line

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000


def disguised(cells: str, rng: random.Random) -> list[int]:
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


def whisper_line(digits: list[int], start: int, rng: random.Random) -> tuple[int, ...]:
    """A line from `start` through neighbours at least 5 apart in `digits`, two to six cells
    long (shorter where no new neighbour is far enough)."""
    cells = [start]
    for _ in range(rng.randrange(1, 6)):
        row, column = divmod(cells[-1], 9)
        far = [
            (row + down) * 9 + column + across
            for down in (-1, 0, 1)
            for across in (-1, 0, 1)
            if 0 <= row + down < 9
            and 0 <= column + across < 9
            and (row + down) * 9 + column + across not in cells
            and abs(digits[(row + down) * 9 + column + across] - digits[cells[-1]]) >= 5
        ]
        if not far:
            break
        cells.append(rng.choice(far))
    return tuple(cells)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of twenty or so whispers through a disguised answer, and a few givens, with
    that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    digits = disguised(ANSWER, rng)
    lines = (whisper_line(digits, rng.randrange(81), rng) for _ in range(rng.randrange(16, 26)))
    whispers = tuple(Line("G", cells) for cells in lines if len(cells) > 1)
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=whispers, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    samples = unique_samples(sample, SWEPT, 6 * SWEPT)
    wrong = [
        problem
        for puzzle, answer in samples
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    assert (len(samples), wrong) == (SWEPT, [])
