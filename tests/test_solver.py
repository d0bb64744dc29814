"""The solver against known answers, for every size and every status."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.sudoku import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    SHAPES,
    SOLVED,
    Budget,
    Grid,
    baseline,
    is_solution,
    parse,
    solve,
)
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.result import SAT, SEARCH
from webapp.wording import conflict_message

from fresh_process import run_fresh
from puzzles import CLASHING, NORVIG_IMPOSSIBLE, data_lines

ROOT = Path(__file__).parent.parent
STATUS_FOR_COUNT = {"0": NO_SOLUTION, "1": SOLVED, "2+": MULTIPLE}
# Generous, so that only a real defect (not a slow machine) fails a test.
ROOMY = Budget(nodes=1_000_000, ceiling_seconds=60)


def known_answer_cases(name: str) -> list:
    """(puzzle, count, solution) cases from a file of PUZZLE COUNT SOLUTION lines."""
    return [
        pytest.param(p, c, s, id=f"{name}:{i}") for i, (p, c, s, *_) in enumerate(data_lines(name))
    ]


@pytest.mark.parametrize(
    ("puzzle", "count", "solution"),
    known_answer_cases("engine_9x9_answers.txt")
    + known_answer_cases("engine_16x16_answers.txt")
    + known_answer_cases("seed_examples.txt"),
)
def test_known_answers(puzzle: str, count: str, solution: str) -> None:
    grid = parse(puzzle)
    result = solve(Puzzle(grid), budget=ROOMY)
    assert result.status == STATUS_FOR_COUNT.get(count, MULTIPLE)
    for found in result.solutions:
        assert is_solution(found, Puzzle(grid))
    if count == "1":
        assert result.solution == parse(solution)
    if result.status == MULTIPLE:
        assert len(result.solutions) == 2
        assert result.solutions[0] != result.solutions[1]


@pytest.mark.parametrize(
    ("puzzle", "count", "solution"), known_answer_cases("engine_25x25_answers.txt")
)
def test_minimal_25x25_with_more_givens_solves_to_the_known_answer(
    puzzle: str, count: str, solution: str
) -> None:
    """Minimal 25x25 puzzles outrun the budget; with 50 more cells of their answers they do not."""
    grid, answer = parse(puzzle), parse(solution)
    blanks = [i for i, v in enumerate(grid.cells) if not v]
    extra = set(random.Random(len(blanks)).sample(blanks, 50))
    cells = tuple(answer.cells[i] if i in extra else v for i, v in enumerate(grid.cells))
    result = solve(Puzzle(Grid(grid.shape, cells)), budget=ROOMY)
    assert count == "1"
    assert result.status == SOLVED
    assert result.solution == answer


@pytest.mark.parametrize(
    ("puzzle", "count", "solution"), known_answer_cases("engine_25x25_answers.txt")
)
def test_minimal_25x25_gives_up_honestly(puzzle: str, count: str, solution: str) -> None:
    """Out of budget on a puzzle that has one solution: gave_up, never no_solution."""
    # 30 nodes take far less than the search's share of the seconds, so the node
    # limit ends the solve before the SAT solver could have it (test_sat.py).
    result = solve(Puzzle(parse(puzzle)), budget=Budget(nodes=30, ceiling_seconds=30))
    assert result.status == GAVE_UP
    assert result.nodes == 30
    assert result.engine == SEARCH
    assert all(found == parse(solution) for found in result.solutions)


@pytest.mark.parametrize(
    ("puzzle", "solution"), [tuple(r) for r in data_lines("engine_4x4_answers.txt")]
)
def test_4x4_answers(puzzle: str, solution: str) -> None:
    result = solve(Puzzle(parse(puzzle)))
    assert result.status == SOLVED
    assert result.solution == parse(solution)


@pytest.mark.parametrize(
    "record",
    [fields[0] for fields in data_lines("tdoku_test_puzzles.txt")],
    ids=lambda r: r[:12],
)
def test_exact_counts(record: str) -> None:
    """tdoku's test puzzles carry their exact number of solutions, up to 847."""
    puzzle, count, *solution = record.split(":")
    grid = parse(puzzle)
    result = solve(Puzzle(grid), max_solutions=1000, budget=ROOMY)
    assert result.exhausted
    assert len(result.solutions) == int(count)
    assert len(set(result.solutions)) == int(count)
    assert all(is_solution(found, Puzzle(grid)) for found in result.solutions)
    if solution:
        assert result.solution == parse(solution[0])


def test_under_constrained_seed_board_lists_its_five_solutions() -> None:
    (puzzle,) = [p for p, c, *_ in data_lines("seed_examples.txt") if c == "5"]
    result = solve(Puzzle(parse(puzzle)), max_solutions=10)
    assert result.status == MULTIPLE
    assert result.exhausted
    assert len(set(result.solutions)) == 5


@pytest.mark.parametrize(
    ("puzzle", "count", "note"),
    [
        pytest.param(p, c, " ".join(n), id=" ".join(n)[:40])
        for p, c, *n in data_lines("engine_special_cases.txt")
    ],
)
def test_special_cases_inside_the_default_budget(puzzle: str, count: str, note: str) -> None:
    result = solve(Puzzle(parse(puzzle)))
    assert result.status == STATUS_FOR_COUNT[count], note
    if "conflict" in note.lower():
        assert result.conflicts
        assert result.nodes == 0


def test_conflicting_givens_are_reported_without_search() -> None:
    grid = parse(CLASHING)
    result = solve(Puzzle(grid))
    assert result.status == NO_SOLUTION
    assert [conflict_message(c) for c in result.conflicts] == [
        "Row 1 has two 5s (columns 1 and 2)",
        "Box 1 has two 5s (r1c1 and r1c2)",
    ]


@pytest.mark.parametrize("size", sorted(SHAPES))
def test_empty_grid_has_many_solutions(size: int) -> None:
    grid = Grid(SHAPES[size], (0,) * size**2)
    result = solve(Puzzle(grid), budget=Budget(nodes=100_000, ceiling_seconds=30))
    assert result.status == MULTIPLE
    assert all(is_solution(found, Puzzle(grid)) for found in result.solutions)


def test_budget_exhaustion_is_gave_up_not_no_solution() -> None:
    result = solve(Puzzle(parse(NORVIG_IMPOSSIBLE)), budget=Budget(nodes=50, ceiling_seconds=10))
    assert result.status == GAVE_UP
    assert result.nodes == 50
    assert not result.exhausted


def test_past_the_ceiling_it_gives_up_and_says_the_ceiling_stopped_it() -> None:
    result = solve(
        Puzzle(parse(NORVIG_IMPOSSIBLE)), budget=Budget(nodes=10**9, ceiling_seconds=0.0)
    )
    assert result.status == GAVE_UP
    assert result.stopped_by_ceiling and not result.exhausted


def test_out_of_nodes_is_not_the_ceiling() -> None:
    result = solve(Puzzle(parse(NORVIG_IMPOSSIBLE)), budget=Budget(nodes=50))
    assert (result.status, result.nodes, result.stopped_by_ceiling) == (GAVE_UP, 50, False)


# Each child solves the puzzles it is given (in that order) and prints what a page shows.
SOLVE_ALL = """
    import json, sys
    from webapp.sudoku import Budget, Puzzle, parse, solve
    cases = json.loads(sys.argv[1])
    found = []
    for text, nodes, conflicts in cases:
        budget = Budget(nodes=nodes, sat_conflicts=conflicts, ceiling_seconds=600)
        result = solve(Puzzle(parse(text)), budget=budget)
        found.append([
            result.status, result.engine, result.nodes, result.sat_conflicts,
            [grid.code for grid in result.solutions], result.exhausted, result.stopped_by_ceiling,
        ])
    print(json.dumps(found))
"""


def _solved_elsewhere(cases: list[tuple[str, int, int]], seed: str) -> list[list[object]]:
    """What a fresh process with PYTHONHASHSEED `seed` finds for each (puzzle, nodes, conflicts),
    in order."""
    found: list[list[object]] = run_fresh(SOLVE_ALL, json.dumps(cases), hash_seed=seed, timeout=600)
    return found


def test_a_solve_is_the_same_in_every_process_however_busy_the_machine() -> None:
    """Status, nodes, SAT conflicts and solutions depend on the budget's work alone."""
    beyond = data_lines("prod_25x25.txt")[0][0]  # beyond 5,000 conflicts
    cases = [
        (NORVIG_IMPOSSIBLE, 500, 0),  # the search gives up on nodes
        (NORVIG_IMPOSSIBLE, 200_000, 0),  # and decides with more
        (data_lines("sat_25x25_answers.txt")[0][0], 200_000, 5_000),  # CaDiCaL decides
        (beyond, 200_000, 5_000),  # CaDiCaL gives up on conflicts
    ]
    first = _solved_elsewhere(cases, "0")
    outcomes = [(found[0], found[1]) for found in first]
    assert outcomes == [(GAVE_UP, SEARCH), (NO_SOLUTION, SEARCH), (SOLVED, SAT), (GAVE_UP, SAT)]
    assert not any(found[-1] for found in first)  # no ceiling in sight
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        busy = _solved_elsewhere(cases[::-1], "1")
    finally:
        burner.kill()
        burner.wait()
    assert busy[::-1] == first


def pattern_solution(size: int) -> list[int]:
    """A valid full grid: each row shifts the last by a box width, each band by one more."""
    shape = SHAPES[size]
    p, q = shape.box_rows, shape.box_cols
    return [(q * (r % p) + r // p + c) % size + 1 for r in range(size) for c in range(size)]


def made_puzzle(size: int, seed: int, most_blanks: int) -> tuple[Grid, Grid]:
    """A (puzzle, solution) pair with one solution, for sizes no public set covers.

    Start from the pattern grid, relabel its symbols and shuffle rows within
    bands and the bands themselves (both keep a grid valid), then blank cells
    in random order, keeping a blank only while the independent baseline
    backtracker still finds exactly one solution, up to `most_blanks` (plain
    backtracking gets slow on sparse 12x12 grids).
    """
    shape = SHAPES[size]
    rng = random.Random(seed)
    labels = list(range(1, size + 1))
    rng.shuffle(labels)
    p = shape.box_rows
    bands = list(range(size // p))
    rng.shuffle(bands)
    rows = [band * p + r for band in bands for r in rng.sample(range(p), p)]
    base = pattern_solution(size)
    cells = [labels[base[r * size + c] - 1] for r in rows for c in range(size)]
    solution = Grid(shape, tuple(cells))
    for cell in rng.sample(range(size * size), size * size):
        if cells.count(0) == most_blanks:
            break
        trial = cells.copy()
        trial[cell] = 0
        check = baseline.solve(
            Puzzle(Grid(shape, tuple(trial))), budget=Budget(nodes=200_000, ceiling_seconds=5)
        )
        if check.status == SOLVED:
            cells = trial
    return Grid(shape, tuple(cells)), solution


@pytest.mark.parametrize("size", [4, 6, 9, 12])
def test_pattern_solution_is_valid(size: int) -> None:
    grid = Grid(SHAPES[size], tuple(pattern_solution(size)))
    assert is_solution(grid, Puzzle(grid))


@pytest.mark.parametrize(
    ("size", "seed", "most_blanks"),
    [(6, s, 36) for s in range(8)] + [(12, s, 80) for s in range(3)],
)
def test_made_puzzles_without_a_public_set(size: int, seed: int, most_blanks: int) -> None:
    puzzle, solution = made_puzzle(size, seed, most_blanks)
    assert puzzle.givens < size * size - size
    result = solve(Puzzle(puzzle))
    assert result.status == SOLVED
    assert result.solution == solution


def test_building_tables_is_not_charged_to_the_budget() -> None:
    """A cold process still searches: the one-off table build happens before the clock starts."""
    # Building the 25x25 tables takes far longer than this budget of 50 ms.
    nodes = run_fresh("""
        import json
        from webapp.sudoku import SHAPES, Budget, Grid, Puzzle, solve
        empty = Puzzle(Grid(SHAPES[25], (0,) * 625))
        result = solve(empty, budget=Budget(nodes=1000, ceiling_seconds=0.05))
        print(json.dumps(result.nodes))
    """)
    assert nodes > 0
