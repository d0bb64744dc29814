"""Where a puzzle without a solution first runs out of options, found by singles alone.

When the givens do not clash but the search proves there is no solution, a
person still wants to know where it goes wrong. Filling in what the givens
force (naked singles: a cell with one candidate; hidden singles: a value with
one place in a unit) often reaches a dead end: a cell with no candidate left,
or a unit with no place left for a value. Singles are placed in waves: every
single of the position at once, then the dead ends are looked for again, so
the one reported is the first (in reading order, cells before units) of the
first wave that has one.

Singles are sound, so a puzzle with a solution never reaches a dead end; when
the singles stop before one, the contradiction lies deeper (only the search
finds it) and the answer is None.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Geometry
from .place import Place
from .puzzle import Puzzle

CELL = "cell"
UNIT = "unit"


@dataclass(frozen=True)
class DeadEnd:
    """A dead end that singles reach from the givens, worded outside the engine.

    `kind` is CELL (`place` has no candidate left) or UNIT (`unit` `index`, such
    as row 3, has no place left for `symbol`). `forced` counts the singles
    placed before it: 0 when the givens alone make it.
    """

    kind: str
    forced: int
    place: Place = Place(0, 0)
    unit: str = ""
    index: int = 0
    symbol: str = ""


def find_dead_end(puzzle: Puzzle) -> DeadEnd | None:
    """The first dead end singles reach from the givens of `puzzle`, or None when they stop
    (or fill the grid) without one. The givens must not clash (find_conflicts first)."""
    grid, geometry = puzzle.grid, puzzle.geometry
    values = list(grid.cells)
    full = ((1 << grid.size) - 1) << 1
    masks = [
        0 if value else full & ~sum({1 << values[peer] for peer in geometry.peers[cell]})
        for cell, value in enumerate(values)
    ]
    forced = 0
    while True:
        dead_end = _first_dead_end(geometry, values, masks, forced)
        if dead_end is not None:
            return dead_end
        singles = _naked_singles(values, masks) or _hidden_singles(geometry, values, masks)
        if not singles:
            return None
        for cell, value in singles:
            # An earlier single of this wave may have taken the value from this cell: the
            # dead end that leaves is found at the top of the next wave.
            if masks[cell] >> value & 1:
                values[cell], masks[cell] = value, 0
                forced += 1
                for peer in geometry.peers[cell]:
                    masks[peer] &= ~(1 << value)


def _first_dead_end(
    geometry: Geometry, values: list[int], masks: list[int], forced: int
) -> DeadEnd | None:
    """An open cell without candidates (the first in reading order), else a unit without a
    place for a value it does not hold (the first unit, lowest value), else None."""
    n = geometry.shape.size
    for cell, (value, mask) in enumerate(zip(values, masks, strict=True)):
        if not value and not mask:
            return DeadEnd(CELL, forced, place=Place.of(cell, n))
    full = ((1 << n) - 1) << 1
    for unit in geometry.units:
        seen = 0
        for cell in unit.cells:
            seen |= masks[cell] | 1 << values[cell]
        missing = full & ~seen
        if missing:
            value = (missing & -missing).bit_length() - 1
            symbol = geometry.shape.symbol(value)
            return DeadEnd(UNIT, forced, unit=unit.kind, index=unit.index, symbol=symbol)
    return None


def _naked_singles(values: list[int], masks: list[int]) -> list[tuple[int, int]]:
    """Every open cell with one candidate, as (cell, value)."""
    return [
        (cell, mask.bit_length() - 1)
        for cell, mask in enumerate(masks)
        if mask and not mask & (mask - 1)
    ]


def _hidden_singles(
    geometry: Geometry, values: list[int], masks: list[int]
) -> list[tuple[int, int]]:
    """Every value with one place left in a unit that does not hold it, as (cell, value)."""
    found = []
    for unit in geometry.units:
        once = twice = held = 0
        for cell in unit.cells:
            mask = masks[cell]
            twice |= once & mask
            once |= mask
            held |= 1 << values[cell]
        alone = once & ~twice & ~held
        while alone:
            bit = alone & -alone
            alone ^= bit
            cell = next(cell for cell in unit.cells if masks[cell] & bit)
            found.append((cell, bit.bit_length() - 1))
    return found
