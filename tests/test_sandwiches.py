"""Sandwich sums (webapp/sudoku/sandwiches.py, the registry's "H"; an outside kind's line
rule, line_rules.py): the digits of a row or column between its 1 and its largest digit add
up to the clue outside its end. The narrowing never drops a digit that some different
digits of the other cells keep the rule with, and keeps a full line exactly when it holds;
the SAT clauses hold exactly the rows that keep the rule, and the search and the SAT solver
find exactly the 4x4 grids that keep random clues; a malformed sandwich or clue is refused
with a named, located message, from a link too; sandwiches live in the share code and are
read from and written back to f-puzzles JSON (from SudokuPad links too); givens that break
one clash by name; a board draws the clue beside its row, heard as of the row; the logic's
step is worded by the entry. Real sandwich puzzles solve to their published solutions in
tests/test_real_marked_links.py."""

from __future__ import annotations

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
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.line_rules import line_rules
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rule_text import notation_hint, read_typed
from webapp.sudoku.rulebook import RULE_KINDS, Line, line_fault
from webapp.sudoku.sandwiches import sandwich_clauses, sandwich_narrows, sandwich_problem
from webapp.web.variant_drawing import drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA


def sandwiched(digits: tuple[int, ...]) -> int:
    """The sum of the digits between a line's 1 and its largest digit, as the rule says it."""
    first, last = sorted((digits.index(1), digits.index(len(digits))))
    return sum(digits[first + 1 : last])


def sandwich_puzzle(*clues: tuple[tuple[int, ...], int], givens: tuple[int, ...] = ()) -> Puzzle:
    """An empty 9x9 but `givens` in its first cells, with sandwich clues (cells, number)."""
    cells = givens + (0,) * (81 - len(givens))
    lines = tuple(Line("H", each, value) for each, value in clues)
    return Puzzle(Grid(SHAPES[9], cells), Rules(lines=lines, line_size=9))


@pytest.mark.parametrize("seed", range(3))
def test_the_narrowing_never_drops_a_digit_the_other_cells_keep(seed) -> None:
    rng = random.Random(seed)
    size = 6
    dropped = []
    for _ in range(60):
        masks = tuple(rng.randrange(1, 64) | rng.randrange(1, 64) for _ in range(size))
        value = rng.choice((0, 2, 5, 7, 9, 12, 14))
        kept = sandwich_narrows(size, masks, value)
        tried = kept_by_trying(sandwiched, size, masks, value)
        dropped += [masks for keep, want in zip(kept, tried, strict=True) if want & ~keep]
    assert dropped == []


def test_the_narrowing_of_a_full_row_keeps_it_exactly_when_it_holds() -> None:
    size = 6
    wrong = [
        (digits, value)
        for digits in permutations(range(1, size + 1))
        for value in range(15)
        if all(sandwich_narrows(size, tuple(1 << (d - 1) for d in digits), value))
        != (sandwiched(digits) == value)
    ]
    assert wrong == []


def test_a_clue_of_35_puts_the_1_and_the_9_at_the_rows_ends() -> None:
    kept = sandwich_narrows(9, (511,) * 9, 35)
    assert (kept[0], kept[-1], kept[4]) == (1 | 256, 1 | 256, 0b011111110)


def test_the_sat_clauses_hold_exactly_the_rows_that_keep_the_rule() -> None:
    assert rows_the_clauses_get_wrong(sandwiched, sandwich_clauses, 5) == []


@pytest.mark.parametrize("find", [found_by_search, found_by_sat])
@pytest.mark.parametrize("seed", range(4))
def test_the_search_and_the_sat_solver_find_exactly_the_grids_that_keep_the_clues(
    seed, find, every_four_by_four
) -> None:
    puzzle, kept = four_by_four_case("H", sandwiched, seed, every_four_by_four)
    found = find(puzzle)
    assert set(found) == kept and len(found) == len(kept)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((), "a sandwich sum has no cells"),
        ((0, 1, 81), "a sandwich sum runs through cell 81, outside the 9x9 grid"),
        ((0, 1, 2), "sandwich sum from r1c1 is not a whole row or column"),
        ((4, 5, 6, 7, 8, 9, 10, 11, 12), "sandwich sum from r1c5 is not a whole row or column"),
        (
            (0, 10, 20, 30, 40, 50, 60, 70, 80),
            "sandwich sum from r1c1 is not a whole row or column",
        ),
    ],
)
def test_a_malformed_sandwich_is_said_where_it_is(cells, message) -> None:
    assert sandwich_problem(9, cells) == message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (40, "sandwich sum 40 left of row 3: it is more than 35, every digit from 2 to 8 together"),
        (1, "sandwich sum 1 left of row 3: no different digits from 2 to 8 add up to it"),
        (34, "sandwich sum 34 left of row 3: no different digits from 2 to 8 add up to it"),
    ],
)
def test_a_clue_no_digits_make_is_said_where_it_is(value, message) -> None:
    assert line_fault(9, Line("H", row_line(9, 2), value)) == message


def test_sandwiches_are_read_from_fpuzzles_json_at_every_end() -> None:
    clues = (
        {"cell": "R3C0", "value": "15"},
        {"cell": "R3C10", "value": "7"},
        {"cell": "R0C2", "value": "0"},
        {"cell": "R10C2", "value": "35"},
    )
    rules = read_json(grid_json("sandwichsum", *clues)).rules
    assert rules.lines == (
        Line("H", row_line(9, 2), 15),
        Line("H", row_line(9, 2, True), 7),
        Line("H", column_line(9, 1), 0),
        Line("H", column_line(9, 1, True), 35),
    )


def test_a_link_with_a_clue_no_digits_make_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="sandwich sum 40 below column 2: it is more than 35"):
        read_json(grid_json("sandwichsum", {"cell": "R10C2", "value": "40"}))


def test_sandwiches_survive_the_share_code() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2), 15), (column_line(9, 8, True), 0))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_sandwiches_are_written_back_to_fpuzzles_json() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2, True), 15), (column_line(9, 0), 35))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_givens_that_break_a_sandwich_are_said_to_clash() -> None:
    # 1 and 9 side by side at the row's start: the cells between them add up to 0, not 15
    puzzle = sandwich_puzzle((row_line(9, 0), 15), givens=(1, 9))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c2 are in the row or column of the sandwich sum 15: with 1, 9 there, the"
        " digits between its 1 and its largest digit cannot add up to 15"
    ]


def test_every_solution_keeps_its_sandwiches() -> None:
    clues = ((row_line(9, 0), 20), (column_line(9, 4, True), 0))
    solutions = solve(sandwich_puzzle(*clues), max_solutions=20).solutions
    held = [
        sandwiched(tuple(grid.cells[cell] for cell in cells)) == value
        for grid in solutions
        for cells, value in clues
    ]
    assert len(held) == 40 and all(held)


def test_the_line_rule_step_keeps_a_rows_1_and_9_at_its_ends_under_35() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2), 35))
    steps = list(line_rules(Position.from_puzzle(puzzle)))
    assert [step.eliminations for step in steps][:2] == [
        tuple((18, digit) for digit in range(2, 9)),
        ((19, 1), (19, 9)),
    ]


def test_a_line_rule_step_is_worded_by_its_entry() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2), 35))
    step = next(line_rules(Position.from_puzzle(puzzle)))
    assert sentence(puzzle.geometry, step) == (
        "The sandwich sum 35 left of row 3 adds up the digits between its 1 and its 9, so"
        " with what the line's other cells can still hold, r3c1 can only be 1 or 9: it cannot"
        " be 2, 3, 4, 5, 6, 7 or 8"
    )


def test_a_screen_reader_hears_the_clue_as_of_its_row() -> None:
    drawn = drawn_cells(sandwich_puzzle((row_line(9, 2, True), 15)).geometry)
    assert "sandwich sum 15 right of row 3" in drawn[26].spoken


def test_the_board_says_the_sandwiches_rule_below_its_caption() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2), 15))
    assert rule_legend(puzzle.geometry) == (RULE_KINDS["H"].rule,)


def test_uniqueness_techniques_stay_off_under_sandwiches() -> None:
    puzzle = sandwich_puzzle((row_line(9, 2), 15))
    assert not Position.from_puzzle(puzzle, unique=True).unique


def test_the_forms_hint_gives_a_sandwich_a_9x9_reads() -> None:
    example = re.search(r"H \d+:\S+?(?= on a 9x9)", notation_hint())
    assert example is not None and read_typed(9, example.group())[1] == (
        Line("H", column_line(9, 0), 15),
    )


def test_a_sudokupad_link_carrying_a_real_sandwich_puzzle_is_read_with_them() -> None:
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    url = next(line.split()[-1] for line in lines if line.startswith("H "))
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and {line.letter for line in linked.given.rules.lines} == {"H"}


def test_a_typed_sandwich_short_of_its_row_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="sandwich sum from r1c1 is not a whole row or column"):
        read_typed(9, "H 15:r1c1-r1c2-r1c3")
