"""The Law of Leftovers (SudokuWiki's name), a Jigsaw's own technique.

Take k consecutive rows (or columns) and the k regions that lie mostly in them (more
than half of each region's cells inside the rows). The rows hold each value k times,
and so do the regions; the cells they share hold the same values either way, so what
is left over on each side holds the same values too: the innies (the rows' cells
outside those regions) and the outies (the regions' cells outside the rows), as a
multiset. A value in an innie is in some outie, and the reverse: an open cell on one
side can only hold a value some cell on the other side can hold (with one innie and
one outie, they are equal). Values already placed on both sides cancel first. Only
leftovers of at most half a unit's cells a side are used (4 on 9x9): more are sound but
too many to follow, and no longer the quick count the technique is rated as.

Nothing here needs the regions to be irregular, but with boxes (or a map equal to them)
the leftovers are empty: the technique only has something to say in a Jigsaw, and is
only asked there (`applies`).

Rated on Sudoku Explainer's scale like the units it reads: one row and one region is
two units crossing, as an intersection is, so 2.9 (just above claiming, 2.8, since
the leftovers are apart and have to be found); k rows and k regions read 2k units, as
a fish of k lines does, so each k takes its fish's difficulty plus 0.1 (3.3, 3.9, 5.3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..geometry import Geometry, Unit, per_geometry
from .position import Position, bits_of
from .step import TARGET, Step
from .unit_kinds import LINES

LAW_OF_LEFTOVERS = {1: 2.9, 2: 3.3, 3: 3.9, 4: 5.3}
# More lines than these make leftovers too many to follow (the band's complement, at
# a grid's edge, is found as a band of its own).
MOST_LINES = max(LAW_OF_LEFTOVERS)
INNIE = "innie"  # a cell of the lines outside the regions
OUTIE = "outie"  # a cell of the regions outside the lines


@dataclass(frozen=True)
class Leftovers:
    """k consecutive lines, the k regions lying mostly in them, and what is left of each."""

    lines: tuple[Unit, ...]
    regions: tuple[Unit, ...]
    innies: tuple[int, ...]
    outies: tuple[int, ...]


def applies(geometry: Geometry) -> bool:
    """True when `geometry` has a Jigsaw's regions: nowhere else are there leftovers."""
    return bool(leftovers_of(geometry))


@per_geometry
def leftovers_of(geometry: Geometry) -> tuple[Leftovers, ...]:
    """Every band of 1 to MOST_LINES rows or columns that k regions lie mostly in, with
    leftovers on both sides, each pair of leftovers once (fewest lines first)."""
    regions = [unit for unit in geometry.units if unit.kind == "region"]
    n = geometry.shape.size
    found: dict[tuple[int, int], Leftovers] = {}
    for count in range(1, min(MOST_LINES, n - 1) + 1):
        for kind in LINES:
            lines = [unit for unit in geometry.units if unit.kind == kind]
            for start in range(n - count + 1):
                band = lines[start : start + count]
                band_mask = _mask(band)
                mostly = tuple(r for r in regions if 2 * (r.mask & band_mask).bit_count() > n)
                if len(mostly) != count:
                    continue
                region_mask = _mask(mostly)
                innies, outies = band_mask & ~region_mask, region_mask & ~band_mask
                if not 0 < innies.bit_count() <= n // 2:
                    continue
                if (innies, outies) not in found:
                    found[innies, outies] = Leftovers(
                        tuple(band), mostly, tuple(bits_of(innies)), tuple(bits_of(outies))
                    )
    return tuple(found.values())


def _mask(units: tuple[Unit, ...] | list[Unit]) -> int:
    """The cells of `units` as one mask."""
    mask = 0
    for unit in units:
        mask |= unit.mask
    return mask


def law_of_leftovers(position: Position, lines: int | None = None) -> Iterator[Step]:
    """Every step of the Law of Leftovers (over bands of `lines` lines, or any) that
    removes a candidate."""
    for leftovers in leftovers_of(position.geometry):
        if lines is None or len(leftovers.lines) == lines:
            step = _step(position, leftovers)
            if step is not None:
                yield step


def _step(position: Position, leftovers: Leftovers) -> Step | None:
    """What the leftovers remove: each open cell's candidates that no cell on the other
    side can hold, once the values placed on both sides cancel out."""
    values, candidates = position.values, position.candidates
    placed_in = Counter(values[cell] for cell in leftovers.innies if values[cell])
    placed_out = Counter(values[cell] for cell in leftovers.outies if values[cell])
    # what each side can still hold besides the values placed on both: its open cells'
    # candidates and the values placed on it alone
    reach = []
    for cells, placed, other in (
        (leftovers.innies, placed_in, placed_out),
        (leftovers.outies, placed_out, placed_in),
    ):
        mask = 0
        for cell in cells:
            mask |= candidates[cell] if not values[cell] else 0
        for value in placed - other:
            mask |= 1 << value
        reach.append(mask)
    removed = [
        (cell, value)
        for cells, other in ((leftovers.innies, reach[1]), (leftovers.outies, reach[0]))
        for cell in cells
        if not values[cell]
        for value in bits_of(candidates[cell] & ~other)
    ]
    if not removed:
        return None
    return Step(
        "law-of-leftovers",
        LAW_OF_LEFTOVERS[len(leftovers.lines)],
        tuple(sorted({value for _, value in removed})),
        tuple((cell, INNIE) for cell in leftovers.innies)
        + tuple((cell, OUTIE) for cell in leftovers.outies)
        + tuple((cell, TARGET) for cell in sorted({cell for cell, _ in removed})),
        tuple((unit.kind, unit.index) for unit in leftovers.lines + leftovers.regions),
        eliminations=tuple(sorted(removed)),
    )
