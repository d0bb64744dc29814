"""The logic path under renban lines: each of its steps keeps every value of the one solution
(a sweep over built puzzles: renbans drawn through an answer disguised by the symmetries
renbans keep, turning, mirroring and turning each digit d into 10 - d, which keep
neighbours neighbours and a run of digits a run, and by swapping bands and rows in a band,
which keep it an answer before the lines are drawn)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, turned_round, walked
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of a dozen or so renbans through a disguised answer, and a few givens, with
    that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    digits = turned_round(ANSWER, rng)

    def in_run(cells: list[int], cell: int) -> bool:
        held = {digits[each] for each in cells}
        return digits[cell] in (min(held) - 1, max(held) + 1)

    drawn = (
        walked(rng.randrange(81), rng.randrange(1, 5), rng, in_run)
        for _ in range(rng.randrange(12, 20))
    )
    renbans = tuple(Line("N", cells) for cells in drawn if len(cells) > 1)
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=renbans, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
