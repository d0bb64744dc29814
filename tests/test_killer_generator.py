"""The generator's Killers (generator/killer.py): cages over a random solution, cut until
that solution is the only one, the same puzzle for the same seed."""

from __future__ import annotations

import math

import pytest
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SHAPES, Rules, solve
from webapp.sudoku.generator.fill import random_solution
from webapp.sudoku.generator.generate import Order, OrderError, generate
from webapp.sudoku.generator.killer import LARGEST, killer_of, split
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.regions import pieces


def made(size: int, level: str, seed: int):
    """The Killer generated for an order, and its solution."""
    found = generate(size, level, seed=seed, seconds=600, variant="killer")
    return found.puzzle, found.solution


def attempt(size: int, level: str, seed: int):
    """The Killer of one attempt at `level` (None when it missed it)."""
    random = SeededRandom(f"killer test {size} {level} {seed}")
    solution = random_solution(SHAPES[size], random)
    return killer_of(solution, Rules(), level, random, lambda: math.inf)


@pytest.mark.parametrize(
    ("size", "level", "seed"),
    [(4, "easy", s) for s in range(4)] + [(6, "medium", s) for s in range(3)] + [(9, "hard", 0)],
)
def test_a_killer_has_no_givens_and_only_the_solution_it_was_cut_from(size, level, seed):
    puzzle, solution = made(size, level, seed)
    assert puzzle is not None and puzzle.givens == 0
    result = solve(puzzle)
    assert result.status == "solved" and result.solutions == (solution,)
    cages = [(cage.cells, cage.total) for cage in puzzle.rules.cages]
    assert valid_variant_solution(solution.code, puzzle.grid.code, size, cages=cages)
    assert sorted(cell for cells, _ in cages for cell in cells) == list(range(size * size))
    assert all(len(cells) <= LARGEST[level] for cells, _ in cages)


@pytest.mark.parametrize(
    ("size", "level", "seed"),
    [(9, level, seed) for level in ("medium", "hard") for seed in range(3)]
    + [(6, level, seed) for level in ("medium", "hard") for seed in range(3)],
)
def test_above_the_easiest_level_no_cage_is_one_cell(size, level, seed):
    # a cage of one cell is a given in disguise (issue 37, defect 16)
    puzzle, _ = made(size, level, seed)
    assert min(len(cage.cells) for cage in puzzle.rules.cages) >= 2


def test_a_killer_attempt_in_its_level_comes_with_the_path_that_rated_it():
    found = next(f for seed in range(20) if (f := attempt(9, "hard", seed)) is not None)
    assert 2.8 < found.path.rating <= 4.0 and found.path.status == "solved"


def test_the_same_seed_makes_the_same_killer():
    assert made(6, "medium", 7)[0].code == made(6, "medium", 7)[0].code
    assert made(6, "medium", 7)[0].code != made(6, "medium", 8)[0].code


def test_a_cut_cage_leaves_connected_pieces_holding_every_cell():
    n = 9
    cage = [0, 1, 2, 11, 20, 19, 18]  # a C shape: r1c1-r1c3, r2c3, r3c1-r3c3
    for at in cage:
        parts = split(cage, at, n)
        assert len(parts) >= 2 and sorted(sum(parts, [])) == sorted(cage)
        assert all(len(pieces(n, part)) == 1 for part in parts)
        assert at in parts[0]


def test_orders_a_killer_cannot_take_are_refused_by_name():
    with pytest.raises(OrderError, match="killer's size"):
        Order(12, "easy", variant="killer")
    with pytest.raises(OrderError, match="minimal"):
        Order(9, "easy", variant="killer", minimal=True)
