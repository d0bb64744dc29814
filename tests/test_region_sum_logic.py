"""The logic path under region-sum lines: it reasons from the sum-line step (logic/line_sums.py,
one sum a segment past the first) and from the units and peers, and each of its steps keeps
every value of the one solution (a sweep over built puzzles: lines drawn through an answer
disguised by relabelling its digits, turning and mirroring it, which keep boxes boxes and
neighbours neighbours; relabelling changes which lines the answer allows, so each is drawn on
the disguised answer, kept where its segments add up to one total)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, walked
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.region_sums import segments
from webapp.sudoku.rulebook import Line

# Each cell's box on a 9x9.
BOXES = tuple((cell // 27) * 3 + (cell % 9) // 3 for cell in range(81))


def region_sum_line(digits: list[int], rng: random.Random) -> tuple[int, ...] | None:
    """A line of two to seven cells walked from a random cell through new neighbours, kept
    when it crosses a box border and its segments' digits add up to one total."""
    cells = walked(rng.randrange(81), rng.randrange(1, 7), rng, lambda on, cell: cell not in on)
    cut = segments(cells, BOXES)
    totals = {sum(digits[cell] for cell in segment) for segment in cut}
    return cells if len(cut) > 1 and len(totals) == 1 else None


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of up to a dozen region-sum lines through a disguised answer, and a few
    givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    drawn = (region_sum_line(digits, rng) for _ in range(300))
    lines = tuple(Line("R", cells) for cells in drawn if cells is not None)[:12]
    givens = "".join(char if rng.random() < 0.45 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=lines, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
