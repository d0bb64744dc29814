"""The logic path under arrows: it reasons from the arrows' sum-line step
(logic/line_sums.py) and from the units and peers, and each of its steps keeps every value
of the one solution (a sweep over built puzzles: arrows drawn through an answer disguised by
relabelling its digits, turning and mirroring it, each from a circle whose digit (or two
digits' number) its arrow's digits add up to; turning and mirroring keep neighbours
neighbours, relabelling changes which arrows the answer allows, so each is drawn on the
disguised answer)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, summed, swept
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line


def arrow_from(digits: list[int], start: int, rng: random.Random) -> tuple[int, ...] | None:
    """An arrow from the circle `start` through neighbours whose digits add up to its digit,
    one to four cells long, or None where the walk finds none."""
    return summed(digits, (start,), digits[start], 4, rng)


def pill_from(digits: list[int], start: int, rng: random.Random) -> tuple[int, ...] | None:
    """An arrow from a two-cell circle, `start` and a cell beside or below it, whose number
    (the earlier cell in reading order its tens) its arrow's digits add up to, or None."""
    column = start % 9
    beside = [
        cell for cell in (start + 1, start + 9) if cell < 81 and (cell != start + 1 or column < 8)
    ]
    if not beside:
        return None
    other = rng.choice(beside)
    number = 10 * digits[start] + digits[other]
    circle = (start, other) if rng.random() < 0.5 else (other, start)
    return summed(digits, circle, number, 6, rng)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of up to ten arrows and three from two-cell circles through a disguised
    answer, and a few givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    drawn = (arrow_from(digits, rng.randrange(81), rng) for _ in range(rng.randrange(30, 45)))
    arrows = tuple(Line("A", cells) for cells in drawn if cells is not None)[:10]
    pills = (pill_from(digits, rng.randrange(81), rng) for _ in range(rng.randrange(20, 40)))
    arrows += tuple(Line("D", cells) for cells in pills if cells is not None)[:3]
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=arrows, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
