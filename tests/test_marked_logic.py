"""The logic path under marked rules (Kropki dots, XV): it reasons from the marks' own step
(a related pair, logic/relations.py) and from the units and peers, which every solution
still obeys; each of its steps keeps every value of the one solution (a property test over
built puzzles, disguised by the symmetries that keep side-by-side cells side by side),
uniqueness techniques stay off, and a puzzle of marks alone is explained to its answer."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest
from test_marked_rules import ANSWER, EMPTY, HOLDS, marked_puzzle, side_by_side

from webapp.cli.soundness import wrong_steps
from webapp.sudoku import SOLVED, Puzzle, Rules, parse, solve
from webapp.sudoku.logic import Position, find_path
from webapp.sudoku.rulebook import MarkedPairs

# Puzzles walked, and the work each path may take (as `sudoku soundness` gives it).
SWEPT = 200
WORK = 20_000


def disguised(cells: str, rng: random.Random) -> str:
    """`cells` with its digits relabelled, then turned a quarter `rng`'s number of times and
    perhaps mirrored: side-by-side cells stay side by side."""
    digits = list("123456789")
    rng.shuffle(digits)
    grid = [[digits[int(cells[r * 9 + c]) - 1] for c in range(9)] for r in range(9)]
    for _ in range(rng.randrange(4)):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]
    if rng.random() < 0.5:
        grid = [row[::-1] for row in grid]
    return "".join("".join(row) for row in grid)


def sample(seed: int) -> tuple[Puzzle, str]:
    """A puzzle with every mark of its kinds its answer holds, all given, and a few givens,
    with that answer: kinds and givens chosen by `seed`."""
    rng = random.Random(seed)
    answer = disguised(ANSWER, rng)
    letters = rng.choice(["WB", "XV", "WBXV", "W", "BV"])
    digits = [int(char) for char in answer]
    marks = tuple(
        MarkedPairs(
            letter,
            tuple(p for p in side_by_side(9) if HOLDS[letter](digits[p[0]], digits[p[1]])),
            True,
        )
        for letter in letters
    )
    givens = "".join(char if rng.random() < 0.25 else "." for char in answer)
    return Puzzle(parse(givens), Rules(marks=marks, mark_size=9)), answer


def unique_samples(
    made: Callable[[int], tuple[Puzzle, str]], count: int, seeds: int
) -> list[tuple[Puzzle, str]]:
    """The first `count` puzzles `made` from seeds 0 on (at most `seeds` of them) that have
    one solution, each with its answer."""
    found = []
    for seed in range(seeds):
        puzzle, answer = made(seed)
        if solve(puzzle).status == SOLVED:
            found.append((puzzle, answer))
        if len(found) == count:
            break
    return found


@cache
def samples() -> list[tuple[Puzzle, str]]:
    """The SWEPT puzzles this file and test_marked_relations.py walk, made when a test first
    asks: every test worker imports this module (the lined rules' sweeps import it too), and
    making them as it was imported took each worker 3 s."""
    return unique_samples(sample, SWEPT, 4 * SWEPT)


def test_no_step_of_the_path_removes_a_value_of_the_solution() -> None:
    wrong = [
        problem
        for puzzle, answer in samples()
        for problem in wrong_steps(puzzle.code, parse(answer), find_path(puzzle, WORK, True))
    ]
    assert (len(samples()), wrong) == (SWEPT, [])


def test_uniqueness_techniques_are_off_under_marks() -> None:
    puzzle, _ = samples()[0]
    assert Position.from_puzzle(puzzle, unique=True).unique is False


def test_a_puzzle_of_marks_alone_is_explained_to_its_answer() -> None:
    # No givens at all: only the marks decide it, through their own steps (a path without
    # them stopped here, while the exact solver answered).
    empty = marked_puzzle(EMPTY, "WB", all_given=True)
    assert find_path(empty, WORK, True).end.grid.line == ANSWER


@pytest.mark.parametrize("seed", [1, 2])
def test_a_path_that_ends_reaches_the_solution(seed) -> None:
    puzzle, answer = samples()[seed]
    path = find_path(puzzle, WORK, True)
    assert path.status != SOLVED or path.end.grid.line == answer
