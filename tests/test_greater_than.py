"""Greater-than signs (webapp/sudoku/greater_than.py and its registry entry): a two-cell line
from the greater cell, kept in the share code and the form's notation, refused by name when
malformed, said to clash, worded in the related-pair step and drawn as a sign; f-puzzles has
no key for it, so no f-puzzles link is offered for a puzzle with one."""

from __future__ import annotations

import pytest

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import open_in
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rule_text import read_typed, rules_text
from webapp.sudoku.rulebook import Line
from webapp.web.variant_drawing import LinePart, drawn_cells
from webapp.wording import conflict_message


def signed(*signs: tuple[int, int], grid: tuple[int, ...] = (0,) * 81) -> Puzzle:
    """A 9x9 with a greater-than sign between each pair of `signs`, the greater first."""
    lines = tuple(Line("M", sign) for sign in signs)
    return Puzzle(Grid(SHAPES[9], grid), Rules(lines=lines, line_size=9))


def test_signs_survive_the_share_code_and_the_forms_notation() -> None:
    puzzle = signed((30, 31), (40, 31))
    assert read_code(puzzle.code) == puzzle
    assert read_typed(9, rules_text(puzzle.rules))[1] == puzzle.rules.lines


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("M r4c4-r5c5", "greater-than sign from r4c4: r5c5 is not side by side with it"),
        ("M r4c4-r4c5-r4c6", "greater-than sign from r4c4 has 3 cells; at most 2"),
    ],
)
def test_a_malformed_sign_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        read_typed(9, text)


def test_a_sign_keeps_every_solution_greater_where_it_points_from() -> None:
    result = solve(signed((0, 1), (9, 10), (2, 11)), max_solutions=20)
    assert all(s.cells[0] > s.cells[1] and s.cells[2] > s.cells[11] for s in result.solutions)


def test_givens_against_the_sign_are_said_to_clash() -> None:
    puzzle = signed((0, 1), grid=(3, 5) + (0,) * 79)
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c2 have a greater-than sign: 3 is not greater than 5"
    ]


def test_the_step_names_the_greater_cell_first() -> None:
    puzzle = signed((31, 30))  # r4c5 > r4c4
    step = next(
        s for s in relation_pairs(Position.from_puzzle(puzzle)) if (31, 1) in s.eliminations
    )
    assert relation_pair_sentence(puzzle.geometry, step).startswith("r4c5 > r4c4;")


def test_a_board_draws_the_sign_by_the_greater_cell_pointing_at_the_smaller() -> None:
    drawn = drawn_cells(signed((31, 30)).geometry)
    assert (drawn[31].line_parts, drawn[30].line_parts) == (
        (LinePart("greater-than", "sign-to-left"),),
        (),
    )


def test_a_screen_reader_hears_the_sign_from_both_cells() -> None:
    drawn = drawn_cells(signed((31, 30)).geometry)
    assert (drawn[31].spoken, drawn[30].spoken) == (", greater than r4c4", ", less than r4c5")


def test_no_fpuzzles_link_is_offered_for_a_sign_it_cannot_hold() -> None:
    assert [each.key for each in open_in(signed((0, 1)))] == []
