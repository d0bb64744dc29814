"""Read a puzzle from the text people paste: one line, rows on lines, or .ss with rules.

Every character that is not a separator is a cell. The size follows from how
many cells there are (81 -> 9x9), and only then is each cell checked against
the symbols of that size, so the error can say exactly which character is
wrong and where. `.` and `0` are blanks at every size: no grid uses 0 as a symbol.
"""

from __future__ import annotations

from .errors import PuzzleError
from .grid import Grid
from .shape import SHAPES_BY_CELLS, SYMBOLS, Shape

MAX_LENGTH = 10_000
SEPARATORS = frozenset("|-+")
BLANKS = frozenset(".0")
CELL_COUNTS = sorted(SHAPES_BY_CELLS)

# value of each symbol, either case; blanks are 0
VALUES = {symbol: value for value, symbol in enumerate(SYMBOLS, start=1)}
VALUES.update({symbol.lower(): value for symbol, value in list(VALUES.items())})
VALUES.update({blank: 0 for blank in BLANKS})

Cell = tuple[str, int, int]  # the character and its 1-based line and column


def parse(text: str) -> Grid:
    """The grid written in `text`; raises PuzzleError saying what is wrong and where."""
    if len(text) > MAX_LENGTH:
        raise PuzzleError(
            f"the text is {len(text):,} characters long; a puzzle takes at most {MAX_LENGTH:,}"
        )
    cells = _cells(text)
    if not cells:
        raise PuzzleError(
            "the puzzle is empty: give 81 cells (or 16 to 625) with . or 0 for blanks"
        )
    shape = SHAPES_BY_CELLS.get(len(cells))
    if shape is None:
        raise _count_error(cells)
    return Grid(shape, tuple(_value(cell, index, shape) for index, cell in enumerate(cells)))


def _cells(text: str) -> list[Cell]:
    """Every non-separator character with its position, in reading order."""
    cells = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for column, char in enumerate(line, start=1):
            if not (char.isspace() or char in SEPARATORS):
                cells.append((char, line_number, column))
    return cells


def _value(cell: Cell, index: int, shape: Shape) -> int:
    """The value of one cell of a grid of `shape`, 0 for a blank."""
    char, line, column = cell
    value = VALUES.get(char)
    if value is None or value > shape.size:
        raise PuzzleError(
            f"line {line}, column {column}: {char!r} is not a symbol of a {shape.name} grid"
            f" (symbols are {shape.symbol_range}; . or 0 is a blank)",
            line=line,
            column=column,
            cells=((index // shape.size + 1, index % shape.size + 1),),
        )
    return value


def _count_error(cells: list[Cell]) -> PuzzleError:
    """The error for a cell count that fits no size.

    A character that no size uses (a label, a stray word) is the likelier
    cause, so it is named first; otherwise the nearest size is.
    """
    for char, line, column in cells:
        if char not in VALUES:
            return PuzzleError(
                f"line {line}, column {column}: {char!r} is not a Sudoku symbol"
                " (symbols are 1-9 and A-P; . or 0 is a blank)",
                line=line,
                column=column,
            )
    found = len(cells)
    nearest = min(CELL_COUNTS, key=lambda count: abs(count - found))
    sizes = ", ".join(str(count) for count in CELL_COUNTS[:-1])
    return PuzzleError(
        f"expected {nearest} cells, found {found} (a puzzle has {sizes} or {CELL_COUNTS[-1]} cells)"
    )
