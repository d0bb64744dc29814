"""Marked rules (webapp/sudoku/rulebook.py): Kropki's white and black dots and XV's X and V,
whose pairs a puzzle gives itself, with and without "all given"; the search, the counts and
the SAT solver keep them, the share code writes and reads them back, the rules are named, and
givens that break a mark are named as the conflict.

The puzzles here are built by the tests from a solution grid: every side-by-side pair whose
digits hold a kind's relation gets that kind's mark, and the givens are a few of its cells.
"""

from __future__ import annotations

import random

import pytest

from webapp.sudoku import (
    MULTIPLE,
    SOLVED,
    Puzzle,
    PuzzleError,
    Rules,
    find_conflicts,
    parse,
    read_code,
    solve,
)
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.cages import Cage
from webapp.sudoku.counting import count_solutions_of
from webapp.sudoku.grid import Grid
from webapp.sudoku.puzzle import is_solution
from webapp.sudoku.rulebook import MarkedPairs
from webapp.sudoku.sat import sat_solve
from webapp.sudoku.solver import initial_state
from webapp.wording import conflict_message

# A 9x9 solution grid (reading order).
ANSWER = "435269781682571493197834562826195347374682915951743628519326874248957136763418259"
# What each mark says of its pair's two digits, written out again here without the engine.
HOLDS = {
    "W": lambda one, other: abs(one - other) == 1,
    "B": lambda one, other: one == 2 * other or other == 2 * one,
    "X": lambda one, other: one + other == 10,
    "V": lambda one, other: one + other == 5,
}
FAMILY = {"W": "kropki", "B": "kropki", "X": "xv", "V": "xv"}


def side_by_side(size: int) -> list[tuple[int, int]]:
    """Every pair of side-by-side or stacked cells, the lower first."""
    across = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    down = [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return across + down


def marks_of(cells: str, letters: str, all_given: bool, share: float = 1.0, seed: int = 0):
    """The marks of `letters` a grid's digits hold: every pair holding a kind's relation
    (a `share` of them, chosen by `seed`), all given or not."""
    rng = random.Random(seed)
    digits = [int(char) for char in cells]
    found = []
    for letter in letters:
        pairs = [
            pair
            for pair in side_by_side(9)
            if HOLDS[letter](digits[pair[0]], digits[pair[1]]) and rng.random() < share
        ]
        found.append(MarkedPairs(letter, tuple(pairs), all_given))
    return tuple(found)


def keeps(solution: Grid, marks) -> bool:
    """Whether `solution` keeps `marks`, checked here: each marked pair holds its relation,
    and where all are given no pair unmarked in its family does."""
    digits = solution.cells
    for each in marks:
        holds = HOLDS[each.letter]
        if not all(holds(digits[a], digits[b]) for a, b in each.pairs):
            return False
        if each.all_given:
            family = {
                pair
                for other in marks
                if FAMILY[other.letter] == FAMILY[each.letter]
                for pair in other.pairs
            }
            unmarked = [pair for pair in side_by_side(9) if pair not in family]
            if any(holds(digits[a], digits[b]) for a, b in unmarked):
                return False
    return True


def marked_puzzle(givens: str, letters: str, all_given: bool) -> Puzzle:
    """A puzzle of `givens` with every mark of `letters` ANSWER holds."""
    return Puzzle(parse(givens), Rules(marks=marks_of(ANSWER, letters, all_given), mark_size=9))


EMPTY = "." * 81


@pytest.mark.parametrize("letters", ["WB", "WBXV"])
def test_an_empty_grid_with_all_its_marks_given_solves_to_the_answer(letters) -> None:
    result = solve(marked_puzzle(EMPTY, letters, all_given=True))
    assert [solution.line for solution in result.solutions] == [ANSWER]


def test_an_empty_grid_with_its_dots_but_not_all_given_has_many_solutions() -> None:
    assert solve(marked_puzzle(EMPTY, "WB", all_given=False)).status == MULTIPLE


@pytest.mark.parametrize("letters", ["W", "B", "X", "V", "WB", "XV"])
def test_the_answer_keeps_its_marks_as_written_out_here(letters) -> None:
    puzzle = marked_puzzle(EMPTY, letters, all_given=True)
    assert is_solution(parse(ANSWER), puzzle) and keeps(parse(ANSWER), puzzle.rules.marks)


@pytest.mark.parametrize(("letter", "other"), [("W", "B"), ("X", "V")])
def test_a_grid_breaking_a_mark_is_no_solution(letter, other) -> None:
    # The other grid's marks, with ANSWER as the candidate answer.
    other_answer = solve(Puzzle(parse(EMPTY))).solutions[0].line
    marks = marks_of(other_answer, letter, all_given=False)
    assert not is_solution(parse(ANSWER), Puzzle(parse(EMPTY), Rules(marks=marks, mark_size=9)))


# Random puzzles: some of ANSWER's marks (a share of them) and some of its cells, all given
# or not, so that the solver meets unique and multiple ones.
RANDOM_PUZZLES = 16


def _random_puzzles(letters: str) -> list[Puzzle]:
    """RANDOM_PUZZLES puzzles with marks of `letters`, from fixed seeds."""
    puzzles = []
    for seed in range(RANDOM_PUZZLES):
        rng = random.Random(seed)
        marks = marks_of(ANSWER, letters, seed % 2 == 0, share=0.4 + seed / 40, seed=seed)
        cells = "".join(char if rng.random() < 0.15 else "." for char in ANSWER)
        puzzles.append(Puzzle(parse(cells), Rules(marks=marks, mark_size=9)))
    return puzzles


@pytest.mark.parametrize("letters", ["WB", "XV", "WX"])
def test_every_solution_the_solver_returns_keeps_the_marks(letters) -> None:
    kept = [
        keeps(solution, puzzle.rules.marks) and is_solution(solution, puzzle)
        for puzzle in _random_puzzles(letters)
        for solution in solve(puzzle, max_solutions=3).solutions
    ]
    assert kept and all(kept)


def test_the_sat_solver_finds_solutions_that_keep_the_marks() -> None:
    # A few dots on an empty grid, given to the SAT solver as the search would hand it over
    # (the search's relation narrowing now decides it in its own nodes).
    puzzle = Puzzle(parse(EMPTY), Rules(marks=marks_of(ANSWER, "WB", False, 0.3), mark_size=9))
    board = bitboard_for(puzzle.geometry)
    alive, done = initial_state(board, puzzle.grid)
    found = sat_solve(board, alive, done, 2, 100_000).solutions
    assert [keeps(s, puzzle.rules.marks) for s in found] == [True, True]


def test_counting_keeps_the_marks() -> None:
    givens = "".join(char if at % 7 == 0 else "." for at, char in enumerate(ANSWER))
    assert count_solutions_of(marked_puzzle(givens, "WBXV", all_given=True)).count == 1


@pytest.mark.parametrize(("letters", "all_given"), [("W", False), ("WB", True), ("XV", True)])
def test_the_share_code_reads_back(letters, all_given) -> None:
    puzzle = marked_puzzle(EMPTY, letters, all_given)
    assert read_code(puzzle.code) == puzzle


def test_a_share_code_writes_each_kind_as_its_letter_and_29_letters_on_a_9x9() -> None:
    puzzle = marked_puzzle(EMPTY, "WB", all_given=True)
    tail = puzzle.code.split("-")[1]
    assert (tail[0], tail[30], len(tail)) == ("W", "B", 60)


def test_marks_come_between_the_letters_and_a_killers_cages_and_read_back() -> None:
    marks = marks_of(ANSWER, "X", all_given=True)
    rules = Rules(("n",), (), (Cage((0, 1), 12),), 9, marks, 9)
    puzzle = Puzzle(parse(EMPTY), rules)
    assert puzzle.code.split("-")[1][:2] == "nX" and read_code(puzzle.code) == puzzle


def test_a_mark_code_cut_short_is_refused_in_words() -> None:
    code = marked_puzzle(EMPTY, "W", True).code[:-3]
    with pytest.raises(PuzzleError, match="the marks after W are 29 letters"):
        read_code(code)


def test_a_mark_joining_cells_not_side_by_side_is_refused_by_its_cells() -> None:
    rules = Rules(marks=(MarkedPairs("B", ((0, 10),)),), mark_size=9)
    with pytest.raises(PuzzleError, match="Kropki's marks join side-by-side cells only, not r1c1"):
        Puzzle(parse(EMPTY), rules)


@pytest.mark.parametrize(("letters", "name"), [("WB", "Kropki"), ("XV", "XV"), ("BX", "Kropki XV")])
def test_the_rules_are_named(letters, name) -> None:
    assert marked_puzzle(EMPTY, letters, False).rules.name == name


def _givens(one: int, other: int, at: tuple[int, int] = (0, 1)) -> str:
    """An empty grid but for `one` and `other` in the cells `at`."""
    cells = ["."] * 81
    cells[at[0]], cells[at[1]] = str(one), str(other)
    return "".join(cells)


def test_givens_breaking_a_black_dot_are_named_in_its_words() -> None:
    rules = Rules(marks=(MarkedPairs("B", ((0, 1),)),), mark_size=9)
    (clash,) = find_conflicts(Puzzle(parse(_givens(3, 5)), rules))
    assert conflict_message(clash) == "r1c1 and r1c2 have a black dot: 3 and 5 are not in ratio 2"


def test_givens_summing_to_ten_without_an_x_when_all_are_given_are_named() -> None:
    rules = Rules(marks=(MarkedPairs("X", (), True),), mark_size=9)
    (clash,) = find_conflicts(Puzzle(parse(_givens(3, 7, (0, 9))), rules))
    assert (
        conflict_message(clash) == "r1c1 and r2c1 have no X and all are given: 3 and 7 add up to 10"
    )


def test_a_black_dot_spares_its_pair_from_all_white_dots_given() -> None:
    # 1 and 2 under a black dot are one apart and need no white dot as well.
    marks = (MarkedPairs("W", (), True), MarkedPairs("B", ((0, 1),)))
    puzzle = Puzzle(parse(_givens(1, 2)), Rules(marks=marks, mark_size=9))
    assert find_conflicts(puzzle) == ()


def test_a_marked_puzzle_with_breaking_givens_has_no_solution() -> None:
    rules = Rules(marks=(MarkedPairs("V", ((0, 1),)),), mark_size=9)
    assert solve(Puzzle(parse(_givens(3, 4)), rules)).status != SOLVED


def test_marks_on_a_25x25_are_refused_in_words() -> None:
    rules = Rules(marks=(MarkedPairs("W", ((0, 1),)),), mark_size=25)
    with pytest.raises(PuzzleError, match="marks are drawn on grids up to 16x16"):
        Puzzle(parse("0" * 625), rules)
