"""The SAT solver behind the search on big grids: right answers, honest statuses, the deadline
kept within a slice (counted in conflicts, by a clock that reads them)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from webapp.sudoku import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    SHAPES,
    SOLVED,
    Budget,
    Grid,
    find_conflicts,
    is_solution,
    parse,
    solve,
    standard_geometry,
)
from webapp.sudoku import sat as sat_module
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.result import SAT, SEARCH
from webapp.sudoku.sat import formula, sat_solve
from webapp.sudoku.solver import initial_state, propagate

from puzzles import NORVIG_EASY, data_lines, frisch_25x25

# Enough for CaDiCaL on the puzzles below (about 0.1 s each) many times over.
ROOMY = Budget(seconds=5)
# Unique 25x25 puzzles beyond the search in a second (Frisch's #19 with extra givens).
BIG = [(parse(p), parse(s)) for p, _, s in data_lines("sat_25x25_answers.txt")]
# Minimal 25x25 puzzles CaDiCaL needs many seconds for (12 s and more here).
HARD = [(parse(p), parse(s)) for p, _, s in data_lines("engine_25x25_answers.txt")[:2]]
# 16x16 puzzles whose singles leave the most open: 310 to 624 options.
SIXTEENS = [
    (parse(p), parse(s))
    for number, (p, _, s) in enumerate(data_lines("engine_16x16_answers.txt"))
    if number in (18, 26, 39, 53, 54)
]
ANSWERED = [
    *(pytest.param(p, s, id=f"16x16 {n}") for n, (p, s) in enumerate(SIXTEENS, start=1)),
    *(pytest.param(p, s, id=f"Gecode #{n}") for n, (p, s) in zip((89, 90), BIG, strict=True)),
]


def root(grid: Grid) -> tuple[int, int]:
    """The state the search hands over: the givens placed and their singles with them."""
    board = bitboard_for(standard_geometry(grid.shape))
    state = propagate(board, initial_state(board, grid))
    assert state is not None
    return state


def sat(grid: Grid, max_solutions: int = 2, known: tuple[Grid, ...] = ()):
    """sat_solve on the root state of `grid`, with a deadline far off."""
    board = bitboard_for(standard_geometry(grid.shape))
    deadline = time.perf_counter() + ROOMY.seconds
    return sat_solve(board, *root(grid), max_solutions, deadline, known=known)


def with_cells(grid: Grid, cells: dict[int, int]) -> Grid:
    """`grid` with some cells (by index) set to other values, 0 for a blank."""
    return Grid(grid.shape, tuple(cells.get(i, v) for i, v in enumerate(grid.cells)))


def without_first_givens(grid: Grid, count: int) -> Grid:
    """`grid` with its first `count` givens (in reading order) blanked."""
    givens = [i for i, v in enumerate(grid.cells) if v][:count]
    return with_cells(grid, dict.fromkeys(givens, 0))


@pytest.mark.parametrize(("puzzle", "answer"), ANSWERED)
def test_the_sat_solver_finds_the_one_answer_and_proves_there_is_no_other(puzzle, answer):
    found = sat(puzzle)
    assert found.solutions == (answer,)
    assert is_solution(found.solutions[0], Puzzle(puzzle))
    assert found.exhausted and not found.gave_up


@pytest.mark.parametrize(("puzzle", "answer"), BIG, ids=["Gecode #89", "Gecode #90"])
def test_big_puzzles_beyond_the_search_are_solved_by_sat(puzzle, answer):
    result = solve(Puzzle(puzzle), budget=ROOMY)
    assert (result.status, result.engine) == (SOLVED, SAT)
    assert result.solution == answer
    assert is_solution(result.solution, Puzzle(puzzle))
    assert result.exhausted
    assert result.sat_conflicts > 0
    assert result.nodes > 0  # the search had its share first


@pytest.mark.parametrize(("puzzle", "answer"), BIG, ids=["Gecode #89", "Gecode #90"])
def test_five_givens_fewer_make_two_solutions_that_keep_the_rest(puzzle, answer):
    fewer = without_first_givens(puzzle, 5)
    result = solve(Puzzle(fewer), budget=ROOMY)
    assert (result.status, result.engine) == (MULTIPLE, SAT)
    first, second = result.solutions
    assert first != second
    assert is_solution(first, Puzzle(fewer)) and is_solution(second, Puzzle(fewer))


@pytest.mark.parametrize(("puzzle", "answer"), BIG, ids=["Gecode #89", "Gecode #90"])
def test_a_solution_it_is_told_about_is_never_found_again(puzzle, answer):
    assert sat(puzzle, known=(answer,)).solutions == ()
    fewer = without_first_givens(puzzle, 5)
    (first,) = sat(fewer, max_solutions=1).solutions
    (second,) = sat(fewer, max_solutions=1, known=(first,)).solutions
    assert second != first
    assert is_solution(second, Puzzle(fewer))


# A blank cell given a value that clashes with no given but is not its answer's: the
# puzzle had one solution, so now it has none, and only the SAT solver finds that out.
@pytest.mark.parametrize(
    ("which", "cell", "value"),
    [
        pytest.param(0, 29, 3, id="Gecode #89 r2c5=3"),
        pytest.param(1, 13, 2, id="Gecode #90 r1c14=2"),
    ],
)
def test_a_wrong_given_without_a_clash_has_no_solution(which, cell, value):
    puzzle, answer = BIG[which]
    assert puzzle.cells[cell] == 0 and answer.cells[cell] != value
    wrong = with_cells(puzzle, {cell: value})
    assert not find_conflicts(Puzzle(wrong))
    result = solve(Puzzle(wrong), budget=ROOMY)
    assert (result.status, result.engine) == (NO_SOLUTION, SAT)
    assert result.exhausted
    assert result.solutions == ()


@pytest.mark.parametrize(("puzzle", "answer"), HARD, ids=["Gecode #18", "Gecode #26"])
def test_out_of_time_it_gives_up_and_claims_nothing_false(puzzle, answer):
    result = solve(Puzzle(puzzle), budget=Budget(seconds=0.5))
    assert (result.status, result.engine) == (GAVE_UP, SAT)
    assert not result.exhausted
    assert all(found == answer for found in result.solutions)


# The clock below: CaDiCaL's conflicts so far, read as seconds at this rate.
CONFLICTS_A_SECOND = 100_000


@pytest.mark.parametrize(("puzzle", "answer"), HARD, ids=["Gecode #18", "Gecode #26"])
def test_it_stops_within_one_slice_of_its_deadline(puzzle, answer, monkeypatch):
    # A clock that moves only as CaDiCaL works: the deadline is a count of conflicts, and
    # slices aim at SLICE_SECONDS of them, so it stops within one slice past the deadline.
    solvers = []

    class Watched(sat_module.Solver):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            solvers.append(self)

    def conflicts_clock() -> float:
        done = solvers[-1].accum_stats()["conflicts"] if solvers else 0
        return done / CONFLICTS_A_SECOND

    monkeypatch.setattr(sat_module, "Solver", Watched)
    monkeypatch.setattr(sat_module, "time", SimpleNamespace(perf_counter=conflicts_clock))
    board = bitboard_for(standard_geometry(puzzle.shape))
    deadline = 20_000
    found = sat_solve(board, *root(puzzle), 2, deadline / CONFLICTS_A_SECOND)
    assert found.gave_up and not found.exhausted
    assert all(solution == answer for solution in found.solutions)
    one_slice = sat_module.SLICE_SECONDS * CONFLICTS_A_SECOND
    assert deadline <= found.conflicts <= deadline + one_slice


@pytest.mark.parametrize(
    ("puzzle", "budget", "engine"),
    [
        pytest.param(parse(NORVIG_EASY), ROOMY, SEARCH, id="9x9"),
        pytest.param(SIXTEENS[0][0], ROOMY, SEARCH, id="16x16 the search finishes"),
        # Its formula (752,500 clauses) would take 1.5 s to build: the search fills it.
        pytest.param(parse("." * 625), Budget(seconds=1), SEARCH, id="empty 25x25 in 1 s"),
        pytest.param(BIG[0][0], ROOMY, SAT, id="25x25 beyond the search"),
    ],
)
def test_the_engine_says_who_decided(puzzle, budget, engine):
    result = solve(Puzzle(puzzle), budget=budget)
    assert result.status in (SOLVED, MULTIPLE)
    assert result.engine == engine
    assert all(is_solution(found, Puzzle(puzzle)) for found in result.solutions)
    assert (result.sat_conflicts > 0) == (engine == SAT)


def test_out_of_nodes_the_budget_is_spent_and_nothing_is_handed_over():
    puzzle, answer = BIG[0]
    result = solve(Puzzle(puzzle), budget=Budget(nodes=50, seconds=30))
    assert (result.status, result.engine, result.nodes) == (GAVE_UP, SEARCH, 50)


def test_a_state_its_singles_fill_is_one_solution_and_an_empty_formula():
    puzzle = parse(data_lines("engine_16x16_answers.txt")[0][0])
    board = bitboard_for(standard_geometry(puzzle.shape))
    assert formula(board, *root(puzzle)).clauses == []
    found = sat(puzzle)
    assert len(found.solutions) == 1 and found.exhausted
    assert is_solution(found.solutions[0], Puzzle(puzzle))


def test_a_state_with_a_constraint_out_of_options_has_no_solution():
    # r1c16 can hold nothing: row 1 has 1 to 15 and column 16 has the 16 (in row 2).
    shape = SHAPES[16]
    cells = [0] * shape.cell_count
    cells[:15] = range(1, 16)
    cells[16 + 15] = 16
    puzzle = Grid(shape, tuple(cells))
    assert not find_conflicts(Puzzle(puzzle))
    board = bitboard_for(standard_geometry(shape))
    state = initial_state(board, puzzle)
    assert propagate(board, state) is None
    found = sat_solve(board, *state, 2, time.perf_counter() + ROOMY.seconds)
    assert (found.solutions, found.exhausted, found.gave_up) == ((), True, False)


def test_a_long_solve_tells_how_far_it_has_come():
    told: list[tuple[str, int]] = []
    hard = parse(frisch_25x25()[0])  # beyond a second for CaDiCaL too
    result = solve(
        Puzzle(hard), budget=Budget(nodes=10**9, seconds=1.3), progress=lambda *t: told.append(t)
    )
    assert result.engine == SAT and result.status == GAVE_UP
    assert told[0] == ("search nodes", result.nodes)
    counts = [count for unit, count in told[1:] if unit == "SAT conflicts"]
    assert len(counts) == len(told) - 1 >= 1
    assert counts == sorted(counts) and counts[-1] <= result.sat_conflicts
