"""Whether a pasted position's pencil marks can be reasoned from: they must not contradict
themselves, and they must keep the puzzle's solution.

Steps taken from marks that left out a solution's value would prove false things,
so a page explains from pasted marks only when this finds nothing. The messages
name cells as r3c4 and units as "row 3"; each kind names a few and counts the rest.
"""

from __future__ import annotations

from ..grid import Grid
from ..place import Place
from ..progress import Progress
from .position import Position

# How many cells or units one message names before it says "and N more".
NAMED_AT_MOST = 3


def _cell_name(position: Position, cell: int) -> str:
    """ "r3c4" for a 0-based cell."""
    return Place.of(cell, position.size).name


def _listed(names: list[str]) -> str:
    """A few names, and how many more."""
    shown = ", ".join(names[:NAMED_AT_MOST])
    more = len(names) - NAMED_AT_MOST
    return shown + (f" and {more} more" if more > 0 else "")


def contradictions(position: Position) -> tuple[str, ...]:
    """Where the marks contradict themselves: open cells with no candidate, and units
    where a value is neither placed nor a candidate anywhere."""
    found = []
    empty = [
        _cell_name(position, cell)
        for cell, (value, mask) in enumerate(zip(position.values, position.candidates, strict=True))
        if not value and not mask
    ]
    if empty:
        found.append(f"The pencil marks leave no candidate in {_listed(empty)}")
    missing = []
    symbol = position.geometry.shape.symbol
    for unit in position.geometry.units:
        for value in range(1, position.size + 1):
            if not position.holds(unit, value) and not position.places(unit, value):
                missing.append(f"{symbol(value)} in {unit.kind} {unit.index}")
    if missing:
        found.append(f"The pencil marks leave no place for {_listed(missing)}")
    return tuple(found)


def left_out(position: Position, solution: Grid) -> tuple[str, ...]:
    """The solution's values the marks leave out, each said with its cell: "the pencil marks
    leave out 5 in r3c4, which the only solution puts there"."""
    shape = solution.shape
    found = [
        f"{shape.symbol(answer)} in {_cell_name(position, cell)}"
        for cell, (value, answer) in enumerate(zip(position.values, solution.cells, strict=True))
        if not value and not position.has(cell, answer)
    ]
    if not found:
        return ()
    which = "puts it there" if len(found) == 1 else "puts them there"
    return (f"The pencil marks leave out {_listed(found)}, which the only solution {which}",)


def mark_problems(position: Position, solution: Grid | None) -> tuple[str, ...]:
    """Everything that keeps `position` from being explained: its contradictions, else the
    values of `solution` (the solved cells' only one, when known) that the marks leave out."""
    return contradictions(position) or (left_out(position, solution) if solution else ())


def wrong_notes(notes: Position, progress: Progress, solution: Grid) -> tuple[int, ...]:
    """The open cells of `progress` (0-based, reading order) whose `notes` (a position on
    the puzzle's givens) removed the value `solution` puts there."""
    values = progress.grid.cells
    return tuple(
        cell
        for cell, answer in enumerate(solution.cells)
        if not values[cell] and not notes.has(cell, answer)
    )
