"""The generator's Killers (generator/killer.py): cages over a random solution, cut until
that solution is the only one, the same puzzle for the same seed."""

from __future__ import annotations

import math

import pytest
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SHAPES, Rules, solve
from webapp.sudoku.generator.fill import random_solution
from webapp.sudoku.generator.generate import Order, OrderError, generate
from webapp.sudoku.generator.killer import (
    LARGEST,
    KillerAttempt,
    grow_cages,
    killer_of,
    killer_rules,
    split,
)
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.grid import Grid
from webapp.sudoku.logic import Path, PathStatus, Position
from webapp.sudoku.logic.levels import band
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.regions import pieces

# A layout an extreme attempt of seed 4 reached: capped at expert's top, its path ends above
# it, and the first step past expert is a forcing chain found after some 38,000 units of
# work (seconds; most such steps take a few hundred to a few thousand).
LONG_SEARCH_SOLUTION = (
    "625134879184579623397862541743915268952486317816723495579248136238691754461357982"
)
LONG_SEARCH_CAGES = [
    [0, 1, 2],
    [3, 11, 12],
    [4, 5, 6, 7, 8],
    [9, 10, 19],
    [13, 14, 15, 16, 17, 24],
    [18, 27, 28, 36],
    [20, 21, 22],
    [23, 29, 30, 31, 32],
    [25, 26, 34, 35, 44, 53],
    [33, 42, 51],
    [37, 46],
    [38, 39, 40, 41],
    [43, 52],
    [45, 54, 55, 63],
    [47, 48, 56, 65],
    [49, 50, 58, 59, 68],
    [57, 66],
    [60, 61, 62],
    [64, 72, 73, 74],
    [67, 75, 76, 77],
    [69, 70, 71, 80],
    [78, 79],
]


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


def test_the_top_level_leaves_a_step_past_expert_that_only_a_long_search_finds():
    # issue 37, defect 17: such searches made extreme Killers slow; other joins come quicker
    solution = Grid(SHAPES[9], tuple(int(digit) for digit in LONG_SEARCH_SOLUTION))
    attempt = KillerAttempt(solution, Rules(), "extreme", SeededRandom("past"), lambda: math.inf)
    try:
        path = attempt.rate(LONG_SEARCH_CAGES, band("expert")[1])
        assert attempt.past(LONG_SEARCH_CAGES, path) is None
    finally:
        attempt.proof.close()


def test_near_expert_the_join_made_is_one_whose_cage_has_the_fewest_combinations():
    # issue 37, defect 17: such joins move the rating least, so fewer jump past expert's band
    random = SeededRandom("the finest join")
    solution = random_solution(SHAPES[9], random)
    attempt = KillerAttempt(solution, Rules(), "expert", random, lambda: math.inf)
    try:
        cages = grow_cages(solution, random, 4)
        first, second = attempt.next_join(cages, set(), fine=True)
        every = [
            attempt.ways(cages[one] + cages[other])
            for one in range(len(cages))
            for other in attempt.joinable(cages, one)
        ]
        assert attempt.ways(cages[first] + cages[second]) == min(every)
    finally:
        attempt.proof.close()


def test_a_layout_past_the_levels_top_is_cut_in_a_cage_where_its_path_got_stuck():
    # a cut elsewhere leaves the cells the solver could not settle as they were
    solution = Grid(SHAPES[9], tuple(int(digit) for digit in LONG_SEARCH_SOLUTION))
    stuck = LONG_SEARCH_CAGES[11]  # r5c3-r5c6; every other cell settled
    values = tuple(0 if cell in stuck else value for cell, value in enumerate(solution.cells))
    rules = killer_rules(Rules(), LONG_SEARCH_CAGES, solution)
    end = Position.from_puzzle(Puzzle(Grid(SHAPES[9], values), rules), unique=True)
    above = Path((), end, PathStatus.ABOVE)
    cut = set()
    for seed in range(10):
        random = SeededRandom(f"stuck {seed}")
        attempt = KillerAttempt(solution, Rules(), "expert", random, lambda: math.inf)
        try:
            eased = attempt.eased(LONG_SEARCH_CAGES, [], above)
        finally:
            attempt.proof.close()
        cut |= {tuple(cells) for cells in LONG_SEARCH_CAGES if cells not in eased}
    assert cut == {tuple(stuck)}


def test_a_layout_still_past_the_top_after_a_step_in_the_level_is_cut_again():
    # its path takes a step of expert's band, then nothing up to the top: one more sum
    # is often all it lacks (issue 37, defect 17: such layouts were thrown away)
    solution = Grid(SHAPES[9], tuple(int(digit) for digit in LONG_SEARCH_SOLUTION))
    random = SeededRandom("back 10")  # its first cut leaves the path above, its second not
    attempt = KillerAttempt(solution, Rules(), "expert", random, lambda: math.inf)
    try:
        above = attempt.rate(LONG_SEARCH_CAGES, band("expert")[1])
        back = attempt.brought_back(LONG_SEARCH_CAGES, [], above)
    finally:
        attempt.proof.close()
    assert back is not None and len(back[0]) == len(LONG_SEARCH_CAGES) + 2
