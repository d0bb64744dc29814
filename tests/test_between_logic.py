"""The logic path under between lines: each of its steps keeps every value of the one
solution (a sweep over built puzzles: between lines drawn through an answer disguised by the
symmetries between lines keep, turning, mirroring and turning each digit d into 10 - d, which
keep neighbours neighbours and a digit between two others between them, and by swapping
bands and rows in a band, which keep it an answer before the lines are drawn)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, turned_round, walked
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of a dozen or so between lines through a disguised answer, and a few givens,
    with that answer: all chosen by `seed`. A line walks from one end through cells on one
    side of its digit (above a small one, below a large one), and ends at the last cell
    walked further that way than every cell before it."""
    rng = random.Random(seed)
    digits = turned_round(ANSWER, rng)

    def between_line(start: int) -> tuple[int, ...] | None:
        first = digits[start]
        up = first < 5 if first != 5 else rng.random() < 0.5
        side = 1 if up else -1

        def onward(cells: list[int], cell: int) -> bool:
            return cell not in cells and side * digits[cell] > side * first

        walk = walked(start, rng.randrange(2, 6), rng, onward)
        # The far end: the furthest cell walked beyond every cell before it (from the first).
        ends = [
            at
            for at in range(2, len(walk))
            if all(side * digits[walk[at]] > side * digits[cell] for cell in walk[1:at])
        ]
        return walk[: ends[-1] + 1] if ends else None

    drawn = (between_line(rng.randrange(81)) for _ in range(rng.randrange(20, 32)))
    lines = tuple(Line("L", cells) for cells in drawn if cells is not None)
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=lines, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
