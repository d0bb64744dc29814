"""Conflicts among the givens: a symbol twice in one row, column or box."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .grid import Grid

# Every count a unit of up to 25 cells can hold, in words: "7 5s" would read as "75s".
COUNT_WORDS = dict(
    enumerate(
        (
            "two three four five six seven eight nine ten eleven twelve thirteen fourteen"
            " fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two"
            " twenty-three twenty-four twenty-five"
        ).split(),
        start=2,
    )
)


@dataclass(frozen=True)
class Conflict:
    """One unit holding one symbol more than once.

    `unit` is "row", "column" or "box"; `index` and `cells` are 1-based,
    cells as (row, column) pairs in reading order.
    """

    unit: str
    index: int
    symbol: str
    cells: tuple[tuple[int, int], ...]

    @property
    def headline(self) -> str:
        """What clashes, without where: "Row 3 has two 5s"."""
        count = COUNT_WORDS.get(len(self.cells), str(len(self.cells)))
        return f"{self.unit.capitalize()} {self.index} has {count} {self.symbol}s"

    @property
    def message(self) -> str:
        """A sentence such as "Row 3 has two 5s: r3c2 and r3c7"."""
        return f"{self.headline}: {in_words(f'r{r}c{c}' for r, c in self.cells)}"


def in_words(items: Iterable[str]) -> str:
    """Items as a person lists them: "2 and 7", "2, 5 and 7"."""
    *rest, last = items
    return f"{', '.join(rest)} and {last}" if rest else last


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
