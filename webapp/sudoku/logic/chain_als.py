"""Almost locked sets as links of a chain.

An almost locked set (ALS) is n cells of one unit that hold n + 1 values
between them. If one of those values is nowhere in the set, the n cells hold
the other n values, one each: so every other value is somewhere in the set.
That is a strong link between "the value x is in the set" and "the value y is
in the set", for any two of its values: one of them at least is true. Each
side is a node: the set's cells that hold that value (one cell, or several in
one unit, so a weak link reaches it like any group).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..geometry import Geometry, geometry_memo
from .position import Position

if TYPE_CHECKING:
    from .chain_graph import Graph


def largest_set(size: int) -> int:
    """How many cells a set may have: fewer on big grids, where there are many more to try."""
    return 5 if size <= 9 else 3 if size <= 16 else 2


def almost_locked_sets(position: Position) -> list[tuple[tuple[int, ...], int]]:
    """Each (cells, values mask) of 2 or more open cells of one unit holding one value more."""
    geometry, states = position.geometry, position.unit_states
    most = largest_set(position.size)
    found: set[tuple[tuple[int, ...], int]] = set()
    for number in range(len(geometry.units)):
        found.update(_unit_sets(geometry, number, states[number], most))
    return sorted(found)


@geometry_memo
def _unit_sets(
    geometry: Geometry, number: int, state: tuple[int, ...], most: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The sets of one unit, whose state (Position.unit_states) is all they depend on."""
    unit = geometry.units[number]
    masks = dict(zip(unit.cells, state, strict=False))  # the state's first half: candidates
    # a cell with more values than the largest set allows cannot be in one
    usable = [c for c in unit.cells if 0 < masks[c].bit_count() <= most + 1]
    found = []
    for count in range(2, most + 1):
        for cells in combinations(usable, count):
            mask = 0
            for cell in cells:
                mask |= masks[cell]
            if mask.bit_count() == count + 1:
                found.append((tuple(sorted(cells)), mask))
    return tuple(found)


def link_through_set(graph: Graph, cells: tuple[int, ...], sides: list[int]) -> None:
    """Strong links between the set's nodes `sides` (one for each of its values; new links
    remember the set)."""
    for first, second in combinations(sides, 2):
        if graph.strong[first] >> second & 1:
            continue
        graph.link(graph.strong, first, second)
        graph.through_set[(first, second)] = cells
        graph.through_set[(second, first)] = cells
