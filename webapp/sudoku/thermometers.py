"""Thermometers: a line of cells from a bulb whose digits rise strictly along it, each
greater than the one before.

A thermometer is a chain of "greater than" relations between its neighbouring cells, so it
becomes the geometry's relations (geometry.Relation: the digits two cells may not hold
together), which the search, the counts and the SAT solver keep as they keep a Kropki dot's,
and the logic's related-pair step reads: no propagator of its own is needed, since a rise
between each two neighbours gives the rise along the whole line.

A relation's pairs list the lower cell first; a thermometer running up the grid has its
bulb-side cell second, so its forbidden digits are turned round to match.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import PuzzleError
from .geometry import Relation
from .place import Place
from .shape import Shape


def cell_label(size: int, cell: int) -> str:
    """A cell's name, "r3c7"."""
    return Place.of(cell, size).name


# The registry's letter for a thermometer's relations (rulebook.py).
THERMOMETER = "T"


@dataclass(frozen=True)
class Thermometer:
    """One thermometer's cells, bulb first (indexes in reading order)."""

    cells: tuple[int, ...]

    @property
    def bulb(self) -> int:
        """The cell the digits rise from."""
        return self.cells[0]


def neighbours(size: int, one: int, other: int) -> bool:
    """Whether two cells of a size x size grid touch, by a side or a corner."""
    return (
        one != other and max(abs(one // size - other // size), abs(one % size - other % size)) == 1
    )


def thermometer_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a thermometer over `cells` (bulb first) on a size x size grid, said
    with where it is, or None."""
    if not cells:
        return "a thermometer has no cells"
    outside = next((cell for cell in cells if not 0 <= cell < size * size), None)
    if outside is not None:
        return f"a thermometer runs through cell {outside}, outside the {size}x{size} grid"
    start = cell_label(size, cells[0])
    if len(cells) < 2:
        return f"thermometer from {start} has only its bulb"
    if len(cells) > size:
        return f"thermometer from {start} has {len(cells)} cells; at most {size} can rise"
    seen: set[int] = set()
    for cell in cells:
        if cell in seen:
            return f"thermometer from {start} runs through {cell_label(size, cell)} twice"
        seen.add(cell)
    for one, other in zip(cells, cells[1:], strict=False):
        if not neighbours(size, one, other):
            return (
                f"thermometer from {start}: cells {cell_label(size, one)} and"
                f" {cell_label(size, other)} are not neighbours"
            )
    return None


def read_thermometer(size: int, cells: tuple[int, ...]) -> Thermometer:
    """The thermometer over `cells` (bulb first); PuzzleError saying what and where when it
    cannot be one."""
    problem = thermometer_problem(size, cells)
    if problem is not None:
        raise PuzzleError(problem)
    return Thermometer(cells)


def thermometer_relations(
    shape: Shape, thermometers: tuple[Thermometer, ...]
) -> tuple[Relation, ...]:
    """The relations of `thermometers`: two relations at most, one for the steps that run
    down the reading order (the lower cell nearer the bulb) and one for those that run up."""
    digits = range(1, shape.size + 1)
    rising = frozenset((a, b) for a in digits for b in digits if a >= b)
    falling = frozenset((b, a) for a, b in rising)
    down, up = [], []
    for thermometer in thermometers:
        for nearer, further in zip(thermometer.cells, thermometer.cells[1:], strict=False):
            if nearer < further:
                down.append((nearer, further))
            else:
                up.append((further, nearer))
    found = []
    if down:
        found.append(Relation(tuple(sorted(down)), rising, THERMOMETER))
    if up:
        found.append(Relation(tuple(sorted(up)), falling, THERMOMETER))
    return tuple(found)
