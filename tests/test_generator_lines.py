"""Lines drawn through a solution grid (generator/lines.py): each lined kind with a chain
gets a handful of short lines that hold its rule on the answer, share no cell and cross
no other line's diagonal step, the same ones for the same seed."""

from __future__ import annotations

import functools

import pytest

from webapp.sudoku.generator.fill import random_solution
from webapp.sudoku.generator.lines import LONGEST, SHORTEST, draw_lines
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.grid import Grid
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.shape import SHAPES

# Every lined kind drawn by a chain (thermometers, slow ones, German whispers, palindromes,
# renban lines), each on a few answers; not a greater-than sign, two cells with a chain but
# no line to draw.
CHAINED = [
    kind.letter for kind in RULE_KINDS.values() if kind.chain is not None and not kind.signed
]
SEEDS = range(3)


@functools.cache
def answer(seed: int) -> Grid:
    """A random 9x9 answer drawn from `seed`."""
    return random_solution(SHAPES[9], SeededRandom(f"lines-test:{seed}"))


@functools.cache
def drawn(letter: str, seed: int) -> tuple[Line, ...]:
    """The lines of kind `letter` drawn through answer(seed) (drawn once a run)."""
    return draw_lines(answer(seed), letter, SeededRandom(f"lines-test:{letter}:{seed}"))


def holds(line: Line, cells: tuple[int, ...]) -> bool:
    """Whether the answer `cells` keeps `line`'s kind on every pair of it the kind relates."""
    kind = RULE_KINDS[line.letter]
    assert kind.chain is not None
    length = len(line.cells)
    return all(
        kind.chain(9, length, cells[nearer], cells[further])
        for nearer, further in kind.line_pairs(line.cells)
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("letter", CHAINED)
def test_drawn_lines_keep_their_kind_on_the_answer(letter, seed) -> None:
    cells = answer(seed).cells
    assert all(holds(line, cells) for line in drawn(letter, seed))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("letter", CHAINED)
def test_drawn_lines_are_a_handful_of_short_lines_the_kind_accepts(letter, seed) -> None:
    lines = drawn(letter, seed)
    problem = RULE_KINDS[letter].line_problem
    assert 3 <= len(lines) and all(
        SHORTEST <= len(line.cells) <= LONGEST
        and (problem is None or problem(9, line.cells) is None)
        for line in lines
    )


@pytest.mark.parametrize("letter", CHAINED)
def test_drawn_lines_share_no_cell(letter) -> None:
    cells = [cell for line in drawn(letter, 0) for cell in line.cells]
    assert len(cells) == len(set(cells))


def diagonal_steps(lines: tuple[Line, ...]) -> list[frozenset[int]]:
    """The cells of each diagonal step of `lines`, as a set of its two cells."""
    steps = []
    for line in lines:
        for one, other in zip(line.cells, line.cells[1:], strict=False):
            if one // 9 != other // 9 and one % 9 != other % 9:
                steps.append(frozenset((one, other)))
    return steps


def crossed(step: frozenset[int]) -> frozenset[int]:
    """The other diagonal of the two by two square a diagonal step crosses."""
    one, other = sorted(step)
    return frozenset((one // 9 * 9 + other % 9, other // 9 * 9 + one % 9))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("letter", CHAINED)
def test_drawn_lines_cross_no_line(letter, seed) -> None:
    steps = diagonal_steps(drawn(letter, seed))
    assert not set(steps) & {crossed(step) for step in steps}


def test_the_same_seed_draws_the_same_lines() -> None:
    again = draw_lines(answer(0), "T", SeededRandom("lines-test:T:0"))
    assert again == drawn("T", 0)


def folds(cells: tuple[int, ...]) -> bool:
    """Whether a line's cell is beside or above or below a cell of it before the one before."""
    return any(
        abs(later // 9 - cell // 9) + abs(later % 9 - cell % 9) == 1
        for at, later in enumerate(cells)
        for cell in cells[: max(at - 1, 0)]
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("letter", CHAINED)
def test_drawn_lines_do_not_fold_back_on_themselves(letter, seed) -> None:
    assert not any(folds(line.cells) for line in drawn(letter, seed))
