"""Intersections (locked candidates): a value confined to where two units overlap.

When every place left for a value in unit A lies inside unit B too, the value
must go in that overlap, so it can go nowhere else in B. With A a box and B a
line, that is pointing; with A a line and B a box, claiming. Any two units
that overlap in more than one cell are tried, so extra units work unchanged: a
window or a Jigsaw's region points like a box, a diagonal claims like a line
(unit_kinds.py), and a box and a window, or a diagonal and a window, lock too.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from ..geometry import Geometry, Unit, per_geometry
from .memo import each_value
from .position import Position, bits_of
from .step import BASE, TARGET, Step
from .unit_kinds import is_block

POINTING = 2.6
CLAIMING = 2.8


@per_geometry
def overlapping_pairs(geometry: Geometry) -> tuple[tuple[Unit, Unit, int, int, int], ...]:
    """Every ordered pair of units that share two cells or more, with each unit's cells and
    their overlap, each as a mask of cells."""
    shared = geometry.shared_cells
    ordered = sorted([*shared, *((b, a) for a, b in shared)])
    units, masks = geometry.units, geometry.unit_masks
    return tuple(
        (units[a], units[b], masks[a], masks[b], shared[min(a, b), max(a, b)]) for a, b in ordered
    )


def locked_candidates(position: Position, from_box: bool) -> Iterator[Step]:
    """Every value whose places in one unit (a block, or else any other unit) all lie in
    another, with places to remove there. Pointing and claiming are searched apart, so
    that a value with only one kind is remembered as having none of the other."""
    return each_value(
        ("locked-candidates", from_box),
        position,
        partial(_locked_candidates, from_box=from_box),
    )


def _locked_candidates(position: Position, value: int, from_box: bool) -> Iterator[Step]:
    """The locked candidates of one value from a block, or from any other unit."""
    has = position.value_cells[value]
    for first, first_mask, partners in _by_first_unit(position.geometry, from_box):
        places = has & first_mask
        if places.bit_count() < 2:
            continue  # no pair of places to lock
        for second, second_mask, overlap in partners:
            if places & ~overlap:
                continue
            removed = has & second_mask & ~overlap
            if not removed:
                continue
            yield _step(value, first, second, places, removed)


@per_geometry
def _by_first_unit(
    geometry: Geometry, from_box: bool
) -> tuple[tuple[Unit, int, tuple[tuple[Unit, int, int], ...]], ...]:
    """overlapping_pairs by their first unit (blocks, or every other kind): each unit, its
    mask, and the units it overlaps with their masks and the overlap, in the same order."""
    found: dict[Unit, tuple[int, list[tuple[Unit, int, int]]]] = {}
    for first, second, first_mask, second_mask, overlap in overlapping_pairs(geometry):
        if is_block(first.kind) != from_box:
            continue
        found.setdefault(first, (first_mask, []))[1].append((second, second_mask, overlap))
    return tuple((unit, mask, tuple(partners)) for unit, (mask, partners) in found.items())


def _step(value: int, first: Unit, second: Unit, places: int, removed: int) -> Step:
    """The locked candidates of `value` in `first`'s `places`, removed from `second`."""
    pointing = is_block(first.kind)
    return Step(
        "pointing" if pointing else "claiming",
        POINTING if pointing else CLAIMING,
        (value,),
        tuple((cell, BASE) for cell in bits_of(places))
        + tuple((cell, TARGET) for cell in bits_of(removed)),
        ((first.kind, first.index), (second.kind, second.index)),
        eliminations=tuple((cell, value) for cell in bits_of(removed)),
    )


def pointing(position: Position) -> Iterator[Step]:
    """Locked candidates from a block (box, region, window) into any unit it overlaps."""
    return locked_candidates(position, from_box=True)


def claiming(position: Position) -> Iterator[Step]:
    """Locked candidates from a line (a row, a column, a diagonal) into any unit it overlaps."""
    return locked_candidates(position, from_box=False)
