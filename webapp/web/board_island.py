"""What a page tells grid.js about an input board: its units, its symbols and its words.

The script works out no rows, columns or boxes and words no sentence of its own: it reads
this value, which the page embeds as a JSON island (`<script type="application/json">`,
data the browser never runs, so the strict Content-Security-Policy allows it). A variant's
extra units (X-Sudoku's diagonals, a jigsaw's regions) are then marked and worded live as
the server words them, with no change to the script.
"""

from __future__ import annotations

from ..records.json_types import JsonObject
from ..sudoku import Geometry, Unit
from ..sudoku.shape import SHAPES_BY_CELLS
from ..wording import (
    CLASH,
    COUNT_WORDS,
    LIST_LAST,
    LIST_SEPARATOR,
    clash_cell_name,
    clash_where,
    not_a_symbol,
    unit_title,
)

# What the script says beyond clashes: when the last one is fixed, and its digit pad.
SCRIPT_WORDS = {
    "noClashes": "No clashes left.",
    "pad": "Symbols to enter in the selected cell",
    "erase": "Erase",
    "eraseCell": "Erase the selected cell",
}


def board_island(geometry: Geometry, symbols: str) -> JsonObject:
    """What grid.js needs to know about a board of `geometry` written in `symbols`.

    `units`: every unit in the geometry's order, each with its kind, 1-based index, its
    0-based cells in reading order, its title ("Row 3"), how a clash in it says where
    ("columns {cells}") and how it names each of its cells ("7" in a row, "r3c7" in a box).
    `words`: the clash template ("{unit} has {count} {symbol}s ({where})"), counts in
    words, how a list is joined, how a cell holding no symbol is worded ("{cell}: {text} is
    not a digit from 1 to 9", as the form's check says it), and the script's other words.
    `puzzleLengths`: how many cells a whole pasted puzzle of any size has (one of another
    size goes to the server).
    """
    return {
        "symbols": symbols,
        "units": [_unit(geometry, unit) for unit in geometry.units],
        "words": {
            "clash": CLASH,
            "counts": {str(count): word for count, word in COUNT_WORDS.items()},
            "listSeparator": LIST_SEPARATOR,
            "listLast": LIST_LAST,
            "notSymbol": not_a_symbol(symbols),
            **SCRIPT_WORDS,
        },
        "puzzleLengths": sorted(SHAPES_BY_CELLS),
    }


def _unit(geometry: Geometry, unit: Unit) -> JsonObject:
    """One unit as the script reads it."""
    size = geometry.shape.size
    places = [(cell // size + 1, cell % size + 1) for cell in unit.cells]
    return {
        "kind": unit.kind,
        "index": unit.index,
        "cells": list(unit.cells),
        "title": unit_title(unit.kind, unit.index),
        "where": clash_where(unit.kind),
        "cellNames": [clash_cell_name(unit.kind, place) for place in places],
    }
