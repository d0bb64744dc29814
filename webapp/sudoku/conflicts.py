"""Conflicts among the givens: a symbol twice in one unit (a row, a column, a box...)."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Geometry
from .puzzle import Puzzle


@dataclass(frozen=True)
class Conflict:
    """One unit holding one symbol more than once: a value, worded outside the engine.

    `unit` is the kind of unit ("row", "column", "box", "diagonal"); `index`
    and `cells` are 1-based, cells as (row, column) pairs in the unit's order.
    """

    unit: str
    index: int
    symbol: str
    cells: tuple[tuple[int, int], ...]


def find_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every unit of `puzzle` in which a given symbol appears more than once, in unit order.

    The units are rows, then columns, then boxes, then the rules' extras; within a unit,
    symbols are taken in value order and cells in the unit's order.
    """
    grid, geometry = puzzle.grid, puzzle.geometry
    shape = grid.shape
    if not _repeats(grid.cells, geometry):
        return ()
    n = shape.size
    found = []
    for unit in geometry.units:
        seen: dict[int, list[tuple[int, int]]] = {}
        for cell in unit.cells:
            value = grid.cells[cell]
            if value:
                seen.setdefault(value, []).append((cell // n + 1, cell % n + 1))
        for value, places in sorted(seen.items()):
            if len(places) > 1:
                found.append(Conflict(unit.kind, unit.index, shape.symbol(value), tuple(places)))
    return tuple(found)


def _repeats(values: tuple[int, ...], geometry: Geometry) -> bool:
    """True when some unit holds a value twice: every solve asks, and most answers are no.

    Only the filled cells are visited, each unit's values kept as one bitmask:
    a fifth of the time the detailed pass takes on a 9x9 puzzle.
    """
    used = [0] * len(geometry.units)
    unit_numbers = geometry.cell_unit_numbers
    for cell, value in enumerate(values):
        if value:
            bit = 1 << value
            for number in unit_numbers[cell]:
                if used[number] & bit:
                    return True
                used[number] |= bit
    return False
