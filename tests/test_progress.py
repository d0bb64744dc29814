"""A player's progress: read strictly against its puzzle, and checked against the solution."""

from __future__ import annotations

import pytest

from webapp.sudoku import PuzzleError, parse
from webapp.sudoku.logic import Position
from webapp.sudoku.progress import check, read_progress, start
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY, NORVIG_EASY_SOLUTION, with_cells

PUZZLE = parse(NORVIG_EASY)
SOLUTION = parse(NORVIG_EASY_SOLUTION)
CODE = PUZZLE.code  # r1c1 is open, r1c3 is a given 3


@pytest.mark.parametrize("text", ["", "   ", CODE, PUZZLE.line])
def test_no_entries_is_the_puzzle_itself(text):
    assert read_progress(Puzzle(PUZZLE), text) == start(Puzzle(PUZZLE))


def test_entries_are_read_and_givens_kept():
    progress = read_progress(Puzzle(PUZZLE), with_cells(CODE, r1c1="4", r1c3="0", r1c2="8"))
    assert progress.grid.value(0, 0) == 4
    assert progress.grid.value(0, 1) == 8
    assert progress.grid.value(0, 2) == 3  # a 0 where a given stands keeps the given
    assert progress.entries == (0, 1)
    assert progress.code == with_cells(CODE, r1c1="4", r1c2="8")


@pytest.mark.parametrize(
    ("text", "message", "cells"),
    [
        (CODE[:80], "The progress has 80 cells; a 9x9 puzzle has 81", ()),
        (CODE + "0", "The progress has 82 cells; a 9x9 puzzle has 81", ()),
        (
            with_cells(CODE, r1c1="x", r2c2="A"),
            "The progress has 'x' at r1c1, 'A' at r2c2: each cell holds a digit from 1 to 9,"
            " or 0 when empty",
            ((1, 1), (2, 2)),
        ),
        (
            with_cells(CODE, r1c3="5"),
            "r1c3 is a given 3; the progress has 5 there",
            ((1, 3),),
        ),
    ],
    ids=["short", "long", "bad-symbols", "given-overwritten"],
)
def test_a_bad_progress_says_what_and_where(text, message, cells):
    with pytest.raises(PuzzleError) as raised:
        read_progress(Puzzle(PUZZLE), text)
    assert raised.value.message == message
    assert raised.value.cells == cells


def test_many_bad_symbols_are_counted_not_all_named():
    with pytest.raises(PuzzleError) as raised:
        read_progress(Puzzle(PUZZLE), with_cells(CODE, r1c1="x", r1c2="y", r1c4="z", r1c6="w"))
    assert "'z' at r1c4 and 1 more:" in raised.value.message
    assert len(raised.value.cells) == 4


def test_big_grids_take_letters_in_either_case():
    puzzle = parse("0" * 256)
    progress = read_progress(Puzzle(puzzle), "g" + "0" * 255)
    assert progress.grid.cells[0] == 16


def test_check_finds_wrong_entries_and_clashes_without_the_answers():
    position = Position.from_puzzle(Puzzle(PUZZLE))
    # r1c2: a candidate that clashes with nothing (r1c1 is right) but is not the solution's
    wrong = next(v for v in range(1, 10) if position.has(1, v) and v not in SOLUTION.cells[:2])
    # r2c2 = 9 clashes with the given 9 of r2c1, in row 2 and in box 1
    text = with_cells(CODE, r1c1=NORVIG_EASY_SOLUTION[0], r1c2=str(wrong), r2c2="9")
    found = check(read_progress(Puzzle(PUZZLE), text), SOLUTION)
    assert found.wrong == (1, 10)
    assert {(c.unit, c.index, c.symbol) for c in found.clashes} == {
        ("row", 2, "9"),
        ("box", 1, "9"),
    }
    assert found


def test_a_right_grid_has_no_mistakes():
    found = check(read_progress(Puzzle(PUZZLE), SOLUTION.code), SOLUTION)
    assert not found
    assert found.wrong == ()


def test_setting_values_never_touches_a_given():
    progress = start(Puzzle(PUZZLE)).with_values({0: 4, 2: 9})
    assert progress.grid.value(0, 0) == 4
    assert progress.grid.value(0, 2) == 3
