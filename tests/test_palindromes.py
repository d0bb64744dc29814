"""Palindromes (webapp/sudoku/palindromes.py, the registry's "P"): the cells at mirror places
on a grey line hold the same digit. A malformed palindrome is refused with a named, located
message, from a link too; palindromes live in the share code and are read from and written
back to f-puzzles JSON (from SudokuPad links too); a board draws them without a bulb. Real
palindrome puzzles solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json

import pytest

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.palindromes import mirrored, palindrome_problem
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA

# r2c2, r3c3, r4c4: the ends share no row, column or box; and r2c2 holding 3.
LINE = (10, 20, 30)
THREE = (0,) * 10 + (3,)


def palindrome_puzzle(*lines: tuple[int, ...], givens: tuple[int, ...] = ()) -> Puzzle:
    """A 9x9 holding `givens` (then empty) with palindromes over `lines`."""
    cells = givens + (0,) * (81 - len(givens))
    return Puzzle(
        Grid(SHAPES[9], cells), Rules(lines=tuple(Line("P", each) for each in lines), line_size=9)
    )


def test_a_palindrome_binds_the_cells_at_mirror_places_not_the_middle() -> None:
    assert mirrored((1, 2, 3, 4, 5)) == ((1, 5), (2, 4))


def test_the_cells_at_mirror_places_hold_the_same_digit_in_every_solution() -> None:
    solutions = solve(palindrome_puzzle(LINE), max_solutions=30).solutions
    assert solutions and all(found.cells[10] == found.cells[30] for found in solutions)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((0, 1, 0), "palindrome from r1c1 runs through r1c1 twice"),
        ((0, 20), "palindrome from r1c1: cells r1c1 and r3c3 are not neighbours"),
        ((10,), "palindrome at r2c2 has one cell only"),
    ],
)
def test_a_malformed_palindrome_is_said_where_it_is(cells, message) -> None:
    assert palindrome_problem(9, cells) == message


def test_a_link_with_a_malformed_palindrome_is_refused_naming_it() -> None:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    data = {"size": 9, "grid": grid, "palindrome": [{"lines": [["R1C1", "R3C3"]]}]}
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(json.dumps(data))


def test_palindromes_survive_the_share_code() -> None:
    puzzle = palindrome_puzzle((9, 0, 1), (80, 70, 60))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_palindromes_are_written_back_to_fpuzzles_json() -> None:
    puzzle = palindrome_puzzle((40, 30, 29, 19))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_a_sudokupad_link_carrying_a_real_palindrome_puzzle_is_read_with_them() -> None:
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    url = next(line.split()[-1] for line in lines if line.startswith("P "))
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and {line.letter for line in linked.given.rules.lines} == {"P"}


def test_givens_that_differ_at_mirror_places_are_said_to_clash() -> None:
    puzzle = palindrome_puzzle(LINE, givens=(0,) * 10 + (3,) + (0,) * 19 + (4,))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r2c2 and r4c4 are at mirror places on a palindrome: 3 and 4 differ"
    ]


def test_the_related_pair_step_leaves_a_mirror_cell_only_its_twins_digit() -> None:
    position = Position.from_puzzle(palindrome_puzzle(LINE, givens=THREE))
    steps = relation_pairs(position)
    gone = {value for step in steps for cell, value in step.eliminations if cell == 30}
    assert gone == {1, 2, 4, 5, 6, 7, 8, 9}


def test_a_palindrome_step_is_worded_by_its_entry() -> None:
    puzzle = palindrome_puzzle(LINE, givens=THREE)
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert relation_pair_sentence(puzzle.geometry, step).startswith(
        "r2c2 and r4c4 are at mirror places on a palindrome, so they hold the same digit;"
    )


def test_a_board_draws_a_palindrome_without_a_bulb() -> None:
    drawn = drawn_cells(palindrome_puzzle((0, 10)).geometry)
    assert (drawn[0].line_parts, drawn[10].line_parts) == (
        (LinePart("palindrome", "to-below-right"),),
        (LinePart("palindrome", "to-above-left"),),
    )


def test_the_board_says_the_palindromes_rule_below_its_caption() -> None:
    assert rule_legend(palindrome_puzzle((0, 10)).geometry) == (RULE_KINDS["P"].rule,)


def test_uniqueness_techniques_stay_off_under_palindromes() -> None:
    assert not Position.from_puzzle(palindrome_puzzle((0, 10)), unique=True).unique


def test_a_branching_palindrome_is_refused_naming_it() -> None:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    branches = [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1", "R3C1"]]
    data = {"size": 9, "grid": grid, "palindrome": [{"lines": branches}]}
    with pytest.raises(PuzzleError, match="palindromes: number 1 branches"):
        read_json(json.dumps(data))
