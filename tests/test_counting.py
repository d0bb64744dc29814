"""Counting a puzzle's solutions: exact counts against an independent brute force and
tdoku's known counts, the cap, the node and time budgets, and the solutions it keeps."""

from __future__ import annotations

import pytest
from sudoku_rules import brute_force, valid_solution

from webapp.sudoku import SHAPES, Budget, Grid, parse, solve
from webapp.sudoku.counting import (
    CAP,
    COUNT_NODES,
    COUNTED,
    NODES,
    TIME,
    SolutionCount,
    count_solutions_of,
    counting_budget,
)
from webapp.sudoku.puzzle import Puzzle, Rules

from puzzles import CLASHING, FOUR_SOLUTION, SIX_SOLUTION, data_lines

X_RULES = Rules(("x",))

# tdoku's test puzzles (tests/data/tdoku_test_puzzles.txt, from t-dillon/tdoku's
# test/test_puzzles, BSD-2-Clause): PUZZLE:COUNT, the exact number of solutions.
TDOKU = [(fields[0], int(fields[1])) for fields in data_lines("tdoku_test_puzzles.txt", ":")]
TDOKU_MULTIPLE = [(puzzle, count) for puzzle, count in TDOKU if count > 1]
TDOKU_847 = next(puzzle for puzzle, count in TDOKU if count == 847)
# The seed documents' under-constrained board: exactly 5 solutions.
SEED_FIVE = next(fields[0] for fields in data_lines("seed_examples.txt") if fields[1] == "5")
ROOMY = Budget(nodes=1_000_000, seconds=60)


def thinned(solution: str, step: int, offset: int) -> str:
    """`solution` with only every `step`th cell from `offset` kept: a puzzle with many blanks."""
    return "".join(s if i % step == offset else "." for i, s in enumerate(solution))


SMALL = [
    pytest.param("." * 16, 2, 2, id="empty 4x4"),
    *(
        pytest.param(thinned(FOUR_SOLUTION, step, offset), 2, 2, id=f"4x4 every {step}+{offset}")
        for step, offset in [(3, 1), (4, 1), (5, 2), (6, 0), (7, 3), (8, 1)]
    ),
    *(
        pytest.param(thinned(SIX_SOLUTION, step, offset), 2, 3, id=f"6x6 every {step}+{offset}")
        for step, offset in [(2, 0), (2, 1), (3, 0), (3, 2), (4, 3), (5, 1), (7, 0)]
    ),
]


@pytest.mark.parametrize(("puzzle", "box_rows", "box_cols"), SMALL)
def test_small_grids_count_what_a_brute_force_finds(puzzle, box_rows, box_cols):
    every = brute_force(puzzle, box_rows, box_cols)
    assert 1 < len(every) < COUNTED  # the table's grids are small enough to count exactly
    counted = count_solutions_of(Puzzle(parse(puzzle)), budget=ROOMY, keep=COUNTED)
    assert (counted.count, counted.exact, counted.stopped_by) == (len(every), True, None)
    assert {solution.code for solution in counted.solutions} == every


def test_a_capped_count_keeps_solutions_a_brute_force_finds():
    puzzle = thinned(SIX_SOLUTION, 7, 0)
    every = brute_force(puzzle, 2, 3)
    counted = count_solutions_of(Puzzle(parse(puzzle)), most=100, budget=ROOMY, keep=100)
    assert len(every) > 100
    assert (counted.count, counted.exact, counted.stopped_by) == (100, False, CAP)
    kept = {solution.code for solution in counted.solutions}
    assert len(kept) == 100 and kept <= every


@pytest.mark.parametrize(
    ("puzzle", "count"),
    [pytest.param(p, c, id=f"tdoku {c}") for p, c in TDOKU_MULTIPLE]
    + [pytest.param(SEED_FIVE, 5, id="seed 5")],
)
def test_known_counts_are_exact(puzzle, count):
    counted = count_solutions_of(Puzzle(parse(puzzle)), budget=ROOMY, keep=COUNTED)
    assert (counted.count, counted.exact, counted.stopped_by) == (count, True, None)
    kept = [solution.code for solution in counted.solutions]
    assert len(set(kept)) == count
    assert all(valid_solution(solution, puzzle, 3, 3) for solution in kept)


@pytest.mark.parametrize(
    ("puzzle", "count"),
    [pytest.param(p, c, id=f"tdoku {c}") for p, c in TDOKU if c < 2][::4]
    + [pytest.param(CLASHING, 0, id="clashing givens")],
)
def test_one_or_no_solution_is_an_exact_count(puzzle, count):
    counted = count_solutions_of(Puzzle(parse(puzzle)), budget=ROOMY, keep=5)
    assert (counted.count, counted.exact, len(counted.solutions)) == (count, True, count)


def test_the_default_budget_counts_every_known_count_exactly():
    """The web's budget by size (COUNT_NODES) is enough for every multiple of tdoku's set."""
    for puzzle, count in TDOKU_MULTIPLE:
        assert count_solutions_of(Puzzle(parse(puzzle))).count == count


@pytest.mark.parametrize(
    ("puzzle", "most", "budget", "stopped_by"),
    [
        pytest.param("." * 81, COUNTED, None, CAP, id="empty 9x9 at the cap"),
        pytest.param(TDOKU_847, 100, ROOMY, CAP, id="847 capped at 100"),
        pytest.param(TDOKU_847, COUNTED, Budget(nodes=300, seconds=60), NODES, id="847 nodes"),
        pytest.param(TDOKU_847, COUNTED, Budget(nodes=10**6, seconds=0), TIME, id="847 no time"),
        pytest.param("0" * 625, COUNTED, None, NODES, id="empty 25x25 by nodes"),
        pytest.param("0" * 256, COUNTED, None, CAP, id="empty 16x16 at the cap"),
    ],
)
def test_a_count_that_stops_says_at_least_and_why(puzzle, most, budget, stopped_by):
    grid = parse(puzzle)
    counted = count_solutions_of(Puzzle(grid), most, budget)
    assert (counted.exact, counted.stopped_by, counted.cut_short) == (
        False,
        stopped_by,
        stopped_by != CAP,
    )
    if stopped_by == CAP:
        assert counted.count == most
    else:
        assert counted.count < most
    limit = (budget or counting_budget(grid.shape)).nodes
    assert counted.nodes <= limit
    if stopped_by == NODES:  # the same count every time: nodes, not the clock
        assert counted.nodes == limit
        again = count_solutions_of(Puzzle(grid), most, budget)
        assert (again.count, again.nodes, again.stopped_by) == (counted.count, limit, NODES)


def test_a_near_empty_25x25_stops_by_nodes():
    grid = Grid(SHAPES[25], tuple(range(1, 26)) + (0,) * 600)
    first, second = count_solutions_of(Puzzle(grid)), count_solutions_of(Puzzle(grid))
    assert (first.stopped_by, first.nodes) == (NODES, COUNT_NODES[25])
    assert (first.count, first.nodes) == (second.count, second.nodes)  # nodes, not the clock


@pytest.mark.parametrize("keep", [0, 1, 3, 5, 9])
def test_it_keeps_the_first_solutions_found_and_counts_the_rest(keep):
    counted = count_solutions_of(Puzzle(parse(SEED_FIVE)), keep=keep)
    everything = count_solutions_of(Puzzle(parse(SEED_FIVE)), keep=COUNTED)
    assert counted.count == 5
    assert counted.solutions == everything.solutions[:keep]


def test_the_first_kept_solutions_are_the_ones_solve_finds_first():
    solved = solve(Puzzle(parse(SEED_FIVE)))
    assert count_solutions_of(Puzzle(parse(SEED_FIVE)), keep=2).solutions == solved.solutions


def test_a_geometry_with_more_units_counts_fewer_solutions():
    puzzle, answer = data_lines("x_sudoku.txt")[0]
    grid = parse(puzzle)
    under_x = count_solutions_of(Puzzle(grid, X_RULES), budget=ROOMY, keep=2)
    assert (under_x.count, under_x.exact, under_x.solutions) == (1, True, (parse(answer),))
    assert count_solutions_of(Puzzle(grid), most=2, budget=ROOMY).count == 2


@pytest.mark.parametrize(
    ("counted", "found", "expected"),
    [
        (SolutionCount(0, False, stopped_by=NODES), 2, 2),
        (SolutionCount(1, False, stopped_by=TIME), 2, 2),
        (SolutionCount(7, False, stopped_by=NODES), 2, 7),
        (SolutionCount(5, True), 2, 5),
    ],
)
def test_a_count_is_never_less_than_what_a_solve_found(counted, found, expected):
    solutions = count_solutions_of(Puzzle(parse(SEED_FIVE)), keep=found).solutions
    raised = counted.at_least(solutions)
    assert raised.count == expected
    assert raised.exact == counted.exact
    assert len(raised.solutions) == (found if expected == found else 0)


@pytest.mark.parametrize(("most", "keep"), [(0, 0), (-1, 5), (10, -1)])
def test_nonsense_limits_are_refused(most, keep):
    with pytest.raises(ValueError, match="at least 1"):
        count_solutions_of(Puzzle(parse(SEED_FIVE)), most, keep=keep)
