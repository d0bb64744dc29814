"""The logic path under renban lines: each of its steps keeps every value of the one solution
(a sweep over built puzzles: renbans drawn through an answer disguised by the symmetries
renbans keep, turning, mirroring and turning each digit d into 10 - d, which keep
neighbours neighbours and a run of digits a run, and by swapping bands and rows in a band,
which keep it an answer before the lines are drawn)."""

from __future__ import annotations

import random

from test_marked_logic import unique_samples
from test_marked_rules import ANSWER
from test_whisper_logic import disguised

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.rulebook import Line

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000


def renban_line(digits: list[int], start: int, rng: random.Random) -> tuple[int, ...]:
    """A line from `start` through new neighbours whose digits stay a run of consecutive
    digits, two to five cells long (shorter where no neighbour keeps it one)."""
    cells = [start]
    for _ in range(rng.randrange(1, 5)):
        row, column = divmod(cells[-1], 9)
        held = {digits[cell] for cell in cells}
        onward = [
            (row + down) * 9 + column + across
            for down in (-1, 0, 1)
            for across in (-1, 0, 1)
            if 0 <= row + down < 9
            and 0 <= column + across < 9
            and digits[(row + down) * 9 + column + across] in (min(held) - 1, max(held) + 1)
        ]
        if not onward:
            break
        cells.append(rng.choice(onward))
    return tuple(cells)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of a dozen or so renbans through a disguised answer, and a few givens, with
    that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    digits = disguised(ANSWER, rng)
    lines = (renban_line(digits, rng.randrange(81), rng) for _ in range(rng.randrange(12, 20)))
    renbans = tuple(Line("N", cells) for cells in lines if len(cells) > 1)
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=renbans, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    samples = unique_samples(sample, SWEPT, 6 * SWEPT)
    wrong = [
        problem
        for puzzle, answer in samples
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    assert (len(samples), wrong) == (SWEPT, [])
