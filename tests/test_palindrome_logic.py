"""The logic path under palindromes: each of its steps keeps every value of the one solution
(a sweep over built puzzles: palindromes grown from a middle cell through an answer
disguised by the symmetries palindromes keep, relabelling its digits, turning and
mirroring it, which keep neighbours neighbours and equal digits equal)."""

from __future__ import annotations

import random

from line_sweeps import SWEPT, swept, touching
from test_marked_logic import disguised
from test_marked_rules import ANSWER

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import Line

# Tries at each growth of a palindrome's two ends.
TRIES = 12


def palindrome(digits: list[int], middle: int, rng: random.Random) -> tuple[int, ...]:
    """A line grown from `middle` outward, one cell at each end at a time, the two new cells
    holding the same digit, up to three times (fewer where no two cells do)."""
    left, right = [middle], [middle]
    for _ in range(rng.randrange(1, 4)):
        taken = set(left) | set(right)
        pairs = [
            (one, other)
            for one in touching(left[-1])
            for other in touching(right[-1])
            if one != other and not {one, other} & taken and digits[one] == digits[other]
        ]
        if not pairs:
            break
        one, other = rng.choice(pairs)
        left.append(one)
        right.append(other)
    return (*reversed(left), *right[1:])


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle of a dozen or so palindromes through a disguised answer, and a few givens,
    with that answer: all chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    digits = [int(char) for char in answer]
    lines = (palindrome(digits, rng.randrange(81), rng) for _ in range(rng.randrange(10, 16)))
    palindromes = tuple(Line("P", cells) for cells in lines if len(cells) > 1)
    givens = "".join(char if rng.random() < 0.35 else "." for char in answer)
    return Puzzle(parse(givens), Rules(lines=palindromes, line_size=9)), answer


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    assert swept(sample) == (SWEPT, [])
