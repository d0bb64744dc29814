"""The marks code: a position's pencil marks as a link parameter, and the checks that decide
whether a pasted position may be explained."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sudoku import SHAPES, Budget, Grid, PuzzleError, parse, solve
from webapp.sudoku.logic import (
    Position,
    bits_of,
    decode_marks,
    encode_marks,
    find_path,
    mark_problems,
    position_of,
)
from webapp.sudoku.logic.marks_code import LETTERS, longest
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY, TOP95_SEVENTH, data_lines
from reglib import read_cases


def along_paths() -> list[Position]:
    """Every tenth position along the easiest-first paths of some rated puzzles."""
    puzzles = [TOP95_SEVENTH, *(fields[0] for fields in data_lines("se_rated_sample.txt")[:6])]
    found = []
    for text in puzzles:
        path = find_path(Puzzle(parse(text)), unique=True)
        position = Position.from_puzzle(Puzzle(parse(text)), unique=True)
        for number, step in enumerate(path.steps):
            position = step.apply(position)
            if number % 10 == 0:
                found.append(Position(position.puzzle, position.values, position.candidates))
    return found


ALONG_PATHS = along_paths()


@pytest.mark.parametrize("position", ALONG_PATHS, ids=lambda p: f"{sum(map(bool, p.values))}")
def test_positions_along_paths_make_the_round_trip(position):
    code = encode_marks(position)
    assert decode_marks(position.puzzle, code, position.values) == position
    assert set(code) <= set(LETTERS) and not code.endswith("A")
    assert len(code) <= longest(position.puzzle)


@pytest.mark.parametrize("case", list(read_cases())[::25], ids=lambda case: str(case.line))
def test_hodoku_library_positions_make_the_round_trip(case):
    position = case.position
    assert decode_marks(position.puzzle, encode_marks(position), position.values) == position


def test_the_puzzles_own_start_is_the_empty_code():
    grid = parse(NORVIG_EASY)
    assert encode_marks(Position.from_puzzle(Puzzle(grid))) == ""
    assert decode_marks(Puzzle(grid), "") == Position.from_puzzle(Puzzle(grid))


# Nodes and seconds enough for an empty 25x25 many times over, however busy the machine.
ROOMY = Budget(nodes=10**7, ceiling_seconds=600)


@cache
def filled(size: int) -> Grid:
    """The solver's first answer for the empty grid of `size`, found once. Its 1 s default
    budget may run out on a busy machine, and hypothesis needs the same draws every time."""
    shape = SHAPES[size]
    return solve(Puzzle(Grid(shape, (0,) * shape.cell_count)), budget=ROOMY).solutions[0]


@st.composite
def eliminated(draw: st.DrawFn) -> Position:
    """A solved grid of some size with cells blanked and candidates removed at random."""
    size = draw(st.sampled_from([4, 6, 9, 16, 25]))
    shape = SHAPES[size]
    rng = random.Random(draw(st.integers(0, 2**32)))
    answer = filled(size)
    cells = [0 if rng.random() < draw(st.floats(0.1, 0.9)) else v for v in answer.cells]
    start = Position.from_puzzle(Puzzle(Grid(shape, tuple(cells))))
    share = draw(st.floats(0, 1))
    removed = [
        (cell, value)
        for cell, mask in enumerate(start.candidates)
        for value in bits_of(mask)
        if rng.random() < share
    ]
    return start.eliminate(removed)


@settings(max_examples=60, deadline=None)
@given(eliminated())
def test_random_eliminations_make_the_round_trip(position):
    code = encode_marks(position)
    assert decode_marks(position.puzzle, code, position.values) == position
    assert len(code) <= longest(position.puzzle)


def test_the_longest_codes_are_bounded():
    assert longest(Puzzle(Grid(SHAPES[9], (0,) * 81))) == 122
    assert longest(Puzzle(Grid(SHAPES[25], (0,) * 625))) == 2605


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("A" * 123, "The marks code has 123 letters; this puzzle's candidates fit in 122"),
        ("AB*C", "The marks code has '*' at letter 3"),
        ("AB C", "The marks code has ' ' at letter 3"),
        ("Ü", "The marks code has 'Ü' at letter 1"),
        ("A" * 121 + "B", "letter 122 ('B') removes candidates past this puzzle's last one"),
    ],
)
def test_bad_codes_say_what_is_wrong(code, says):
    with pytest.raises(PuzzleError) as raised:
        decode_marks(Puzzle(Grid(SHAPES[9], (0,) * 81)), code)
    assert says in raised.value.message


def test_position_of_keeps_the_candidates_the_values_allow():
    grid = parse(NORVIG_EASY)
    start = Position.from_puzzle(Puzzle(grid))
    full = ((1 << 10) - 1) << 1
    assert position_of(Puzzle(grid), None) == start
    assert position_of(Puzzle(grid), [full] * 81) == start
    fewer = list(start.candidates)
    fewer[0] &= ~(1 << 4)
    assert position_of(Puzzle(grid), fewer).candidates == tuple(fewer)
    with pytest.raises(PuzzleError):
        position_of(Puzzle(grid), [full] * 80)


def test_marks_that_keep_the_solution_have_no_problem():
    for position in ALONG_PATHS[:10]:
        solution = solve(Puzzle(position.grid), max_solutions=2).solution
        assert solution is not None
        assert mark_problems(position, solution) == ()


def _without(grid_text: str, *removed: tuple[str, int]) -> Position:
    """NORVIG_EASY's start with candidates removed, each given as ("r3c4", value)."""
    start = Position.from_puzzle(Puzzle(parse(grid_text)))
    cells = [((int(name[1]) - 1) * 9 + int(name[3]) - 1, value) for name, value in removed]
    return start.eliminate(cells)


SOLUTION = solve(Puzzle(parse(NORVIG_EASY))).solution


@pytest.mark.parametrize(
    ("removed", "says"),
    [
        # r1c1 is 4 in the solution, and its candidates are 4 and 5
        ((("r1c1", 4),), "The pencil marks leave out 4 in r1c1, which the only solution puts"),
        ((("r1c1", 4), ("r1c1", 5)), "The pencil marks leave no candidate in r1c1"),
        (
            tuple((f"r1c{col}", 7) for col in range(1, 10)),
            "The pencil marks leave no place for 7 in row 1",
        ),
    ],
)
def test_wrong_marks_say_where(removed, says):
    position = _without(NORVIG_EASY, *removed)
    problems = mark_problems(position, SOLUTION)
    assert any(says in problem for problem in problems), problems


def test_the_cells_of_the_solution_in_the_test_are_what_it_says():
    # the table above leans on these facts about NORVIG_EASY
    start = Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    assert SOLUTION is not None and SOLUTION.cells[0] == 4
    assert bits_of(start.candidates[0]) == (4, 5)
