"""The logic path under little killers: it reasons from the sum-line step of each clue's
diagonal (logic/line_sums.py) and from the units and peers, and each of its steps keeps every
value of the one solution (a sweep over built puzzles: an answer disguised by turning and
mirroring it, which take diagonals to diagonals and clues outside to clues outside, and by
relabelling its digits, which changes every clue's number, so the clues are numbered on the
disguised answer)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import RULE_KINDS, Line, outside_lines

EVERY = outside_lines(RULE_KINDS["Z"], 9)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of eight to fourteen little killers numbered on a disguised answer, and a few
    givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    chosen = rng.sample(EVERY, rng.randrange(8, 15))
    lines = tuple(Line("Z", cells, sum(digits[cell] for cell in cells)) for cells in chosen)
    givens = "".join(char if rng.random() < 0.4 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=lines, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
