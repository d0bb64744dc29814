"""The logic path under even and odd cells: it reasons from the marked cells' own step
(logic/cell_rules.py) and from the units and peers, and each of its steps keeps every value
of the one solution (a sweep over built puzzles: cells marked even or odd as a disguised
answer holds them, the answer turned round by the moves that keep a parity: its bands and
rows shuffled, the grid turned and mirrored, each digit perhaps turned into 10 minus it, and
the odd digits and the even ones each relabelled among themselves)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, turned_round
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import MarkedCells


def parity_kept(digits: list[int], rng: random.Random) -> list[int]:
    """`digits` with the odd ones relabelled among themselves, and the even ones."""
    odd, even = [1, 3, 5, 7, 9], [2, 4, 6, 8]
    rng.shuffle(odd)
    rng.shuffle(even)
    label = {
        **dict(zip((1, 3, 5, 7, 9), odd, strict=True)),
        **dict(zip((2, 4, 6, 8), even, strict=True)),
    }
    return [label[digit] for digit in digits]


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of two to four dozen cells marked even or odd as a disguised answer holds
    them, and a few givens, with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    digits = parity_kept(turned_round(ANSWER, rng), rng)
    marked = rng.sample(range(81), rng.randrange(24, 44))
    even = tuple(cell for cell in marked if digits[cell] % 2 == 0)
    odd = tuple(cell for cell in marked if digits[cell] % 2 == 1)
    cells = (MarkedCells("E", even), MarkedCells("O", odd))
    answer = "".join(map(str, digits))
    givens = "".join(char if rng.random() < 0.38 else "." for char in answer)
    return Puzzle(parse(givens), Rules(cells=cells, cell_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
