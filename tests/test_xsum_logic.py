"""The logic path under X-sums: it reasons from the line-rule step of each clue's row or
column (logic/line_rules.py) and from the units and peers, and each of its steps keeps
every value of the one solution (a sweep over built puzzles: an answer disguised by
swapping bands and rows in a band, turning and mirroring, which take rows and columns to
rows and columns and a clue at one end to a clue at an end; no relabelling keeps an X-sum,
so the clues are numbered on the disguised answer, d into 10 - d among its disguises)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, turned_round
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import RULE_KINDS, Line, outside_lines

EVERY = outside_lines(RULE_KINDS["Y"], 9)


def x_summed(digits: list[int], cells: tuple[int, ...]) -> int:
    """The sum of the first X digits of `cells`, X the first of them."""
    line = [digits[cell] for cell in cells]
    return sum(line[: line[0]])


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of ten to eighteen X-sum clues numbered on a disguised answer, at rows' and
    columns' ends, and a few givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    digits = turned_round(ANSWER, rng)
    chosen = rng.sample(EVERY, rng.randrange(10, 19))
    lines = tuple(Line("Y", cells, x_summed(digits, cells)) for cells in chosen)
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=lines, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
