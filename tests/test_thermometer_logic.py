"""The logic path under thermometers: it reasons from the thermometers' related-pair step
(logic/relations.py) and from the units and peers, and each of its steps keeps every value
of the one solution (a sweep over built puzzles: thermometers drawn rising through an answer
disguised by relabelling its digits, turning and mirroring it, which keep neighbours
neighbours)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, walked
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of thirty or so thermometers rising through a disguised answer, and a few
    givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]

    def rising(cells: list[int], cell: int) -> bool:
        return digits[cell] > digits[cells[-1]]

    drawn = (
        walked(rng.randrange(81), rng.randrange(1, 5), rng, rising)
        for _ in range(rng.randrange(24, 34))
    )
    thermometers = tuple(Line("T", cells) for cells in drawn if len(cells) > 1)
    givens = "".join(char if rng.random() < 0.4 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=thermometers, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
