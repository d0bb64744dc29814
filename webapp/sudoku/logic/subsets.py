"""Subsets: k cells of a unit that between them can hold only k values, and the reverse.

- naked subset: k open cells whose candidates together are just k values; those
  values go in those cells, so no other cell of the unit can take them;
- hidden subset: k values whose places in a unit are just k cells; those cells
  hold those values, so they can hold nothing else.
Pairs, triples and quads (k = 2, 3, 4).

Locked pair / triple: a naked pair or triple whose cells share two units (a
box and a line): its values go from both units at once. HoDoKu names these
(codes 0110, 0111); Sudoku Explainer has no such name and would rate the
same step as the naked subset (3.0, 3.6). Rated the same here, and listed
before the naked subsets in techniques.py, so the easiest-first path shows the
fuller step (both units cleared) whenever there is one. A subset sharing two
units but clearing only one is a naked subset, as HoDoKu calls it too.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import combinations

from ..geometry import Geometry, Unit, per_geometry
from .memo import since_position
from .position import Position, bits_of
from .step import BASE, TARGET, Step
from .unions import small_unions

NAMES = {2: "pair", 3: "triple", 4: "quad"}
NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
LOCKED = {2: NAKED[2], 3: NAKED[3]}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}


def naked_subsets(position: Position, size: int) -> Iterator[Step]:
    """Every naked subset of `size` cells in a unit that removes a candidate."""
    return since_position(("naked-subset", size), position, partial(_naked_in_units, size=size))


def _naked_in_units(position: Position, changed: int | None, size: int) -> Iterator[Step]:
    """The naked subsets of the units with a cell changed since a position where none
    removed anything (`changed`, see `memo.since_position`), as `_changed_units`; and
    with `size` cells of 2..size candidates, the only ones that can be part of one."""
    small = position.cells_with(2, size)
    for unit in position.geometry.units:
        mask = unit.mask
        if (changed is None or mask & changed) and (small & mask).bit_count() >= size:
            yield from _naked_subsets(position, unit, size)


def _naked_subsets(position: Position, unit: Unit, size: int) -> Iterator[Step]:
    """The naked subsets of one unit."""
    masks = position.candidates
    for group, union in _naked_groups(unit.cells, masks, size):
        values = bits_of(union)
        removed = _outside(unit.cells, group, values, masks)
        if removed:
            yield Step(
                f"naked-{NAMES[size]}",
                NAKED[size],
                tuple(values),
                tuple((cell, BASE) for cell in group)
                + tuple((cell, TARGET) for cell in dict.fromkeys(c for c, _ in removed)),
                ((unit.kind, unit.index),),
                eliminations=tuple(removed),
            )


def hidden_subsets(position: Position, size: int) -> Iterator[Step]:
    """Every hidden subset of `size` values in a unit that removes a candidate."""
    return since_position(("hidden-subset", size), position, partial(_changed_units, size=size))


def _changed_units(position: Position, changed: int | None, size: int) -> Iterator[Step]:
    """The hidden subsets of the units with a cell changed since a position where none
    removed anything (`changed`, see `memo.since_position`); of every unit without it. A
    unit whose cells are as they were has the same subsets, which removed nothing."""
    for unit in position.geometry.units:
        if changed is None or unit.mask & changed:
            yield from _hidden_subsets(position, unit, size)


def _hidden_subsets(position: Position, unit: Unit, size: int) -> Iterator[Step]:
    """The hidden subsets of one unit."""
    has, mask = position.value_cells, unit.mask
    # only values with 2..size places can be part of one
    members, places = [], []
    for value in range(1, position.size + 1):
        here = has[value] & mask
        if 2 <= here.bit_count() <= size and not position.holds(unit, value):
            members.append(value)
            places.append(here)
    for picks in small_unions(places, size, size):
        group = tuple(members[i] for i in picks)
        together = 0
        for i in picks:
            together |= places[i]
        cells = bits_of(together)
        if len(cells) != size:
            continue
        removed = [
            (cell, value)
            for cell in cells
            for value in bits_of(position.candidates[cell])
            if value not in group
        ]
        if removed:
            yield Step(
                f"hidden-{NAMES[size]}",
                HIDDEN[size],
                group,
                tuple((cell, BASE) for cell in cells),
                ((unit.kind, unit.index),),
                eliminations=tuple(removed),
            )


def locked_subsets(position: Position, size: int) -> Iterator[Step]:
    """Every naked subset of `size` cells sharing two units or more that clears two of them."""
    masks, geometry = position.candidates, position.geometry
    small = position.cells_with(2, size)
    seen: set[tuple[int, ...]] = set()
    # the group lies where two units cross: only crossings with `size` small cells
    for cells, shared in _overlaps(geometry):
        if (small & shared).bit_count() < size:
            continue
        for group, union in _naked_groups(cells, masks, size):
            key = tuple(sorted(group))
            if key in seen:
                continue
            seen.add(key)
            # the units holding every cell of the group: a box and a line, on a standard grid
            holding = [
                other for other in geometry.cell_units[group[0]] if set(group) <= set(other.cells)
            ]
            values = bits_of(union)
            cleared = []
            removed: dict[tuple[int, int], None] = {}
            for other in holding:
                here = _outside(other.cells, group, values, masks)
                if here:
                    cleared.append(other)
                    removed.update(dict.fromkeys(here))
            if len(cleared) < 2:
                continue
            yield Step(
                f"locked-{NAMES[size]}",
                LOCKED[size],
                tuple(values),
                tuple((cell, BASE) for cell in group)
                + tuple((cell, TARGET) for cell in dict.fromkeys(c for c, _ in removed)),
                tuple((other.kind, other.index) for other in cleared),
                eliminations=tuple(removed),
            )


@per_geometry
def _overlaps(geometry: Geometry) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The cells two units share (two or more, in the first unit's order), once per pair
    of units in the geometry's order, with them as a mask."""
    units = geometry.units
    return tuple(
        (tuple(cell for cell in units[first].cells if shared >> cell & 1), shared)
        for (first, _), shared in geometry.shared_cells.items()
    )


def _naked_groups(
    cells: tuple[int, ...], masks: tuple[int, ...], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each `size` of `cells` whose candidates together are `size` values, with those values
    as a mask."""
    # only cells with 2..size candidates can be part of one
    members = [cell for cell in cells if 2 <= masks[cell].bit_count() <= size]
    for group in combinations(members, size):
        union = 0
        for cell in group:
            union |= masks[cell]
        if union.bit_count() == size:
            yield group, union


def _outside(
    cells: tuple[int, ...], group: tuple[int, ...], values: tuple[int, ...], masks: tuple[int, ...]
) -> list[tuple[int, int]]:
    """The candidates among `values` of the cells of `cells` outside `group`."""
    return [
        (cell, value)
        for cell in cells
        if cell not in group
        for value in values
        if masks[cell] >> value & 1
    ]
