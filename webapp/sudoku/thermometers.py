"""Thermometers: a line of cells from a bulb whose digits rise strictly along it, each
greater than the one before; and slow thermometers, whose digits rise or stay level.

A thermometer is a chain of "greater than" relations between its successive cells: its
registry entry (rulebook.py) gives `rises` as the chain's relation, and the geometry turns
a puzzle's thermometers into relations (geometry.line_relations), which the search, the
counts and the SAT solver keep as they keep a Kropki dot's, and the logic's related-pair
step reads: no propagator of its own is needed, since a rise between each two neighbours
gives the rise along the whole line. What is wrong with a drawn thermometer is said here,
with where it is.
"""

from __future__ import annotations

from .place import Place


def cell_label(size: int, cell: int) -> str:
    """A cell's name, "r3c7"."""
    return Place.of(cell, size).name


def rises(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether a digit further from a thermometer's bulb is greater than the one before (on
    a grid of any size, a line of any length)."""
    return further > nearer


def neighbours(size: int, one: int, other: int) -> bool:
    """Whether two cells of a size x size grid touch, by a side or a corner."""
    return (
        one != other and max(abs(one // size - other // size), abs(one % size - other % size)) == 1
    )


def line_problem(
    size: int, cells: tuple[int, ...], name: str, longest: int | None, why: str = "can rise"
) -> str | None:
    """What is wrong with a line called `name` over `cells` (its start first) on a size x
    size grid, said with where it is, or None: no cells, a cell off the grid, a start alone,
    more than `longest` cells (None: any number; `why` says what at most that many can do),
    a cell twice, or two cells in turn that do not touch."""
    if not cells:
        return f"a {name} has no cells"
    outside = next((cell for cell in cells if not 0 <= cell < size * size), None)
    if outside is not None:
        return f"a {name} runs through cell {outside}, outside the {size}x{size} grid"
    start = cell_label(size, cells[0])
    if len(cells) < 2:
        return f"{name} from {start} has only its bulb"
    if longest is not None and len(cells) > longest:
        return f"{name} from {start} has {len(cells)} cells; at most {longest} {why}"
    seen: set[int] = set()
    for cell in cells:
        if cell in seen:
            return f"{name} from {start} runs through {cell_label(size, cell)} twice"
        seen.add(cell)
    for one, other in zip(cells, cells[1:], strict=False):
        if not neighbours(size, one, other):
            return (
                f"{name} from {start}: cells {cell_label(size, one)} and"
                f" {cell_label(size, other)} are not neighbours"
            )
    return None


def thermometer_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a thermometer over `cells` (bulb first), or None: digits rise
    strictly along it, so it has at most `size` cells."""
    return line_problem(size, cells, "thermometer", size)


def rises_or_stays(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether a digit further from a slow thermometer's bulb is at least the one before (on
    a grid of any size, a line of any length)."""
    return further >= nearer


def slow_thermometer_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a slow thermometer over `cells` (bulb first), or None; its digits
    may stay level, so it may be longer than a row."""
    return line_problem(size, cells, "slow thermometer", None)
