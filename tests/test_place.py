"""A cell's place and its name: "r3c7" spelled in one place, read back the same."""

from __future__ import annotations

import pytest

from webapp.sudoku.place import Place


@pytest.mark.parametrize(
    ("cell", "size", "name"), [(0, 9, "r1c1"), (24, 9, "r3c7"), (624, 25, "r25c25")]
)
def test_a_cell_is_named_by_its_row_and_column(cell: int, size: int, name: str) -> None:
    assert Place.of(cell, size).name == name


@pytest.mark.parametrize(("cell", "size"), [(0, 9), (24, 9), (624, 25), (100, 16)])
def test_a_cell_s_name_reads_back_as_the_same_cell(cell: int, size: int) -> None:
    place = Place.named(Place.of(cell, size).name)
    assert place is not None and place.cell(size) == cell


@pytest.mark.parametrize("text", ["", "r", "rc", "r3", "c7", "r3c", "x3c7", "r1234c1", "r3c7 "])
def test_a_text_that_is_no_cell_s_name_is_no_place(text: str) -> None:
    assert Place.named(text) is None


def test_a_place_is_the_row_and_column_pair_the_engine_s_conflicts_carry() -> None:
    assert Place(3, 7) == (3, 7)
