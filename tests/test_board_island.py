"""The JSON island that tells grid.js a board's units, symbols and words."""

from __future__ import annotations

import re

import pytest

from webapp.sudoku import SHAPES, Puzzle, Rules, find_conflicts, parse, standard_geometry
from webapp.sudoku.alphabet import HEX, spelled_shape
from webapp.web.board_island import board_island
from webapp.wording import conflict_message

NINE = SHAPES[9]
X_RULES = Rules(("x",))


def filled_in(template: str, fields: dict[str, str]) -> str:
    """A template's {fields} filled in, as grid.js's fillIn does it."""
    return re.sub(r"\{(\w+)\}", lambda found: fields[found.group(1)], template)


def said_by_script(island: dict, unit: dict, places: list[int], symbol: str) -> str:
    """The clash grid.js words for `symbol` at `places` (0-based, in the unit's order) of
    `unit`, from the island's words alone, as its findClashes does."""
    words = island["words"]
    names = [unit["cellNames"][place] for place in places]
    listed = words["listSeparator"].join(names[:-1]) + words["listLast"] + names[-1]
    return filled_in(
        words["clash"],
        {
            "unit": unit["title"],
            "count": words["counts"][str(len(places))],
            "symbol": symbol,
            "where": filled_in(unit["where"], {"cells": listed}),
        },
    )


def test_a_classic_board_lists_its_rows_columns_and_boxes_with_their_words():
    island = board_island(standard_geometry(NINE), NINE.symbols)
    assert island["symbols"] == "123456789"
    units = island["units"]
    assert [unit["title"] for unit in units[::9]] == ["Row 1", "Column 1", "Box 1"]
    assert units[2] == {
        "kind": "row",
        "index": 3,
        "cells": list(range(18, 27)),
        "title": "Row 3",
        "where": "columns {cells}",
        "cellNames": [str(col) for col in range(1, 10)],
    }
    assert units[9 + 6]["where"] == "rows {cells}"  # column 7 names its rows
    assert units[9 + 6]["cellNames"][:2] == ["1", "2"]
    box_5 = units[18 + 4]
    assert box_5["cells"][:4] == [30, 31, 32, 39]
    assert box_5["cellNames"][:4] == ["r4c4", "r4c5", "r4c6", "r5c4"]
    assert box_5["where"] == "{cells}"
    assert island["puzzleLengths"] == [16, 36, 81, 144, 256, 625]


def test_an_x_sudoku_board_adds_its_diagonals_after_the_boxes():
    puzzle = Puzzle(parse("0" * 81), X_RULES)
    units = board_island(puzzle.geometry, NINE.symbols)["units"]
    assert len(units) == 29
    first, second = units[27:]
    assert (first["kind"], first["index"], first["title"]) == ("diagonal", 1, "Diagonal 1")
    assert first["cells"] == [i * 10 for i in range(9)]
    assert second["cells"][:2] == [8, 16]
    assert second["cellNames"][:2] == ["r1c9", "r2c8"]


def test_a_hexadoku_board_is_told_its_symbols():
    shape = spelled_shape(SHAPES[16], HEX)
    assert board_island(standard_geometry(shape), shape.symbols)["symbols"] == "0123456789ABCDEF"


# Grids with clashes of each kind of unit, each with the rules it is read under.
CLASHING = [
    ("row and box", "55" + "0" * 79, Rules()),
    ("column", "5" + "0" * 26 + "5" + "0" * 53, Rules()),
    ("three in a row", "555" + "0" * 78, Rules()),
    ("diagonal", "5" + "0" * 39 + "5" + "0" * 40, X_RULES),  # r1c1 and r5c5
    ("anti-diagonal", "0" * 8 + "7" + "0" * 55 + "7" + "0" * 16, X_RULES),  # r1c9 and r8c2
    ("16x16", "AA0A" + "0" * 124 + "A" + "0" * 127, Rules()),
]


@pytest.mark.parametrize(
    ("code", "rules"), [case[1:] for case in CLASHING], ids=[c[0] for c in CLASHING]
)
def test_the_script_words_every_clash_as_the_server_does(code, rules):
    puzzle = Puzzle(parse(code), rules)
    size = puzzle.size
    island = board_island(puzzle.geometry, puzzle.shape.symbols)
    units = {(unit["kind"], unit["index"]): unit for unit in island["units"]}
    conflicts = find_conflicts(puzzle)
    assert conflicts
    for conflict in conflicts:
        unit = units[conflict.unit, conflict.index]
        cells = [(row - 1) * size + col - 1 for row, col in conflict.cells]
        places = [unit["cells"].index(cell) for cell in cells]
        assert said_by_script(island, unit, places, conflict.symbol) == conflict_message(conflict)
