"""Marked rules in f-puzzles JSON (webapp/sudoku/links/fpuzzles.py): Kropki's `difference`
and `ratio` and XV's `xv` lists of marks, and the `negative` list of keys whose marks are
all given, read into a puzzle's marks and written back; `nonconsecutive` beside white dots
is their negative constraint. The format is f-puzzles' as the open-source solvers that read
it take it (tests/data/links/README.md names them); the puzzles are built here.
"""

from __future__ import annotations

import json

import pytest
from test_marked_rules import ANSWER, EMPTY, marked_puzzle

from webapp.sudoku import Puzzle, PuzzleError, Rules, parse, solve
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.links.lzstring import compress_to_base64
from webapp.sudoku.rulebook import MarkedPairs


def fpuzzles(**keys: object) -> dict[str, object]:
    """An empty 9x9 in f-puzzles JSON with `keys` on top."""
    return {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], **keys}


def marks(data: dict[str, object]) -> tuple[MarkedPairs, ...]:
    """The marks read from f-puzzles JSON `data`."""
    return read_json(json.dumps(data)).rules.marks


def test_white_and_black_dots_read_as_kropki_marks() -> None:
    data = fpuzzles(
        difference=[{"cells": ["R1C1", "R1C2"]}],
        ratio=[{"cells": ["R2C1", "R1C1"], "value": "2"}],
    )
    assert marks(data) == (MarkedPairs("W", ((0, 1),)), MarkedPairs("B", ((0, 9),)))


def test_x_and_v_read_by_their_values() -> None:
    data = fpuzzles(
        xv=[{"cells": ["R1C1", "R1C2"], "value": "x"}, {"cells": ["R5C5", "R5C6"], "value": "V"}]
    )
    assert marks(data) == (MarkedPairs("X", ((0, 1),)), MarkedPairs("V", ((40, 41),)))


def test_negative_xv_gives_both_x_and_v_all_given() -> None:
    data = fpuzzles(xv=[{"cells": ["R1C1", "R1C2"], "value": "X"}], negative=["xv"])
    assert marks(data) == (MarkedPairs("X", ((0, 1),), True), MarkedPairs("V", (), True))


def test_non_consecutive_beside_white_dots_is_their_negative_constraint() -> None:
    found = read_json(
        json.dumps(fpuzzles(difference=[{"cells": ["R1C1", "R1C2"]}], nonconsecutive=True))
    )
    assert (found.rules.extras, found.rules.marks) == ((), (MarkedPairs("W", ((0, 1),), True),))


@pytest.mark.parametrize(
    ("letters", "all_given"), [("WB", True), ("XV", True), ("WBXV", False), ("B", True)]
)
def test_f_puzzles_json_written_reads_back_the_marks(letters, all_given) -> None:
    puzzle = marked_puzzle(EMPTY, letters, all_given)
    found = read_json(write_json(puzzle.grid, puzzle.rules))
    assert found.rules == puzzle.rules


def test_an_f_puzzles_link_with_dots_solves_to_the_answer() -> None:
    puzzle = marked_puzzle(EMPTY, "WB", all_given=True)
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(
        write_json(puzzle.grid, puzzle.rules)
    )
    read = read_link(link)
    assert [s.line for s in solve(Puzzle(read.puzzle, read.rules)).solutions] == [ANSWER]


def test_a_mark_between_cells_not_side_by_side_is_refused_by_its_cells() -> None:
    data = fpuzzles(ratio=[{"cells": ["R1C1", "R2C2"]}])
    with pytest.raises(PuzzleError, match="mark 1 joins r1c1 and r2c2, which are not side by side"):
        marks(data)


def test_a_white_dot_of_another_difference_is_refused_by_name() -> None:
    data = fpuzzles(difference=[{"cells": ["R1C1", "R1C2"], "value": "3"}])
    with pytest.raises(PuzzleError, match="white kropki dots: mark 1 has the value '3'"):
        marks(data)


def test_a_negative_constraint_the_solver_does_not_read_is_refused_by_name() -> None:
    with pytest.raises(PuzzleError, match="negative constraints of thermometers"):
        marks(fpuzzles(negative=["thermometer"]))


def test_a_grid_with_a_dot_is_no_longer_refused_as_a_variant() -> None:
    # Before the registry's marked kinds, "white kropki dots" were refused by name.
    data = fpuzzles(difference=[{"cells": ["R1C1", "R1C2"]}])
    assert read_json(json.dumps(data)).rules.name == "Kropki"


def test_the_rules_read_from_a_link_keep_a_puzzles_other_rules() -> None:
    data = fpuzzles(antiknight=True, xv=[{"cells": ["R1C1", "R1C2"], "value": "V"}])
    rules = read_json(json.dumps(data)).rules
    assert (rules.extras, [m.letter for m in rules.marks]) == (("n",), ["V"])


def test_a_rules_value_with_marks_builds_the_same_puzzle_as_its_share_code() -> None:
    puzzle = marked_puzzle(EMPTY, "XV", all_given=True)
    assert Puzzle(parse(EMPTY), Rules(marks=puzzle.rules.marks, mark_size=9)) == puzzle


def test_a_sudokupad_link_carrying_f_puzzles_json_reads_its_marks() -> None:
    puzzle = marked_puzzle(EMPTY, "XV", all_given=True)
    payload = compress_to_base64(write_json(puzzle.grid, puzzle.rules))
    read = read_link(f"https://sudokupad.app/fpuzzles{payload}")
    assert read.rules == puzzle.rules
