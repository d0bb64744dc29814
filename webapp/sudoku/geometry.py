"""The grid's units, and what follows from them: each cell's units and its peers.

Glossary (Norvig's, kept):
- cell: one square of the grid, numbered 0..N*N-1 in reading order;
- unit: N cells that must hold every symbol once: a row, a column, a box, or
  any region a variant adds (the two diagonals of X-Sudoku);
- cage: a Killer's cells that hold different symbols adding up to a sum (cages.py). A
  cage is not a unit (it need not hold every symbol), but its cells are peers;
- peers: the other cells of a cell's units and cage, none of which may repeat its symbol.

Everything else in the engine reads the units from a Geometry (the solver's
bit layouts, the conflict check, is_solution, the baseline); none of it
enumerates rows, columns or boxes itself. So a new kind of unit is one more
entry here: a variant's extra kind of unit is one entry in EXTRA_UNITS, and a puzzle's
rules (puzzle.py) name the kinds it adds, so its share code, its solve and its pages follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from operator import itemgetter
from typing import TypeVar

from .shape import Shape

T = TypeVar("T")


# Tables worked out per geometry (the logic engine's layouts, overlaps, crossings...) are
# kept for the GEOMETRIES_KEPT geometries used last. The fixed ones (each size, classic, X,
# Windoku) are few; every Jigsaw map is a geometry of its own, and a stream of new maps
# must not keep a table of each for the life of the process.
GEOMETRIES_KEPT = 64


def per_geometry(function: Callable[..., T]) -> Callable[..., T]:
    """`function` (of a geometry, and perhaps a few small arguments) remembered for the
    geometries used last: an lru_cache of GEOMETRIES_KEPT entries."""
    return lru_cache(maxsize=GEOMETRIES_KEPT)(function)


@dataclass(frozen=True)
class Unit:
    """N cells that must hold every symbol once: `kind` ("row", "diagonal"...), 1-based `index`."""

    kind: str
    index: int
    cells: tuple[int, ...]

    def __hash__(self) -> int:
        # Units key many of the logic engine's lookups: the hash is worked out once.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.kind, self.index, self.cells))

    @cached_property
    def mask(self) -> int:
        """The unit's cells as one int (bit c for cell c)."""
        return sum(1 << cell for cell in self.cells)


@dataclass(frozen=True)
class Geometry:
    """A shape and the units its grids obey, in a fixed order; a Killer's cages (cells in
    reading order, in the order of their first cells) and their sums (None for none)."""

    shape: Shape
    units: tuple[Unit, ...]
    cages: tuple[tuple[int, ...], ...] = ()
    cage_totals: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a unit that is not N distinct cells of the grid."""
        n, cells = self.shape.size, self.shape.cell_count
        for unit in self.units:
            if len(set(unit.cells)) != n or not all(0 <= cell < cells for cell in unit.cells):
                raise ValueError(f"{unit.kind} {unit.index} is not {n} distinct cells of the grid")

    def __hash__(self) -> int:
        # Solves look their tables up by geometry: hashing every unit each time
        # would cost a 9x9 solve 10 us, so the hash is worked out once.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.shape, self.units, self.cages, self.cage_totals))

    @cached_property
    def cell_units(self) -> tuple[tuple[Unit, ...], ...]:
        """For each cell, the units it belongs to, in unit order."""
        found: list[list[Unit]] = [[] for _ in range(self.shape.cell_count)]
        for unit in self.units:
            for cell in unit.cells:
                found[cell].append(unit)
        return tuple(tuple(units) for units in found)

    @cached_property
    def cell_unit_numbers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the places in `units` of its units, ascending."""
        found: list[list[int]] = [[] for _ in range(self.shape.cell_count)]
        for number, unit in enumerate(self.units):
            for cell in unit.cells:
                found[cell].append(number)
        return tuple(tuple(numbers) for numbers in found)

    @cached_property
    def cell_cage(self) -> tuple[int | None, ...]:
        """For each cell, the number of its cage in `cages` (None outside every cage)."""
        found: list[int | None] = [None] * self.shape.cell_count
        for number, cells in enumerate(self.cages):
            for cell in cells:
                found[cell] = number
        return tuple(found)

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells of its units and of its cage."""
        cells = [frozenset(unit.cells) for unit in self.units]
        mates = [() if cage is None else self.cages[cage] for cage in self.cell_cage]
        return tuple(
            frozenset().union(*[cells[number] for number in numbers], mates[cell]) - {cell}
            for cell, numbers in enumerate(self.cell_unit_numbers)
        )

    @cached_property
    def shared_cells(self) -> dict[tuple[int, int], int]:
        """Each pair of units that share two cells or more, by their places in `units` (the
        first the lower), in order, with the cells they share as a mask."""
        counts: dict[tuple[int, int], int] = {}
        for numbers in self.cell_unit_numbers:
            for at, first in enumerate(numbers):
                for second in numbers[at + 1 :]:
                    counts[first, second] = counts.get((first, second), 0) + 1
        masks = self.unit_masks
        return {
            (first, second): masks[first] & masks[second]
            for first, second in sorted(counts)
            if counts[first, second] >= 2
        }

    @cached_property
    def unit_masks(self) -> tuple[int, ...]:
        """Each unit's cells as one int (bit c for cell c), in unit order."""
        return tuple(unit.mask for unit in self.units)

    @cached_property
    def unit_readers(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        """For each unit, in unit order, a function taking a sequence indexed by cell to the
        tuple of its entries at the unit's cells (an itemgetter: one C call)."""
        return tuple(itemgetter(*unit.cells) for unit in self.units)

    @cached_property
    def peer_masks(self) -> tuple[int, ...]:
        """For each cell, its peers as one int (bit c for cell c)."""
        masks = self.unit_masks
        cage_masks = [sum(1 << cell for cell in cage) for cage in self.cages]
        found = []
        for cell, numbers in enumerate(self.cell_unit_numbers):
            cage = self.cell_cage[cell]
            mask = 0 if cage is None else cage_masks[cage]
            for number in numbers:
                mask |= masks[number]
            found.append(mask & ~(1 << cell))
        return tuple(found)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of unit, in the order they first appear."""
        return tuple(dict.fromkeys(unit.kind for unit in self.units))

    def with_units(self, extra: Iterable[Unit]) -> Geometry:
        """This geometry with more units after its own (a variant's extra regions)."""
        return Geometry(self.shape, self.units + tuple(extra), self.cages, self.cage_totals)


@cache
def standard_geometry(shape: Shape) -> Geometry:
    """Rows, then columns, then boxes, each numbered from 1 and listed in reading order."""
    n = shape.size
    rows = [Unit("row", r + 1, tuple(r * n + c for c in range(n))) for r in range(n)]
    columns = [Unit("column", c + 1, tuple(r * n + c for r in range(n))) for c in range(n)]
    boxes = [Unit("box", b + 1, tuple(r * n + c for r, c in shape.box_cells(b))) for b in range(n)]
    return Geometry(shape, tuple(rows + columns + boxes))


def diagonals(shape: Shape) -> tuple[Unit, Unit]:
    """The two main diagonals, top-left to bottom-right first, each in reading order."""
    n = shape.size
    return (
        Unit("diagonal", 1, tuple(i * n + i for i in range(n))),
        Unit("diagonal", 2, tuple(i * n + (n - 1 - i) for i in range(n))),
    )


@cache
def x_sudoku(shape: Shape) -> Geometry:
    """The standard units plus both main diagonals."""
    return standard_geometry(shape).with_units(diagonals(shape))


def windows(shape: Shape) -> tuple[Unit, ...]:
    """Windoku's windows: boxes' worth of cells one row and column in from the boxes, one
    apart (rows and columns 2-4 and 6-8 on a 9x9), in reading order. Square boxes only."""
    n, k = shape.size, shape.box_rows
    starts = range(1, n - k + 1, k + 1)
    return tuple(
        Unit(
            "window",
            number + 1,
            tuple((top + r) * n + left + c for r in range(k) for c in range(k)),
        )
        for number, (top, left) in enumerate((top, left) for top in starts for left in starts)
    )


def square_boxes(shape: Shape) -> str | None:
    """Why windows do not fit `shape` (its boxes are not square), or None."""
    if shape.box_rows == shape.box_cols:
        return None
    return f"Windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not the {shape.name}'s"


@dataclass(frozen=True)
class ExtraUnits:
    """A kind of unit a variant adds to the standard ones: its letter in a share code
    (puzzle.py), what players call the variant, the units it adds to a shape, and why it
    does not fit a shape (None where it does)."""

    letter: str
    name: str
    units: Callable[[Shape], tuple[Unit, ...]]
    unfit: Callable[[Shape], str | None] = lambda shape: None


# Every extra kind of unit the engine knows, in the order a puzzle's units and its share
# code list them. One entry here is all a new kind of unit needs.
EXTRA_UNITS: dict[str, ExtraUnits] = {
    kind.letter: kind
    for kind in (
        ExtraUnits("x", "X-Sudoku", diagonals),
        ExtraUnits("w", "Windoku", windows, square_boxes),
    )
}


def geometry_of(
    shape: Shape,
    extras: tuple[str, ...] = (),
    regions: tuple[int, ...] = (),
    cages: tuple[tuple[int, ...], ...] = (),
    cage_totals: tuple[int | None, ...] = (),
) -> Geometry:
    """The standard units of `shape` (with `regions`, a Jigsaw's region map, in place of its
    boxes) plus those of each extra kind named by its letter, and a Killer's `cages` (cells,
    checked by the puzzle's rules) with their sums."""
    if not extras and not regions and not cages:
        return standard_geometry(shape)
    kinds = tuple(EXTRA_UNITS[letter] for letter in extras)
    if not cages:
        return _with_extras(shape, extras, kinds, regions)
    return _with_cages(_with_extras(shape, extras, kinds, regions), cages, cage_totals)


@per_geometry
def _with_cages(
    base: Geometry, cages: tuple[tuple[int, ...], ...], cage_totals: tuple[int | None, ...]
) -> Geometry:
    """`base` with a Killer's cages, kept (so one puzzle's solves share one geometry)."""
    return Geometry(base.shape, base.units, cages, cage_totals)


@per_geometry
def _with_extras(
    shape: Shape, extras: tuple[str, ...], kinds: tuple[ExtraUnits, ...], regions: tuple[int, ...]
) -> Geometry:
    """geometry_of, kept per shape, kinds and regions (the kinds themselves are in the key, so
    a kind registered again under the same letter gets its own geometry)."""
    base = standard_geometry(shape)
    if regions:
        lines = tuple(unit for unit in base.units if unit.kind != "box")
        base = Geometry(shape, lines + region_units(shape, regions))
    return base.with_units(unit for kind in kinds for unit in kind.units(shape))


def region_units(shape: Shape, regions: tuple[int, ...]) -> tuple[Unit, ...]:
    """A Jigsaw's regions (a region map, regions.py) as units "region 1" to "region N"."""
    members: list[list[int]] = [[] for _ in range(shape.size)]
    for cell, region in enumerate(regions):
        members[region].append(cell)
    return tuple(Unit("region", number + 1, tuple(cells)) for number, cells in enumerate(members))
