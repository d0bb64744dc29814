"""Grids written as numbers: 1 to 16 or 25 in fields, a row a line, as spreadsheets export
them ("5,3,,,7" in a CSV file; tabs when copied from a sheet) or as people type big grids
("10 3 . 16 ..."). A field is a value (a number, or one of the grid's symbols, "A" being
10), or a blank: empty (between two commas), "0" or ".".

parse.py hands a text here when its fields are separated by commas, semicolons or tabs,
or when reading it a character a cell fits no size but reading it a number a field does
("12 34" is a 4x4's row of four cells; "12 16 3" is three values of a bigger grid).
"""

from __future__ import annotations

import re

from .errors import PuzzleError
from .grid import Grid
from .shape import SHAPES_BY_CELLS
from .whole_numbers import read_whole_number

FIELD_SEPARATORS = frozenset(",;\t")
# A field on a line without commas, semicolons or tabs: anything between spaces.
_SPACED = re.compile(r"\S+")

# Digits a value's field may have: two, and leading zeros ("007"); a longer one is no value.
FIELD_DIGITS = 4

Field = tuple[str, int, int]  # the field's text (stripped), its 1-based line and column


def has_field_separators(text: str) -> bool:
    """True when `text` separates its fields with commas, semicolons or tabs."""
    return any(char in FIELD_SEPARATORS for char in text)


def fields(text: str) -> list[Field]:
    """Every field of every line that is not blank, in reading order."""
    found: list[Field] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if not has_field_separators(line):
            found.extend(
                (match.group(), number, match.start() + 1) for match in _SPACED.finditer(line)
            )
            continue
        start = 0
        for end in range(len(line) + 1):
            if end == len(line) or line[end] in FIELD_SEPARATORS:
                raw = line[start:end]
                column = start + len(raw) - len(raw.lstrip()) + 1
                found.append((raw.strip(), number, column))
                start = end + 1
    return found


def grid_of(found: list[Field]) -> Grid:
    """The grid the fields spell; PuzzleError naming what is wrong and where."""
    shape = SHAPES_BY_CELLS.get(len(found))
    if shape is None:
        counts = sorted(SHAPES_BY_CELLS)
        nearest = min(counts, key=lambda count: abs(count - len(found)))
        sizes = ", ".join(map(str, counts[:-1]))
        raise PuzzleError(
            f"expected {nearest} numbers, found {len(found)} (a grid written as numbers has"
            f" {sizes} or {counts[-1]} of them, blanks included)"
        )
    values = []
    for index, (field, line, column) in enumerate(found):
        value = _value(field, shape.symbols)
        if not 0 <= value <= shape.size:
            raise PuzzleError(
                f"line {line}, column {column}: {field[:20]!r} is not a value of a {shape.name}"
                f" grid (values are 1-{shape.size}, or its symbols {shape.symbol_range}; 0, . or"
                " an empty field is a blank)",
                line=line,
                column=column,
                cells=((index // shape.size + 1, index % shape.size + 1),),
            )
        values.append(value)
    return Grid(shape, tuple(values))


def _value(field: str, symbols: str) -> int:
    """A field's value: a number, one of the grid's symbols ("A" is 10, in either case, as
    a sheet of letters has them), 0 for a blank; -1 when it is none of those."""
    if field in ("", "."):
        return 0
    number = read_whole_number(field, FIELD_DIGITS)
    if number is not None:
        return number
    place = symbols.find(field.upper()) if len(field) == 1 else -1
    return place + 1 if place >= 0 else -1
