"""The plain backtracking baseline: every status by table, and agreement with the engine."""

import pytest

from webapp.sudoku import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    SOLVED,
    Budget,
    baseline,
    is_solution,
    parse,
    solve,
)
from webapp.sudoku.puzzle import Puzzle

from puzzles import (
    CLASHING,
    FOUR,
    FOUR_SOLUTION,
    SEED_EASY,
    SEED_EASY_SOLUTION,
    SIX,
    SIX_SOLUTION,
    data_lines,
)

# Generous, so that only a real defect (not a slow machine) fails a test.
ROOMY = Budget(nodes=1_000_000, ceiling_seconds=60)
# Node budgets whose time limit never comes into it.
NODES_ONLY = 60.0

EASY = SEED_EASY
EASY_SOLUTION = SEED_EASY_SOLUTION
# Five solutions (seed002 in seed_examples.txt).
FIVE = "2.53.84.9.7.....5...4...6.75...4...2...5.7...6...3...84.6...8.1.2.....6.8.12.97.4"
# No clash among the givens, yet row 1 needs a 3 in column 3 or 4, and both have one.
BOXED_IN = "12....3....3...."
# Wikipedia's "near worst case" for row-major, ascending backtracking: unique, but
# hundreds of millions of nodes away (engine_special_cases.txt).
NEAR_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


@pytest.mark.parametrize(
    ("puzzle", "budget", "status", "solution", "found", "conflicts", "nodes"),
    [
        pytest.param(EASY, ROOMY, SOLVED, EASY_SOLUTION, 1, 0, None, id="solved 9x9"),
        pytest.param(SIX, ROOMY, SOLVED, SIX_SOLUTION, 1, 0, None, id="solved 6x6"),
        pytest.param(FOUR, ROOMY, SOLVED, FOUR_SOLUTION, 1, 0, None, id="solved 4x4"),
        pytest.param(FIVE, ROOMY, MULTIPLE, None, 2, 0, None, id="multiple: stops at two"),
        pytest.param("." * 16, ROOMY, MULTIPLE, None, 2, 0, None, id="multiple: empty 4x4"),
        pytest.param(BOXED_IN, ROOMY, NO_SOLUTION, None, 0, 0, None, id="no solution by search"),
        pytest.param(CLASHING, ROOMY, NO_SOLUTION, None, 0, 2, 0, id="no solution: conflicts"),
        pytest.param(
            EASY,
            Budget(nodes=10, ceiling_seconds=NODES_ONLY),
            GAVE_UP,
            None,
            0,
            0,
            10,
            id="node budget",
        ),
        pytest.param(
            NEAR_WORST,
            Budget(nodes=20_000, ceiling_seconds=NODES_ONLY),
            GAVE_UP,
            None,
            0,
            0,
            20_000,
            id="Wikipedia near worst case",
        ),
    ],
)
def test_baseline(puzzle, budget, status, solution, found, conflicts, nodes):
    """`found` solutions, `conflicts` clashes; `nodes` exactly, unless None."""
    grid = parse(puzzle)
    result = baseline.solve(Puzzle(grid), budget=budget)
    assert result.status == status
    assert (result.solution.line if result.solution else None) == solution
    assert len(result.solutions) == found
    assert len(set(result.solutions)) == found
    assert all(is_solution(each, Puzzle(grid)) for each in result.solutions)
    assert len(result.conflicts) == conflicts
    assert result.exhausted is (status in (SOLVED, NO_SOLUTION))
    if nodes is not None:
        assert result.nodes == nodes


@pytest.mark.parametrize(("wanted", "found"), [(1, 2), (2, 2), (4, 4), (5, 5), (6, 5), (50, 5)])
def test_baseline_finds_up_to_max_solutions_and_never_fewer_than_two(wanted, found):
    result = baseline.solve(Puzzle(parse(FIVE)), max_solutions=wanted, budget=ROOMY)
    assert (result.status, len(set(result.solutions))) == (MULTIPLE, found)
    assert result.exhausted is (found < wanted)


def easy_puzzles(name: str, how_many: int) -> list:
    """The first puzzles of a data file (first field; tdoku's PUZZLE:COUNT:SOLUTION too)."""
    puzzles = [first.split(":")[0] for first, *_ in data_lines(name)]
    return [pytest.param(p, id=f"{name}:{i}") for i, p in enumerate(puzzles[:how_many])]


# Puzzles plain backtracking settles in well under a second each.
AGREEMENT = (
    easy_puzzles("engine_4x4_answers.txt", 3)
    + easy_puzzles("seed_examples.txt", 2)
    + easy_puzzles("web_unique.txt", 3)
    + easy_puzzles("web_multiple.txt", 2)
    + easy_puzzles("tdoku_test_puzzles.txt", 3)
    + [pytest.param(SIX, id="6x6"), pytest.param(BOXED_IN, id="4x4 no solution")]
)


@pytest.mark.parametrize("puzzle", AGREEMENT)
def test_baseline_agrees_with_the_engine(puzzle):
    grid = parse(puzzle)
    plain, engine = baseline.solve(Puzzle(grid), budget=ROOMY), solve(Puzzle(grid), budget=ROOMY)
    assert plain.status != GAVE_UP
    assert (plain.status, plain.solution) == (engine.status, engine.solution)


@pytest.mark.parametrize(
    "puzzle",
    [
        pytest.param(
            "8.........95.......67.........472968...913245...856137....9.716...6.8492......583",
            id="tdoku: 3 solutions",
        ),
        pytest.param(
            "8.........59.......76.........832765...476198...951243....9.516...6.4982......437",
            id="tdoku: 9 solutions",
        ),
        pytest.param(
            "8.........59.......67..........3.265...4.6198......437...753916...891742...624583",
            id="tdoku: 13 solutions",
        ),
        pytest.param(FIVE, id="seed: 5 solutions"),
    ],
)
def test_baseline_and_engine_find_the_same_solutions(puzzle):
    grid = parse(puzzle)
    plain = baseline.solve(Puzzle(grid), max_solutions=100, budget=ROOMY)
    engine = solve(Puzzle(grid), max_solutions=100, budget=ROOMY)
    assert plain.exhausted and engine.exhausted
    assert set(plain.solutions) == set(engine.solutions)
    assert len(plain.solutions) > 1
