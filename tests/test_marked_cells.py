"""The mechanism of celled kinds (rulebook.py: a puzzle marks cells, each holding a digit its
kind allows), followed through with a kind registered here alone, "low" cells of 1 to 3: the
share code, f-puzzles JSON, the search and the SAT solver's formula, conflicts, the logic's
step and its words, the board and the form's typed entry."""

from __future__ import annotations

import json

import pytest

from webapp.explanations.relations import cell_rule_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, count_solutions_of, solve
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.cell_rules import cell_rules
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rule_text import read_typed, rules_text
from webapp.sudoku.rulebook import RULE_KINDS, MarkedCells, RuleKind
from webapp.sudoku.sat import formula
from webapp.sudoku.solver import initial_state
from webapp.web.variant_drawing import LinePart, drawn_cells
from webapp.wording import conflict_message


def low_kind() -> RuleKind:
    """A celled kind no module registers: a marked cell holds 1, 2 or 3."""
    return RuleKind(
        "Q",
        "Low Cells",
        (),
        allows=lambda size, digit: digit <= 3,
        fpuzzles_keys=("lowcell",),
        uniqueness_sound=False,
        generated=False,
        rule="Low cells: a marked cell holds 1, 2 or 3.",
        clash="{cells} is low: {first} is more than 3",
        between="{cell} is a low cell, so it is not {digits}",
        cell_class="low-cell",
        cell_heard="low cell",
    )


@pytest.fixture(autouse=True)
def low(monkeypatch):
    """The low cells' kind, registered for each test alone."""
    monkeypatch.setitem(RULE_KINDS, "Q", low_kind())


def low_puzzle(*cells: int, grid: tuple[int, ...] = (0,) * 81) -> Puzzle:
    """A 9x9 with `cells` marked low."""
    return Puzzle(Grid(SHAPES[9], grid), Rules(cells=(MarkedCells("Q", cells),), cell_size=9))


def test_marked_cells_survive_the_share_code() -> None:
    puzzle = low_puzzle(0, 40, 80)
    assert read_code(puzzle.code) == puzzle


def test_a_cut_cell_code_is_refused_naming_its_kind() -> None:
    code = low_puzzle(0, 40).code
    with pytest.raises(PuzzleError, match="the cells after Q are 17 letters"):
        read_code(code[:-3])


def test_marked_cells_are_written_to_fpuzzles_json_and_read_back() -> None:
    puzzle = low_puzzle(0, 10)
    found = read_json(write_json(puzzle.grid, puzzle.rules))
    assert found.rules == puzzle.rules


def test_an_fpuzzles_item_that_is_no_cell_is_refused_naming_it() -> None:
    data = {"size": 9, "grid": [[{}] * 9] * 9, "lowcell": [{"cell": "R1C1"}, {"cells": 3}]}
    with pytest.raises(PuzzleError, match=r"lowcell.*: item 2 is not a cell"):
        read_json(json.dumps(data))


def test_every_solution_counted_keeps_the_marked_cells() -> None:
    grid = read_code("4" + "0" * 80).grid  # r1c1 is 4
    puzzle = Puzzle(grid, Rules(cells=(MarkedCells("Q", (1, 2, 9, 10)),), cell_size=9))
    result = solve(puzzle, max_solutions=20)
    assert all(max(s.cells[c] for c in (1, 2, 9, 10)) <= 3 for s in result.solutions)


def test_the_sat_formula_has_no_variable_for_a_barred_digit() -> None:
    puzzle = low_puzzle(0)
    board = bitboard_for(puzzle.geometry)
    variables = formula(board, *initial_state(board, puzzle.grid)).variables
    assert sorted(option for option in variables if option < 9) == [0, 1, 2]


def test_a_given_its_mark_does_not_allow_is_said_to_clash() -> None:
    puzzle = low_puzzle(0, grid=(5,) + (0,) * 80)
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 is low: 5 is more than 3"
    ]


def test_the_logic_step_is_worded_from_the_kind() -> None:
    puzzle = low_puzzle(0)
    step = next(cell_rules(Position.from_puzzle(puzzle)))
    assert cell_rule_sentence(puzzle.geometry, step) == (
        "r1c1 is a low cell, so it is not 4, 5, 6, 7, 8 or 9"
    )


def test_a_board_draws_the_mark_and_a_screen_reader_hears_it() -> None:
    drawn = drawn_cells(low_puzzle(0).geometry)[0]
    assert (drawn.line_parts, drawn.spoken) == ((LinePart("low-cell", "shade"),), ", low cell")


def test_the_forms_notation_reads_back_the_cells_it_writes() -> None:
    rules = low_puzzle(0, 30).rules
    assert read_typed(9, rules_text(rules))[2] == rules.cells


def test_a_typed_group_of_two_cells_is_refused_with_its_cells() -> None:
    with pytest.raises(PuzzleError, match="name each cell alone") as raised:
        read_typed(9, "Q r1c1-r1c2")
    assert raised.value.cells == ((1, 1), (1, 2))


def test_marked_cells_on_a_grid_without_marks_are_refused() -> None:
    with pytest.raises(PuzzleError, match="cells are marked on grids up to 16x16"):
        Puzzle(Grid(SHAPES[25], (0,) * 625), Rules(cells=(MarkedCells("Q", (0,)),), cell_size=25))


def test_a_count_keeps_the_marked_cells() -> None:
    cells = tuple(range(3)) + tuple(range(9, 12)) + tuple(range(18, 21))
    puzzle = low_puzzle(*cells)  # box 1 holds 1 to 9, its cells 1 to 3 only
    counted = count_solutions_of(puzzle, 2)
    assert (counted.count, counted.exact) == (0, True)
