"""Intersections (locked candidates): a value confined to where two units overlap.

When every place left for a value in unit A lies inside unit B too, the value
must go in that overlap, so it can go nowhere else in B. With A a box and B a
line, that is pointing; with A a line and B a box, claiming. Any two units
that overlap in more than one cell are tried, so extra units (diagonals) work
unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..geometry import Geometry, Unit
from .position import Position
from .step import BASE, TARGET, Step

POINTING = 2.6
CLAIMING = 2.8


@cache
def overlapping_pairs(geometry: Geometry) -> tuple[tuple[Unit, Unit, frozenset[int]], ...]:
    """Every ordered pair of units that share two cells or more, with their overlap."""
    pairs = []
    cells = [frozenset(unit.cells) for unit in geometry.units]
    for a, first in enumerate(geometry.units):
        for b, second in enumerate(geometry.units):
            overlap = cells[a] & cells[b]
            if a != b and len(overlap) >= 2:
                pairs.append((first, second, overlap))
    return tuple(pairs)


def locked_candidates(position: Position) -> Iterator[Step]:
    """Every value whose places in one unit all lie in another, with places to remove there."""
    for first, second, overlap in overlapping_pairs(position.geometry):
        for value in range(1, position.size + 1):
            places = position.places(first, value)
            if len(places) < 2 or not overlap.issuperset(places):
                continue
            removed = [cell for cell in position.places(second, value) if cell not in overlap]
            if not removed:
                continue
            pointing = first.kind == "box"
            yield Step(
                "pointing" if pointing else "claiming",
                POINTING if pointing else CLAIMING,
                (value,),
                tuple((cell, BASE) for cell in places) + tuple((cell, TARGET) for cell in removed),
                ((first.kind, first.index), (second.kind, second.index)),
                eliminations=tuple((cell, value) for cell in removed),
            )


def pointing(position: Position) -> Iterator[Step]:
    """Locked candidates from a box into a line (or any other unit)."""
    return (step for step in locked_candidates(position) if step.technique == "pointing")


def claiming(position: Position) -> Iterator[Step]:
    """Locked candidates from a line (or any non-box unit) into a box."""
    return (step for step in locked_candidates(position) if step.technique == "claiming")
