"""A player's notes (pencil marks) on a play position, and what the play page does to them.

The notes are a Position on the puzzle's givens (marks_code.py writes them in the link):
its values are the givens and each other cell's candidates are the player's notes there.
A cell the player has written no notes in keeps every candidate the givens allow; such a
cell counts as holding every candidate the values allow. Notes may be wrong: they are the
player's, and a value placed later hides a cell's notes without losing them.

The marks code cannot tell a cell noted with every candidate the givens allow from one
without notes, so those cells go in the link beside it as `noted=` (their names, joined
by "."): shown as noted even when the other cells' candidates are not on show.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...sudoku import Grid, Puzzle, PuzzleError
from ...sudoku.logic import Position
from ...sudoku.place import Place


def no_notes(puzzle: Puzzle) -> Position:
    """The notes before the player writes any: every candidate the givens allow."""
    return Position.from_puzzle(puzzle)


Full = frozenset[int]  # the cells noted with every candidate the givens allow (`noted=`)
SEPARATOR = "."


def written(notes: Position, start: Position, cell: int, full: Full = frozenset()) -> bool:
    """Whether the player wrote notes in `cell`: they leave out a candidate the givens
    allow (`start` is `no_notes` of the same puzzle), or the cell is noted in `full`."""
    return notes.candidates[cell] != start.candidates[cell] or cell in full


def full_cells(notes: Position, cells: Iterable[int]) -> Full:
    """Those of `cells` whose notes hold every candidate the givens allow: the cells `noted=`
    must name (the others the marks code says)."""
    start = no_notes(notes.puzzle)
    return frozenset(
        c for c in cells if start.candidates[c] and notes.candidates[c] == start.candidates[c]
    )


def noted_code(full: Full, size: int) -> str:
    """`noted=` of the cells in `full`: their names ("r1c2.r5c7"), in reading order."""
    return SEPARATOR.join(Place.of(cell, size).name for cell in sorted(full))


def read_noted(notes: Position, text: str) -> Full:
    """The cells `noted=` names that hold every candidate the givens allow in `notes` (the
    others' notes say themselves); PuzzleError naming a part that is not an open cell."""
    size = notes.puzzle.size
    cells = []
    for part in text.split(SEPARATOR) if text else ():
        place = Place.named(part)
        if place is None:
            raise PuzzleError(f"noted: {part[:12]!r} is not a cell such as r1c2")
        if not place.within(size):
            raise PuzzleError(f"noted: {part} is not a cell of a {size}x{size} grid")
        cells.append(place.cell(size))
    return full_cells(notes, cells)


def shown(
    notes: Position, grid: Grid, every_cell: bool, full: Full = frozenset()
) -> tuple[int | None, ...]:
    """The notes each cell shows as a mask (None: none shown): nothing in a filled cell, the
    player's notes where written (`full` too), and where not, every candidate `grid`'s
    values allow when `every_cell` (the candidates are on show), else nothing."""
    start = no_notes(notes.puzzle)
    allowed = Position.of_values(notes.puzzle, grid.cells).candidates
    masks: list[int | None] = []
    for cell, value in enumerate(grid.cells):
        if value:
            masks.append(None)
        elif written(notes, start, cell, full):
            masks.append(notes.candidates[cell])
        else:
            masks.append(allowed[cell] if every_cell else None)
    return tuple(masks)


def with_notes(notes: Position, changes: dict[int, int]) -> Position:
    """The notes with some cells' notes replaced (masks, bit 1 << value); an empty mask is
    no notes. A value the givens rule out in a cell cannot be a note there and is dropped
    (notes of such values only are no notes)."""
    start = no_notes(notes.puzzle)
    masks = list(notes.candidates)
    for cell, mask in changes.items():
        masks[cell] = start.candidates[cell] & mask or start.candidates[cell]
    return Position(notes.puzzle, notes.values, tuple(masks))


def filled_in(notes: Position, grid: Grid) -> Position:
    """Every open cell of `grid` noted with every candidate its values allow."""
    allowed = Position.of_values(notes.puzzle, grid.cells).candidates
    return with_notes(
        notes, {cell: allowed[cell] for cell, value in enumerate(grid.cells) if not value}
    )


def cleared_by(
    notes: Position, placed: Iterable[tuple[int, int]], full: Full = frozenset()
) -> Position:
    """The notes once each (cell, value) `placed` clears its value from the notes of the
    cell's peers the player wrote notes in, `full` too (the others follow the values
    anyway)."""
    start = no_notes(notes.puzzle)
    peers = notes.puzzle.geometry.peers
    masks = list(notes.candidates)
    for cell, value in placed:
        for peer in peers[cell]:
            noted = masks[peer] != start.candidates[peer] or peer in full
            if noted and masks[peer] >> value & 1:
                masks[peer] &= ~(1 << value)
    return Position(notes.puzzle, notes.values, tuple(masks))


def placements(before: Grid, after: Grid) -> tuple[tuple[int, int], ...]:
    """The (cell, value) of every value `after` holds that `before` did not."""
    return tuple(
        (cell, value)
        for cell, (old, value) in enumerate(zip(before.cells, after.cells, strict=True))
        if value and value != old
    )
