"""Cage combinations: the values a Killer cage's open cells can still hold.

A cage's open cells take different values, none already in the cage, adding up to
what its sum lacks. A way of filling them puts one value of a combination (a set of
values of the right count and sum) in each cell, each a candidate of its cell. A
candidate no way of filling the cage gives its cell goes: "Cage at r1c1 (sum 3) needs
two different values adding up to 3: only 1+2". A cage without a sum says nothing more
than its cells seeing each other (peers) already does.

The last open cell of a cage with a sum takes what the sum lacks, as the last cell of
a unit does (a one-cell cage is its own last cell).

Rated on Sudoku Explainer's scale: the last cell of a cage is a full house with a
subtraction, 1.1 (a full house is 1.0). A cage's combinations are the first thing a
Killer player learns, and the few ways of making a sum in two cells are known by
heart: 1.6 for two open cells, just above a hidden single in a line (1.5), a tenth
more for each cell up to five (1.9), whose ways are many and worked out rather than
remembered: 2.0 for six cells or more (still below a naked single, 2.3, which these
steps often leave behind).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from ..cages import Cage
from ..geometry import Geometry, per_geometry
from .position import Position, bits_of
from .step import BASE, TARGET, Step

CAGE_LAST_CELL = 1.1
# By the count of the cage's open cells; more than the last one's count take its rating.
CAGE_COMBINATIONS = {2: 1.6, 3: 1.7, 4: 1.8, 5: 1.9, 6: 2.0}
# The ways of filling a cage, by its sum and its open cells' candidates, kept for the
# cages seen last (a path asks each cage again at each step; few of them changed).
WAYS_KEPT = 1 << 15


class CageState(NamedTuple):
    """One cage with a sum in a position: its number in the geometry's cages, what its
    open cells must add up to, and the ways of filling them (a named tuple: a path makes
    one of each cage at each step)."""

    number: int
    cage: Cage
    open_cells: tuple[int, ...]
    lacking: int  # the cage's sum less the values already in it
    combinations: tuple[int, ...]  # value sets (bit v for value v) that fill the open cells
    allowed: tuple[int, ...]  # per open cell, the values some way of filling gives it

    @property
    def unit(self) -> tuple[str, int]:
        """The cage as a step names it among its units."""
        return ("cage", self.number + 1)


@lru_cache(maxsize=WAYS_KEPT)
def fillings(
    lacking: int, masks: tuple[int, ...], needed: int = 0
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ways of putting different values, one a cell, in cells with candidates `masks`
    (bit v for value v) so that they add up to `lacking` (and hold every value of
    `needed`): the value sets that can (in increasing order of mask), and for each cell
    the values some way gives it."""
    count = len(masks)
    order = sorted(range(count), key=lambda at: masks[at].bit_count())
    most = max(bits_of(_any(masks)), default=0)
    # layers[i]: each set of values the first i cells (in `order`) can take, with its sum
    layers: list[dict[int, int]] = [{0: 0}]
    for step, at in enumerate(order):
        left = count - step - 1  # cells still to fill after this one, each at most `most`
        found: dict[int, int] = {}
        for used, total in layers[-1].items():
            for value in bits_of(masks[at] & ~used):
                reached = total + value
                if reached <= lacking <= reached + left * most:
                    found[used | 1 << value] = reached
        layers.append(found)
    alive = {
        used for used, total in layers[-1].items() if total == lacking and used & needed == needed
    }
    combinations = tuple(sorted(alive))
    allowed = [0] * count
    for step in range(count - 1, -1, -1):
        at = order[step]
        kept = set()
        for used in layers[step]:
            for value in bits_of(masks[at] & ~used):
                if used | 1 << value in alive:
                    allowed[at] |= 1 << value
                    kept.add(used)
        alive = kept
    return combinations, tuple(allowed)


@lru_cache(maxsize=WAYS_KEPT)
def split_fillings(
    lacking: int, masks: tuple[int, ...], part: tuple[bool, ...]
) -> tuple[tuple[int, int], ...]:
    """The ways of filling cells with candidates `masks` as fillings() does, each with the
    values it puts in the cells flagged in `part`: (way, the part's values) pairs, in
    increasing order. How a cage lying across units is split between them."""
    count = len(masks)
    most = max(bits_of(_any(masks)), default=0)
    layer: set[tuple[int, int]] = {(0, 0)}
    reached: dict[int, int] = {0: 0}
    for at in range(count):
        left = count - at - 1
        found: set[tuple[int, int]] = set()
        for used, inside in layer:
            total = reached[used]
            for value in bits_of(masks[at] & ~used):
                if total + value <= lacking <= total + value + left * most:
                    bit = 1 << value
                    found.add((used | bit, inside | bit if part[at] else inside))
                    reached[used | bit] = total + value
        layer = found
    return tuple(sorted(pair for pair in layer if reached[pair[0]] == lacking))


def split_allowed(
    lacking: int,
    masks: tuple[int, ...],
    part: tuple[bool, ...],
    splits: tuple[tuple[int, int], ...],
) -> tuple[int, ...]:
    """For each cell, the values some way of `splits` (way, the part's values) gives it:
    the part's cells take the part's values, the others the rest of the way."""
    allowed = [0] * len(masks)
    for way, inside in splits:
        kept = tuple(
            mask & (inside if flagged else way & ~inside)
            for mask, flagged in zip(masks, part, strict=True)
        )
        for at, values in enumerate(fillings(lacking, kept)[1]):
            allowed[at] |= values
    return tuple(allowed)


def _any(masks: tuple[int, ...]) -> int:
    """The values any of `masks` holds, as one mask."""
    found = 0
    for mask in masks:
        found |= mask
    return found


_latest: tuple[Position | None, tuple[CageState, ...]] = (None, ())


@per_geometry
def summed_cages(geometry: Geometry) -> tuple[tuple[int, Cage, int, int], ...]:
    """Each cage with a sum: its number in the geometry's cages, the cage, its sum, and its
    cells' mask."""
    return tuple(
        (number, Cage(cells, total), total, sum(1 << cell for cell in cells))
        for number, (cells, total) in enumerate(
            zip(geometry.cages, geometry.cage_totals, strict=True)
        )
        if total is not None
    )


def cage_states(position: Position) -> tuple[CageState, ...]:
    """Every cage with a sum and an open cell in `position`, with its ways of filling (the
    last position's answer is kept: a path asks several techniques of each position)."""
    global _latest
    seen, states = _latest
    if seen is position:
        return states
    values, candidates, open_mask = position.values, position.candidates, position.open_cells
    found = []
    for number, cage, total, mask in summed_cages(position.geometry):
        open_part = mask & open_mask
        if not open_part:
            continue
        if open_part == mask:
            open_cells, lacking = cage.cells, total
        else:
            open_cells = bits_of(open_part)
            lacking = total - sum(values[cell] for cell in cage.cells)
        masks = tuple(candidates[cell] for cell in open_cells)
        combinations, allowed = fillings(lacking, masks)
        found.append(CageState(number, cage, open_cells, lacking, combinations, allowed))
    states = tuple(found)
    _latest = (position, states)
    return states


def cage_last_cells(position: Position) -> Iterator[Step]:
    """Every cage with a sum and one open cell, which takes what the sum lacks."""
    size, values, open_mask = position.size, position.values, position.open_cells
    for number, cage, total, mask in summed_cages(position.geometry):
        open_part = mask & open_mask
        if not open_part or open_part & (open_part - 1):
            continue  # no open cell, or two or more
        cell = open_part.bit_length() - 1
        value = total - sum(values[other] for other in cage.cells)
        if not 1 <= value <= size or not position.has(cell, value):
            continue  # a contradiction, for other steps to run into
        yield Step(
            "cage-last-cell",
            CAGE_LAST_CELL,
            (value,),
            tuple((other, BASE) for other in cage.cells if other != cell) + ((cell, TARGET),),
            (("cage", number + 1),),
            placements=((cell, value),),
            cages=(cage,),
        )


def cage_combinations(position: Position, open_cells: int | None = None) -> Iterator[Step]:
    """Every cage (with `open_cells` open cells, or more when that is the most rated, or
    any count of two or more) whose ways of filling leave one of its cells' candidates out."""
    most = max(CAGE_COMBINATIONS)
    candidates = position.candidates
    for state in cage_states(position):
        count = len(state.open_cells)
        if count < 2 or not state.combinations:
            continue  # a last cell, or a contradiction: other steps say so
        if open_cells is not None and count != open_cells and not (open_cells == most < count):
            continue
        removed = tuple(
            (cell, value)
            for cell, allowed in zip(state.open_cells, state.allowed, strict=True)
            for value in bits_of(candidates[cell] & ~allowed)
        )
        if not removed:
            continue
        digits = 0
        for combination in state.combinations:
            digits |= combination
        yield Step(
            "cage-combinations",
            CAGE_COMBINATIONS[min(count, most)],
            bits_of(digits),
            tuple((cell, BASE) for cell in state.open_cells)
            + tuple((cell, TARGET) for cell in dict.fromkeys(cell for cell, _ in removed)),
            (state.unit,),
            eliminations=removed,
            cages=(state.cage,),
            sums=(state.lacking,),
            combinations=state.combinations,
        )
