"""The logic path under greater-than signs: it reasons from the signs' related-pair step
(logic/relations.py) and from the units and peers, and each of its steps keeps every value of
the one solution (a sweep over built puzzles: signs drawn between side-by-side cells of an
answer disguised by relabelling its digits, turning and mirroring it, which keep side-by-side
cells side by side, each sign pointing at the smaller digit)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line, orthogonal_pairs
from webapp.sudoku.shape import SHAPES

EDGES = orthogonal_pairs(SHAPES[9])


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of two to four dozen greater-than signs of a disguised answer, and a few
    givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    chosen = rng.sample(EDGES, rng.randrange(24, 48))
    signs = tuple(
        Line("M", (one, other) if digits[one] > digits[other] else (other, one))
        for one, other in chosen
    )
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=signs, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
