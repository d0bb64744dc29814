"""X-sums (webapp/sudoku/xsums.py, the registry's "Y"; an outside kind's line rule,
line_rules.py): the first X digits of a row or column from the clue's end add up to the
clue, X the first of them. The narrowing never drops a digit that some different digits of
the other cells keep the rule with, and keeps a full line exactly when it holds; the SAT
clauses hold exactly the rows that keep the rule, and the search and the SAT solver find
exactly the 4x4 grids that keep random clues; a malformed X-sum or clue is refused with a
named, located message, from a link too; X-sums live in the share code and are read from
and written back to f-puzzles JSON; givens that break one clash by name; a board draws the
clue beside its row, heard as of the row; the logic's step is worded by the entry. Real
X-sum puzzles solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json
import random
import re
from itertools import permutations

import pytest
from outside_rows import (
    column_line,
    four_by_four_case,
    grid_json,
    kept_by_trying,
    row_line,
    rows_the_clauses_get_wrong,
)
from small_grids import found_by_sat, found_by_search

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.line_rules import line_rules
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rule_text import notation_hint, read_typed
from webapp.sudoku.rulebook import RULE_KINDS, Line, line_fault
from webapp.sudoku.xsums import xsum_clauses, xsum_narrows, xsum_problem
from webapp.web.variant_drawing import drawn_cells, rule_legend
from webapp.wording import conflict_message


def x_summed(digits: tuple[int, ...]) -> int:
    """The sum of a line's first X digits, X the first of them, as the rule says it."""
    return sum(digits[: digits[0]])


def xsum_puzzle(*clues: tuple[tuple[int, ...], int], givens: tuple[int, ...] = ()) -> Puzzle:
    """An empty 9x9 but `givens` in its first cells, with X-sum clues (cells, number)."""
    cells = givens + (0,) * (81 - len(givens))
    lines = tuple(Line("Y", each, value) for each, value in clues)
    return Puzzle(Grid(SHAPES[9], cells), Rules(lines=lines, line_size=9))


@pytest.mark.parametrize("seed", range(3))
def test_the_narrowing_never_drops_a_digit_the_other_cells_keep(seed) -> None:
    rng = random.Random(seed)
    size = 6
    dropped = []
    for _ in range(60):
        masks = tuple(rng.randrange(1, 64) | rng.randrange(1, 64) for _ in range(size))
        value = rng.choice((1, 5, 7, 9, 12, 15, 18, 21))
        kept = xsum_narrows(size, masks, value)
        tried = kept_by_trying(x_summed, size, masks, value)
        dropped += [masks for keep, want in zip(kept, tried, strict=True) if want & ~keep]
    assert dropped == []


def test_the_narrowing_of_a_full_row_keeps_it_exactly_when_it_holds() -> None:
    size = 6
    wrong = [
        (digits, value)
        for digits in permutations(range(1, size + 1))
        for value in range(23)
        if all(xsum_narrows(size, tuple(1 << (d - 1) for d in digits), value))
        != (x_summed(digits) == value)
    ]
    assert wrong == []


def test_a_clue_of_3_puts_a_2_first_and_a_1_second() -> None:
    # 1 alone makes 1; 2 and a 1 make 3; 3 and two more make at least 6
    kept = xsum_narrows(9, (511,) * 9, 3)
    assert (kept[0], kept[1]) == (0b10, 0b1)


def test_the_sat_clauses_hold_exactly_the_rows_that_keep_the_rule() -> None:
    assert rows_the_clauses_get_wrong(x_summed, xsum_clauses, 5) == []


@pytest.mark.parametrize("find", [found_by_search, found_by_sat])
@pytest.mark.parametrize("seed", range(4))
def test_the_search_and_the_sat_solver_find_exactly_the_grids_that_keep_the_clues(
    seed, find, every_four_by_four
) -> None:
    puzzle, kept = four_by_four_case("Y", x_summed, seed, every_four_by_four)
    found = find(puzzle)
    assert set(found) == kept and len(found) == len(kept)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((), "an X-sum has no cells"),
        ((0, 1, 81), "an X-sum runs through cell 81, outside the 9x9 grid"),
        ((0, 1, 2), "X-sum from r1c1 is not a whole row or column"),
        ((0, 10, 20, 30, 40, 50, 60, 70, 80), "X-sum from r1c1 is not a whole row or column"),
    ],
)
def test_a_malformed_xsum_is_said_where_it_is(cells, message) -> None:
    assert xsum_problem(9, cells) == message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (46, "X-sum 46 left of row 3: it is more than 45, every digit from 1 to 9 together"),
        (2, "X-sum 2 left of row 3: no first cell X and X - 1 different digits after it add up"),
        (4, "X-sum 4 left of row 3: no first cell X and X - 1 different digits after it add up"),
    ],
)
def test_a_clue_no_digits_make_is_said_where_it_is(value, message) -> None:
    fault = line_fault(9, Line("Y", row_line(9, 2), value))
    assert fault is not None and fault.startswith(message)


def test_xsums_are_read_from_fpuzzles_json_at_every_end() -> None:
    clues = (
        {"cell": "R3C0", "value": "15"},
        {"cell": "R3C10", "value": "7"},
        {"cell": "R0C2", "value": "1"},
        {"cell": "R10C2", "value": "45"},
    )
    rules = read_json(grid_json("xsum", *clues)).rules
    assert rules.lines == (
        Line("Y", row_line(9, 2), 15),
        Line("Y", row_line(9, 2, True), 7),
        Line("Y", column_line(9, 1), 1),
        Line("Y", column_line(9, 1, True), 45),
    )


def test_a_link_with_a_clue_no_digits_make_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="X-sum 50 below column 2: it is more than 45"):
        read_json(grid_json("xsum", {"cell": "R10C2", "value": "50"}))


def test_xsums_survive_the_share_code() -> None:
    puzzle = xsum_puzzle((row_line(9, 2), 15), (column_line(9, 8, True), 1))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_xsums_are_written_back_to_fpuzzles_json() -> None:
    puzzle = xsum_puzzle((row_line(9, 2, True), 15), (column_line(9, 0), 45))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_givens_that_break_an_xsum_are_said_to_clash() -> None:
    # a 2 first and a 9 beside it make 11, not 15
    puzzle = xsum_puzzle((row_line(9, 0), 15), givens=(2, 9))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c2 are in the row or column of the X-sum 15: with 2, 9 there, its first X"
        " digits, X the first, cannot add up to 15"
    ]


def test_every_solution_keeps_its_xsums() -> None:
    clues = ((row_line(9, 0), 20), (column_line(9, 4, True), 9))
    solutions = solve(xsum_puzzle(*clues), max_solutions=20).solutions
    held = [
        x_summed(tuple(grid.cells[cell] for cell in cells)) == value
        for grid in solutions
        for cells, value in clues
    ]
    assert len(held) == 40 and all(held)


def test_a_line_rule_step_is_worded_by_its_entry() -> None:
    puzzle = xsum_puzzle((row_line(9, 2), 3))
    step = next(line_rules(Position.from_puzzle(puzzle)))
    assert sentence(puzzle.geometry, step) == (
        "The X-sum 3 left of row 3 adds up its first X digits, X the digit nearest it, so"
        " with what the line's other cells can still hold, r3c1 can only be 2: it cannot be"
        " 1, 3, 4, 5, 6, 7, 8 or 9"
    )


def test_a_screen_reader_hears_the_clue_as_of_its_row() -> None:
    drawn = drawn_cells(xsum_puzzle((row_line(9, 2, True), 15)).geometry)
    assert "X-sum 15 right of row 3" in drawn[26].spoken


def test_the_board_says_the_xsums_rule_below_its_caption() -> None:
    puzzle = xsum_puzzle((row_line(9, 2), 15))
    assert rule_legend(puzzle.geometry) == (RULE_KINDS["Y"].rule,)


def test_uniqueness_techniques_stay_off_under_xsums() -> None:
    puzzle = xsum_puzzle((row_line(9, 2), 15))
    assert not Position.from_puzzle(puzzle, unique=True).unique


def test_the_forms_hint_gives_an_xsum_a_9x9_reads() -> None:
    example = re.search(r"Y \d+:\S+?(?= on a 9x9)", notation_hint())
    assert example is not None and read_typed(9, example.group())[1] == (
        Line("Y", column_line(9, 0), 15),
    )


def test_a_typed_xsum_short_of_its_row_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="X-sum from r1c1 is not a whole row or column"):
        read_typed(9, "Y 15:r1c1-r1c2-r1c3")


def drawn_clue(place: str, value: str) -> dict[str, object]:
    """f-puzzles' text drawn for a clue: its number at the clue's place, from the constraint."""
    return {"cells": [place], "value": value, "fromConstraint": "X Sum"}


def test_fpuzzles_text_drawing_the_clues_is_taken_as_their_drawing() -> None:
    data = json.loads(grid_json("xsum", {"cell": "R3C0", "value": "15"}))
    data["text"] = [drawn_clue("R3C0", "\u25ef"), drawn_clue("R3C0", "15")]
    assert read_json(json.dumps(data)).rules.lines == (Line("Y", row_line(9, 2), 15),)


def test_fpuzzles_text_elsewhere_is_still_refused_by_name() -> None:
    data = json.loads(grid_json("xsum", {"cell": "R3C0", "value": "15"}))
    data["text"] = [drawn_clue("R4C0", "15")]
    with pytest.raises(PuzzleError, match="text on the grid"):
        read_json(json.dumps(data))
