"""Read a puzzle from the text people paste: one line, rows on lines, .ss with rules,
numbers in fields (numbers.py), another site's link (links/), or a Jigsaw or a Killer as
Janko's site shows them: the puzzle a row a line, then its region map a row a line (a label
per cell); or the puzzle, perhaps a region map, then a cage map ("." for a cell in no cage)
and the cages' sums on the last lines ("a=10, b=7, c=?": a label, "=" or ":", the sum, "?"
for a cage without one). So a 4x4 Killer pastes as

    ....
    ....
    ....
    ....
    aabb
    cdde
    cfge
    hfgg
    a=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4

Every character that is not a separator is a cell. The size follows from how
many cells there are (81 -> 9x9), and only then is each cell checked against
the symbols of that size, so the error can say exactly which character is
wrong and where. `.` and `0` are blanks at every size in the standard alphabet, but a
16x16 grid with `.` blanks that holds a `0` is Hexadoku, 0-F (alphabet.py); a caller
who knows the alphabet may say which.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import numbers
from .alphabet import ALPHABETS, HEX, HEX_SIZE, STANDARD, values
from .cage_input import cages_named, is_sums_line, sums_of_text
from .cages import Cage
from .errors import PuzzleError
from .grid import Grid
from .links import read_link
from .puzzle import Puzzle, Rules, split_code
from .regions import region_map
from .shape import SHAPES, SHAPES_BY_CELLS, Shape

MAX_LENGTH = 10_000
SEPARATORS = frozenset("|-+")
CELL_COUNTS = sorted(SHAPES_BY_CELLS)

HEX_SHAPE = SHAPES[HEX_SIZE]

# value of each symbol of the standard alphabet at any size, either case; blanks are 0
VALUES = values(SHAPES[max(SHAPES)], STANDARD)

Cell = tuple[str, int, int]  # the character and its 1-based line and column


class Reading(NamedTuple):
    """A puzzle read from text, and the alphabet it was written in."""

    puzzle: Puzzle
    alphabet: str

    @property
    def grid(self) -> Grid:
        """The puzzle's givens."""
        return self.puzzle.grid


def parse(text: str, alphabet: str | None = None) -> Grid:
    """The grid written in `text`; raises PuzzleError saying what is wrong and where.

    `alphabet` (alphabet.py) is the one the text is in; None tells it from the text."""
    return read(text, alphabet).grid


def read_code(text: str, alphabet: str | None = None) -> Puzzle:
    """The puzzle a share code names (or any text `read` reads)."""
    return read(text, alphabet).puzzle


def read(text: str, alphabet: str | None = None) -> Reading:
    """The puzzle written in `text` and its alphabet (as `parse`, which see): its grid, and
    the rules' letters after RULES_MARK when it ends with some, as a share code writes them
    (puzzle.py)."""
    text, rules = split_code(text)
    reading = _read_grid(text, alphabet)  # a link or a region grid may bring rules too
    if rules.classic:
        return reading
    if not reading.puzzle.rules.classic:
        raise PuzzleError("the text names its rules twice: once inside, and again after a -")
    return reading._replace(puzzle=Puzzle(reading.grid, rules))


def _read_grid(text: str, alphabet: str | None) -> Reading:
    """read, for the grid alone."""
    if alphabet is not None and alphabet not in ALPHABETS:
        raise PuzzleError(f"the alphabet is one of {', '.join(ALPHABETS)}, not {alphabet!r}")
    if len(text) > MAX_LENGTH:
        raise PuzzleError(
            f"the text is {len(text):,} characters long; a puzzle takes at most {MAX_LENGTH:,}"
        )
    linked = read_link(text)  # a SudokuWiki, f-puzzles or SudokuPad link (links/)
    if linked is not None:
        return Reading(linked.given, STANDARD)
    mapped = _with_maps(text, alphabet)  # a Jigsaw's or a Killer's, as Janko's site shows them
    if mapped is not None:
        return mapped
    cells = _cells(text)
    fields = _number_fields(text, cells) if alphabet != HEX else None
    if fields is not None:
        return Reading(Puzzle(numbers.grid_of(fields)), STANDARD)
    if not cells:
        raise PuzzleError(
            "the puzzle is empty: give 81 cells (or 16 to 625) with . or 0 for blanks"
        )
    if alphabet == HEX and len(cells) != HEX_SHAPE.cell_count:
        raise PuzzleError(
            f"the hex alphabet (0-F) is for 16x16 grids of 256 cells; this one has {len(cells)}"
        )
    shape = SHAPES_BY_CELLS.get(len(cells))
    if shape is None:
        raise _count_error(cells)
    alphabet = alphabet or _told_apart(cells, shape)
    known = values(shape, alphabet)
    cell_values = (_value(cell, index, shape, alphabet, known) for index, cell in enumerate(cells))
    return Reading(Puzzle(Grid(shape, tuple(cell_values))), alphabet)


def _with_maps(text: str, alphabet: str | None) -> Reading | None:
    """A puzzle grid then a map, a row a line each (a blank line between them or not; cells
    side by side or between spaces, "-" a blank too): a region map makes a Jigsaw; a cage
    map ("." for a cell in no cage) followed by lines of sums ("a=10, b=7": cage_input.py)
    a Killer, and a region map before the cage map a Jigsaw Killer. None when `text` is not
    such rows whose first N hold N cells each; PuzzleError naming the line for a map's row
    of the wrong length, or the region or cage (and its cells) for a map that cannot be one."""
    lines = text.splitlines()
    sum_lines = 0
    while sum_lines < len(lines) and (
        is_sums_line(lines[-1 - sum_lines]) or not lines[-1 - sum_lines].strip()
    ):
        sum_lines += 1
    kept = lines[: len(lines) - sum_lines]
    rows = [
        (number, cells)
        for number, line in enumerate(kept, start=1)
        if (cells := _row_cells(line, number))
    ]
    killer = any(line.strip() for line in lines[len(kept) :])
    fitting = [
        (size, maps)
        for size in SHAPES
        for maps in ((1, 2) if killer else (1,))
        if len(rows) == size * (maps + 1) and all(len(cells) == size for _, cells in rows[:size])
    ]
    if not fitting:
        return None
    size, maps = fitting[0]
    shape = SHAPES[size]
    if alphabet == HEX and shape is not HEX_SHAPE:
        return None
    regions: tuple[int, ...] = ()
    if not killer or maps == 2:
        labels = _map_labels(rows[size : 2 * size], shape, "region map")
        try:
            regions = region_map(size, labels)
        except PuzzleError as error:
            where = f"lines {rows[size][0]} to {rows[2 * size - 1][0]}"
            raise PuzzleError(f"the region map ({where}): {error.message}") from None
    cages: tuple[Cage, ...] = ()
    if killer:
        labels = _map_labels(rows[-size:], shape, "cage map")
        sums = sums_of_text("\n".join(lines[len(kept) :]))
        cages = cages_named({"map": "".join(labels), "sums": sums}, shape)
    grid_cells = [
        ("." if char == "-" else char, line, column)
        for _, cells in rows[:size]
        for char, line, column in cells
    ]
    alphabet = alphabet or _told_apart(grid_cells, shape)
    known = values(shape, alphabet)
    cell_values = (
        _value(cell, index, shape, alphabet, known) for index, cell in enumerate(grid_cells)
    )
    rules = Rules((), regions, cages, size if cages else 0).fitted(shape)
    return Reading(Puzzle(Grid(shape, tuple(cell_values)), rules), alphabet)


def _map_labels(rows: list[tuple[int, list[Cell]]], shape: Shape, what: str) -> list[str]:
    """The labels of a map's rows, one a cell; PuzzleError naming the line of a row of the
    wrong length."""
    labels: list[str] = []
    for row, (line, cells) in enumerate(rows, start=1):
        if len(cells) != shape.size:
            raise PuzzleError(
                f"line {line}: row {row} of the {what} has {len(cells)} labels, not"
                f" {shape.size} (a {shape.name} puzzle's {what} has a label for each cell)",
                line=line,
            )
        labels += [char for char, _, _ in cells]
    return labels


def _row_cells(line: str, number: int) -> list[Cell]:
    """The cells of one line with their places: its one-character words when it is written
    a cell between spaces ("-" then a blank, "|" and "+" between boxes), else each character
    that is not a space or a separator."""
    words = [(match.group(), match.start() + 1) for match in re.finditer(r"\S+", line)]
    if len(words) > 1 and all(len(word) == 1 for word, _ in words):
        return [(word, number, column) for word, column in words if word not in "|+"]
    return [
        (char, number, column)
        for column, char in enumerate(line, start=1)
        if not (char.isspace() or char in SEPARATORS)
    ]


def _number_fields(text: str, cells: list[Cell]) -> list[numbers.Field] | None:
    """The fields of `text` when it is a grid of numbers (numbers.py), else None: its fields
    are separated by commas, semicolons or tabs, or it fits a size a number a field and not
    a character a cell (a 16x16 written with 10 to 16 has more characters than cells)."""
    if not cells:
        return None  # nothing but spaces and tabs: an empty puzzle, said as such
    if numbers.has_field_separators(text):
        return numbers.fields(text)
    if len(cells) in SHAPES_BY_CELLS:
        return None
    found = numbers.fields(text)
    if len(found) in SHAPES_BY_CELLS and any(len(field) > 1 for field, _, _ in found):
        return found
    return None


def _told_apart(cells: list[Cell], shape: Shape) -> str:
    """The alphabet of a grid's cells: hex for a 16x16 with "." blanks and a "0" symbol
    (PuzzleError if it also has a "G", which only the standard alphabet has), else standard."""
    if shape is not HEX_SHAPE:
        return STANDARD
    chars = {char for char, _, _ in cells}
    if "." not in chars or "0" not in chars:
        return STANDARD
    for char, line, column in cells:
        if char in "Gg":
            zero = next((line, column) for c, line, column in cells if c == "0")
            raise PuzzleError(
                f"line {line}, column {column}: {char!r} cannot be read beside the 0 at line"
                f" {zero[0]}, column {zero[1]}: with . for blanks, a 0 means the grid is"
                " written 0-F (Hexadoku), where there is no G; write it 1-G or 0-F, not both,"
                " or say which alphabet it is in",
                line=line,
                column=column,
            )
    return HEX


def cell_count(text: str) -> int:
    """How many cells `text` writes, a character a cell (separators and spaces aside)."""
    return len(_cells(text))


def _cells(text: str) -> list[Cell]:
    """Every non-separator character with its position, in reading order."""
    cells = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for column, char in enumerate(line, start=1):
            if not (char.isspace() or char in SEPARATORS):
                cells.append((char, line_number, column))
    return cells


def _value(cell: Cell, index: int, shape: Shape, alphabet: str, known: dict[str, int]) -> int:
    """The value of one cell of a grid of `shape` in `alphabet` (`known`: its symbols'
    values), 0 for a blank."""
    char, line, column = cell
    value = known.get(char)
    if value is None:
        symbols = (
            "written 0-F (symbols are 0-9 and A-F; . is a blank)"
            if alphabet == HEX
            else f"(symbols are {shape.symbol_range}; . or 0 is a blank)"
        )
        row, col = index // shape.size + 1, index % shape.size + 1
        # Rows written with spaces or bars between cells: the cell's place in the grid too.
        # A code (one line, a character a cell) is told by its character's place alone.
        told = (line, column) in ((row, col), (1, index + 1))
        place = "" if told else f"; it stands in row {row}, column {col} of the grid"
        raise PuzzleError(
            f"line {line}, column {column}: {char!r} is not a symbol of a {shape.name} grid"
            f" {symbols}{place}",
            line=line,
            column=column,
            cells=((row, col),),
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
