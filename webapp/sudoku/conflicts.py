"""Conflicts among the givens: a symbol twice in one row, column or box."""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Grid


@dataclass(frozen=True)
class Conflict:
    """One unit holding one symbol more than once: a value, worded outside the engine.

    `unit` is the kind of unit ("row", "column", "box"); `index` and `cells`
    are 1-based, cells as (row, column) pairs in reading order.
    """

    unit: str
    index: int
    symbol: str
    cells: tuple[tuple[int, int], ...]


def find_conflicts(grid: Grid) -> tuple[Conflict, ...]:
    """Every unit in which a given symbol appears more than once: rows, then columns, then boxes."""
    shape = grid.shape
    n = shape.size
    units = (
        [("row", [(r, c) for c in range(n)]) for r in range(n)]
        + [("column", [(r, c) for r in range(n)]) for c in range(n)]
        + [("box", shape.box_cells(b)) for b in range(n)]
    )
    found = []
    counters = {"row": 0, "column": 0, "box": 0}
    for kind, cells in units:
        counters[kind] += 1
        seen: dict[int, list[tuple[int, int]]] = {}
        for r, c in cells:
            value = grid.value(r, c)
            if value:
                seen.setdefault(value, []).append((r + 1, c + 1))
        for value, places in sorted(seen.items()):
            if len(places) > 1:
                found.append(Conflict(kind, counters[kind], shape.symbol(value), tuple(places)))
    return tuple(found)
