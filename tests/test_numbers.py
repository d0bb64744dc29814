"""Grids written as numbers in fields: CSV, tabs from a sheet, spaces with 10 to 25."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku import SHAPES, Grid, parse
from webapp.sudoku.errors import PuzzleError

from puzzles import FOUR, SEED_EASY, data_lines

JANKO = parse(data_lines("engine_16x16_answers.txt")[0][0])
FRISCH = parse(data_lines("engine_25x25_answers.txt")[0][0])


def as_numbers(grid: Grid, separator: str, blank: str) -> str:
    """`grid` a row a line, each cell a number (or `blank`), fields joined by `separator`."""
    n = grid.size
    return "\n".join(
        separator.join(str(value) if value else blank for value in grid.cells[r * n : (r + 1) * n])
        for r in range(n)
    )


@pytest.mark.parametrize(
    ("grid", "separator", "blank"),
    [
        pytest.param(parse(SEED_EASY), ",", "", id="9x9 CSV, empty fields"),
        pytest.param(parse(SEED_EASY), ";", "0", id="9x9 semicolons"),
        pytest.param(JANKO, ",", "", id="16x16 CSV"),
        pytest.param(JANKO, "\t", "", id="16x16 copied from a sheet"),
        pytest.param(JANKO, " ", ".", id="16x16 spaces"),
        pytest.param(JANKO, ", ", "0", id="16x16 comma and space"),
        pytest.param(FRISCH, " ", "0", id="25x25 spaces"),
        pytest.param(FRISCH, ",", "", id="25x25 CSV"),
    ],
)
def test_a_grid_of_numbers_is_read(grid, separator, blank):
    assert parse(as_numbers(grid, separator, blank)) == grid


def test_a_sheet_of_symbols_is_read_too():
    n = JANKO.size
    text = "\n".join("\t".join(JANKO.symbols[r * n : (r + 1) * n]) for r in range(n))
    assert parse(text) == JANKO


def test_a_4x4_written_in_pairs_is_still_read_a_character_a_cell():
    assert parse("12 34\n34 12\n21 43\n43 21").line == "1234341221434321"
    assert parse(FOUR).line == FOUR


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        pytest.param(
            as_numbers(JANKO, ",", "").replace("16", "17", 1),
            "'17' is not a value of a 16x16 grid (values are 1-16",
            None,
            None,
            id="17 on 16x16",
        ),
        pytest.param(
            "5,3,x" + ",," * 39,
            "line 1, column 5: 'x' is not a value of a 9x9 grid",
            1,
            5,
            id="a word",
        ),
        pytest.param(
            "1,2,3", "expected 16 numbers, found 3 (a grid written as numbers has", None, None
        ),
    ],
)
def test_what_cannot_be_read_is_named_and_placed(text, message, line, column):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert message in caught.value.message
    if line is not None:
        assert (caught.value.line, caught.value.column) == (line, column)


@given(
    st.sampled_from(sorted(SHAPES)).flatmap(
        lambda size: st.lists(st.integers(0, size), min_size=size * size, max_size=size * size).map(
            lambda cells: Grid(SHAPES[size], tuple(cells))
        )
    ),
    st.sampled_from([",", ";", "\t", ", ", " ; "]),
    st.sampled_from(["", "0", "."]),
)
def test_any_grid_written_as_numbers_reads_back(grid, separator, blank):
    assert parse(as_numbers(grid, separator, blank)) == grid
