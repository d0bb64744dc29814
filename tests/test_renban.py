"""Renban lines (webapp/sudoku/renban.py, the registry's "N"): a line's digits differ and form
a run of consecutive digits. A malformed renban is refused with a named, located message,
from a link too (a branching one as well); renbans live in the share code and are read from
and written back to f-puzzles JSON; a board draws them without a bulb. Real renban puzzles
solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json

import pytest

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.renban import every_pair, renban_problem
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

# r1c3, r2c4, r3c5: three cells in three rows, columns and boxes; and r1c3 holding 2.
LINE = (2, 12, 22)
TWO = (0, 0, 2)


def renban_puzzle(*lines: tuple[int, ...], givens: tuple[int, ...] = ()) -> Puzzle:
    """A 9x9 holding `givens` (then empty) with renban lines over `lines`."""
    cells = givens + (0,) * (81 - len(givens))
    return Puzzle(
        Grid(SHAPES[9], cells), Rules(lines=tuple(Line("N", each) for each in lines), line_size=9)
    )


def grid(*lines: list[list[str]]) -> str:
    """An empty 9x9 as f-puzzles JSON with renban shapes of `lines`' branches."""
    rows = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": rows, "renban": [{"lines": each} for each in lines]})


def test_a_renban_binds_every_two_of_its_cells() -> None:
    assert every_pair((1, 2, 3)) == ((1, 2), (1, 3), (2, 3))


def test_a_renbans_digits_form_a_run_in_every_solution() -> None:
    solutions = solve(renban_puzzle(LINE), max_solutions=40).solutions
    runs = [sorted(found.cells[cell] for cell in LINE) for found in solutions]
    assert runs and all(run == list(range(run[0], run[0] + 3)) for run in runs)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((0, 1, 0), "renban from r1c1 runs through r1c1 twice"),
        ((0, 20), "renban from r1c1: cells r1c1 and r3c3 are not neighbours"),
        ((10,), "renban at r2c2 has one cell only"),
        (tuple(range(9)) + (17,), "renban from r1c1 has 10 cells; at most 9 can differ"),
    ],
)
def test_a_malformed_renban_is_said_where_it_is(cells, message) -> None:
    assert renban_problem(9, cells) == message


def test_a_link_with_a_malformed_renban_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(grid([["R1C1", "R3C3"]]))


def test_a_branching_renban_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="renban lines: number 1 branches"):
        read_json(grid([["R1C1", "R1C2"], ["R1C1", "R2C1"]]))


def test_renbans_survive_the_share_code() -> None:
    puzzle = renban_puzzle((9, 0, 1), LINE)
    assert read_code(puzzle.code).rules == puzzle.rules


def test_renbans_are_written_back_to_fpuzzles_json() -> None:
    puzzle = renban_puzzle((40, 30, 29, 19))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_givens_out_of_one_run_are_said_to_clash() -> None:
    puzzle = renban_puzzle(LINE, givens=TWO + (0,) * 9 + (5,))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c3 and r2c4 are on one renban line: 2 and 5 cannot both be in its run of"
        " consecutive digits"
    ]


def test_the_related_pair_step_keeps_a_renban_cell_within_the_run() -> None:
    position = Position.from_puzzle(renban_puzzle(LINE, givens=TWO))
    steps = relation_pairs(position)
    gone = {value for step in steps for cell, value in step.eliminations if cell == 12}
    assert gone == {2, 5, 6, 7, 8, 9}


def test_a_renban_step_is_worded_by_its_entry() -> None:
    puzzle = renban_puzzle(LINE, givens=TWO)
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert relation_pair_sentence(puzzle.geometry, step).startswith(
        "r1c3 and r2c4 are on one renban line, so they differ and are less apart than the line"
    )


def test_a_board_draws_a_renban_without_a_bulb() -> None:
    drawn = drawn_cells(renban_puzzle((0, 10)).geometry)
    assert (drawn[0].line_parts, drawn[10].line_parts) == (
        (LinePart("renban", "to-below-right"),),
        (LinePart("renban", "to-above-left"),),
    )


def test_the_board_says_the_renbans_rule_below_its_caption() -> None:
    assert rule_legend(renban_puzzle((0, 10)).geometry) == (RULE_KINDS["N"].rule,)


def test_uniqueness_techniques_stay_off_under_renbans() -> None:
    assert not Position.from_puzzle(renban_puzzle((0, 10)), unique=True).unique
