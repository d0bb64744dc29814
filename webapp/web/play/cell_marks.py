"""The marks a solver adds beside the notes, as SudokuPad draws them: corner marks ("this
digit is in one of these cells of the unit"), centre marks ("this cell is one of these")
and cell colours (a palette of PALETTE colours, for colouring and chains).

Each kind is a link parameter of its own (`corner=`, `centre=`, `colours=`): the cells
that hold some, in reading order, each as its name, a dash and what it holds, joined by
".": `corner=r1c2-37.r5c7-29`, `colours=r3c3-4`. Digits are written in the standard
symbols (as progress is); a colour is its number in the palette. Only open cells hold
corner and centre marks (any cell may be coloured); a value placed later hides a cell's
marks without losing them, as it does notes.
"""

from __future__ import annotations

from ...sudoku import PuzzleError, Shape
from ...sudoku.place import Place
from ...sudoku.shape import SYMBOLS

# (cell, what it holds) in reading order: a mask of values (bit v for value v) for corner
# and centre marks, a colour's number (1 to PALETTE) for colours.
Marked = tuple[tuple[int, int], ...]

PALETTE = 9
# The palette as the page names it (the colours themselves are style.css's).
COLOUR_NAMES = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "grey")
ENTRY, BETWEEN = "-", "."


def read_cell_marks(field: str, text: str, givens: tuple[int, ...], shape: Shape) -> Marked:
    """The marks `text` (the link's `field`) holds on a grid with `givens`; PuzzleError
    naming the field and the part that cannot be used."""
    colours = field == "colours"
    longest = shape.cell_count * (len(f"r{shape.size}c{shape.size}-") + shape.size + 1)
    if len(text) > longest:
        raise PuzzleError(f"{field}: {len(text):,} characters, more than a {shape.name} holds")
    found: dict[int, int] = {}
    for part in text.split(BETWEEN) if text else ():
        name, _, held = part.partition(ENTRY)
        place = Place.named(name)
        if place is None:
            raise PuzzleError(f"{field}: {part[:16]!r} is not a cell such as r1c2 and its marks")
        if not place.within(shape.size):
            raise PuzzleError(f"{field}: {name} is not a cell of a {shape.name}")
        cell = place.cell(shape.size)
        if givens[cell] and not colours:  # a given may be coloured, not marked
            raise PuzzleError(f"{field}: {name} is a given; marks go in open cells")
        if cell in found:
            raise PuzzleError(f"{field}: {name} is named twice")
        found[cell] = _colour(field, name, held) if colours else _mask(field, name, held, shape)
    return tuple(sorted(found.items()))


def _colour(field: str, name: str, held: str) -> int:
    """The colour number `held` spells for cell `name`."""
    if len(held) != 1 or not "1" <= held <= str(PALETTE):
        raise PuzzleError(f"{field}: {name}'s colour {held[:4]!r} is not a number from 1 to 9")
    return int(held)


def _mask(field: str, name: str, held: str, shape: Shape) -> int:
    """The values `held` spells for cell `name`, as a mask."""
    symbols = SYMBOLS[: shape.size]
    mask = 0
    for char in held.upper():
        if char not in symbols:
            raise PuzzleError(
                f"{field}: {name}'s marks hold {char[:1]!r};"
                f" marks are {symbols[0]} to {symbols[-1]}"
            )
        mask |= 1 << (symbols.index(char) + 1)
    if not mask:
        raise PuzzleError(f"{field}: {name} is named without marks")
    return mask


def cell_marks_code(field: str, marked: Marked, size: int) -> str:
    """The link's `field` for `marked` ("" for none)."""
    parts = []
    for cell, held in marked:
        if field == "colours":
            text = str(held)
        else:
            text = "".join(SYMBOLS[v - 1] for v in range(1, size + 1) if held >> v & 1)
        parts.append(f"{Place.of(cell, size).name}{ENTRY}{text}")
    return BETWEEN.join(parts)
