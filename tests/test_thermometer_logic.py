"""The logic path under thermometers: it reasons from the thermometers' related-pair step
(logic/relations.py) and from the units and peers, and each of its steps keeps every value
of the one solution (a sweep over built puzzles: thermometers drawn rising through an answer
disguised by relabelling its digits, turning and mirroring it, which keep neighbours
neighbours)."""

from __future__ import annotations

import random

from test_marked_logic import disguised, unique_samples
from test_marked_rules import ANSWER

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.rulebook import Line

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000


def rising_line(digits: list[int], start: int, rng: random.Random) -> tuple[int, ...]:
    """A line from `start` through neighbours whose digits rise, two to five cells long
    (shorter where no neighbour is higher)."""
    cells = [start]
    for _ in range(rng.randrange(1, 5)):
        row, column = divmod(cells[-1], 9)
        higher = [
            (row + down) * 9 + column + across
            for down in (-1, 0, 1)
            for across in (-1, 0, 1)
            if 0 <= row + down < 9
            and 0 <= column + across < 9
            and digits[(row + down) * 9 + column + across] > digits[cells[-1]]
        ]
        if not higher:
            break
        cells.append(rng.choice(higher))
    return tuple(cells)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of thirty or so thermometers rising through a disguised answer, and a few
    givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    lines = (rising_line(digits, rng.randrange(81), rng) for _ in range(rng.randrange(24, 34)))
    thermometers = tuple(Line("T", cells) for cells in lines if len(cells) > 1)
    givens = "".join(char if rng.random() < 0.4 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=thermometers, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    samples = unique_samples(sample, SWEPT, 6 * SWEPT)
    wrong = [
        problem
        for puzzle, answer in samples
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    assert (len(samples), wrong) == (SWEPT, [])
