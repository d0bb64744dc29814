"""Marked rules on boards (webapp/web/variant_drawing.py): a Kropki dot, an X or a V is drawn
on the edge between its two cells by the lower cell, at every size, heard after its cell's
label, and the board's caption names the rules and says each below it."""

from __future__ import annotations

import pytest
from test_marked_rules import EMPTY, marked_puzzle

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.rulebook import RULE_KINDS, MarkedPairs
from webapp.web.variant_drawing import EdgeMark, drawn_cells

SPAN = '<span class="edge-mark {} on-{}" aria-hidden="true">{}</span>'


def marked(size: int, letter: str, pairs, all_given: bool = False) -> Puzzle:
    """An empty size x size grid with `letter`'s marks on `pairs`."""
    rules = Rules(marks=(MarkedPairs(letter, tuple(pairs), all_given),), mark_size=size)
    return Puzzle(parse("." * size * size), rules)


@pytest.mark.parametrize(
    ("letter", "drawn", "shown"), [("W", "white-dot", ""), ("X", "x-mark", "X")]
)
def test_the_lower_cell_draws_a_mark_on_its_right_edge(letter, drawn, shown) -> None:
    cells = drawn_cells(marked(9, letter, [(0, 1)]).geometry)
    assert cells[0].edge_marks == (EdgeMark("right", drawn, shown),)


def test_the_upper_cell_draws_a_mark_on_its_lower_edge() -> None:
    cells = drawn_cells(marked(9, "B", [(4, 13)]).geometry)
    assert cells[4].edge_marks == (EdgeMark("below", "black-dot"),)


def test_a_screen_reader_hears_the_mark_after_its_cells_label() -> None:
    cells = drawn_cells(marked(9, "V", [(4, 13)]).geometry)
    assert cells[4].spoken == ", V below"


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_every_size_draws_every_mark(size) -> None:
    pairs = [(0, 1), (size, 2 * size), (size * size - 2, size * size - 1)]
    cells = drawn_cells(marked(size, "W", pairs).geometry)
    assert sum(len(cell.edge_marks) for cell in cells) == 3


@pytest.mark.parametrize("size", [4, 9, 16])
def test_the_solve_page_draws_the_marks_on_its_board(client, size) -> None:
    puzzle = marked(size, "B", [(0, 1), (size + 1, 2 * size + 1)])
    html = client.get(f"/solve/{puzzle.code}").text  # two solutions' boards
    found = [html.count(SPAN.format("black-dot", side, "")) for side in ("right", "below")]
    assert found == [2, 2]


def test_the_play_page_draws_every_mark(client) -> None:
    puzzle = marked_puzzle(EMPTY, "WBXV", all_given=True)
    html = client.get(f"/play/{puzzle.code}").text
    assert html.count('<span class="edge-mark ') == sum(len(m.pairs) for m in puzzle.rules.marks)


def test_a_kropki_board_is_named_once_for_both_colours(client) -> None:
    html = client.get(f"/solve/{marked_puzzle(EMPTY, 'WB', True).code}").text
    assert "(Kropki)</span>" in html


@pytest.mark.parametrize("letter", ["W", "B", "X", "V"])
def test_a_board_says_each_marked_rule_below_its_caption(client, letter) -> None:
    html = client.get(f"/solve/{marked(9, letter, [(0, 1)]).code}").text
    assert f'<span class="rule-legend">{RULE_KINDS[letter].rule}</span>' in html
