"""The logic path under palindromes: each of its steps keeps every value of the one solution
(a sweep over built puzzles: palindromes grown from a middle cell through an answer
disguised by the symmetries palindromes keep, relabelling its digits, turning and
mirroring it, which keep neighbours neighbours and equal digits equal)."""

from __future__ import annotations

import random

from test_marked_logic import disguised, unique_samples
from test_marked_rules import ANSWER

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.rulebook import Line

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000
# Tries at each growth of a palindrome's two ends.
TRIES = 12


def neighbours(cell: int) -> list[int]:
    """The cells touching `cell` on a 9x9, by a side or a corner."""
    row, column = divmod(cell, 9)
    return [
        (row + down) * 9 + column + across
        for down in (-1, 0, 1)
        for across in (-1, 0, 1)
        if (down, across) != (0, 0) and 0 <= row + down < 9 and 0 <= column + across < 9
    ]


def palindrome(digits: list[int], middle: int, rng: random.Random) -> tuple[int, ...]:
    """A line grown from `middle` outward, one cell at each end at a time, the two new cells
    holding the same digit, up to three times (fewer where no two cells do)."""
    left, right = [middle], [middle]
    for _ in range(rng.randrange(1, 4)):
        taken = set(left) | set(right)
        pairs = [
            (one, other)
            for one in neighbours(left[-1])
            for other in neighbours(right[-1])
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
    samples = unique_samples(sample, SWEPT, 6 * SWEPT)
    wrong = [
        problem
        for puzzle, answer in samples
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    assert (len(samples), wrong) == (SWEPT, [])
