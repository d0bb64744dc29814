"""Boards: cells grouped by box for the table, givens set apart from filled cells."""

from __future__ import annotations

import pytest

from webapp.sudoku import SHAPES, Grid, Puzzle, parse
from webapp.sudoku.place import Place
from webapp.web.grid_table import board, cell, grid_board


@pytest.mark.parametrize(
    ("size", "bands", "rows_per_band", "column_groups"),
    [
        (4, 2, 2, (2, 2)),
        (6, 3, 2, (3, 3)),
        (9, 3, 3, (3, 3, 3)),
        (12, 4, 3, (4, 4, 4)),
        (16, 4, 4, (4, 4, 4, 4)),
        (25, 5, 5, (5, 5, 5, 5, 5)),
    ],
)
def test_rows_come_in_bands_and_columns_in_groups_of_one_box(
    size, bands, rows_per_band, column_groups
):
    shape = SHAPES[size]
    laid_out = board(shape, "caption", [cell(shape, i, "") for i in range(size * size)])
    assert len(laid_out.bands) == bands
    assert {len(band) for band in laid_out.bands} == {rows_per_band}
    assert laid_out.column_groups == column_groups
    assert laid_out.bands[-1][-1][-1].name == f"r{size}c{size}"


@pytest.mark.parametrize(
    ("size", "inputmode", "size_class"),
    [(4, "numeric", "board-4"), (9, "numeric", "board-9"), (16, "text", "board-16")],
)
def test_boards_past_nine_need_letters(size, inputmode, size_class):
    laid_out = board(SHAPES[size], "", [cell(SHAPES[size], i, "") for i in range(size * size)])
    assert (laid_out.inputmode, laid_out.size_class) == (inputmode, size_class)


@pytest.mark.parametrize(
    ("index", "name", "label"),
    [
        (0, "r1c1", "Row 1, column 1"),
        (24, "r3c7", "Row 3, column 7"),
        (80, "r9c9", "Row 9, column 9"),
    ],
)
def test_cells_are_named_and_labelled_by_row_and_column(index, name, label):
    one = cell(SHAPES[9], index, "5")
    assert (one.name, one.label) == (name, label)
    assert Place(3, 7).name == "r3c7"


def test_a_described_cell_is_invalid():
    plain = cell(SHAPES[9], 0, "x")
    marked = cell(SHAPES[9], 0, "x", described_by="problem-1 problem-2")
    assert not plain.invalid
    assert marked.invalid
    assert marked.classes == "invalid"


def test_givens_are_set_apart_from_filled_cells(unique_puzzle):
    puzzle = parse(unique_puzzle.puzzle)
    solved = grid_board(
        Puzzle(puzzle), "The solution", parse(unique_puzzle.solution), {(1, 1)}, "differs"
    )
    cells = [c for band in solved.bands for row in band for c in row]
    assert "".join(c.symbol for c in cells) == unique_puzzle.solution
    for c, given in zip(cells, unique_puzzle.puzzle, strict=True):
        assert c.classes.split()[0] == ("filled" if given == "." else "given")
    assert cells[0].classes.endswith(" differs")
    assert not any("differs" in c.classes for c in cells[1:])


def test_an_unsolved_board_shows_blanks():
    grid = Grid.from_values([5] + [0] * 80)
    cells = [c for band in grid_board(Puzzle(grid), "").bands for row in band for c in row]
    assert (cells[0].symbol, cells[0].classes) == ("5", "given")
    assert (cells[1].symbol, cells[1].classes) == ("", "blank")
    assert grid.symbols[:2] == ["5", ""]


@pytest.mark.parametrize(
    ("classes", "note"),
    [
        ("given", "given"),
        ("filled", "solved"),
        ("blank", "blank"),
        ("filled differs", "solved, differs from the other solution"),
        ("given conflict", "given, clashes with another given"),
        ("invalid", ""),
    ],
)
def test_a_cells_classes_are_also_said_in_words(classes, note):
    assert cell(SHAPES[9], 0, "5", classes).note == note
