"""Cage splitting: the rule of 45 cuts a cage lying across a group's edge in two.

Counting a group of units against the cages wholly inside it leaves its innies; when
they are all cells of one cage lying across the group's edge, the rule of 45 gives what
that cage's cells inside the group make, and so what its cells outside make: its sum
less that ("columns 7 and 8 hold 90; the cages wholly inside make 75; so r3c8 + r4c8,
in the cage of 21, make 15, and its other cells r3c6 + r3c7 make 6"). The same when
every cell of the group is in a cage counted and the outies are all cells of one of
them. The cage is then filled as two cages, one a sum each, sharing no value (the
cage's cells see each other): a candidate no such filling gives its cell goes, on
either side of the edge.

The counts are the rule of 45's (innies_outies.counts_of), the same in every position
of a geometry.

Rated on Sudoku Explainer's scale at 3.2 for a group of one unit: a two-cell count of
the rule of 45 (3.0) whose result is then carried into a cage's combinations on both
sides; over several units, 0.2 more, as for the rule of 45. Both below the naked
triple (3.6).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cages import Cage
from .cage_combinations import CageState, cage_states, split_allowed, split_fillings
from .innies_outies import INNIE, OUTIE, SEVERAL, Count, counts_of
from .position import Position, bits_of
from .step import TARGET, Step

CAGE_SPLITTING = 3.2
OTHER_PART = "cage-split"  # a cell of the split cage on the other side of the group's edge


def cage_splits(position: Position, several: bool | None = None) -> Iterator[Step]:
    """Every count over one unit or `several` (either when None) whose innies, or outies,
    are all cells of one cage with a sum lying across the group's edge, that splits the
    cage's ways of filling so that a candidate goes."""
    geometry, values, candidates = position.geometry, position.values, position.candidates
    states = {state.number: state for state in cage_states(position)}
    for count in counts_of(geometry):
        if several is not None and (len(count.units) > 1) != several:
            continue
        side = count.innies or count.outies
        if count.innies and count.outies:
            continue  # both: the rule of 45 balances them
        number = geometry.cell_cage[side[0]]
        if number is None or number not in states:
            continue  # in no cage, or the cage is filled
        if any(geometry.cell_cage[cell] != number for cell in side):
            continue
        total = geometry.cage_totals[number]
        cells = geometry.cages[number]
        if total is None or len(side) == len(cells):
            continue  # a cage without a sum, or wholly on one side: nothing to split
        part = count.held - count.counted if count.innies else count.counted - count.held
        state = states[number]
        flags = tuple(cell in side for cell in state.open_cells)
        filled = sum(values[cell] for cell in side)
        masks = tuple(candidates[cell] for cell in state.open_cells)
        splits = tuple(
            (way, inside)
            for way, inside in split_fillings(state.lacking, masks, flags)
            if _sum(inside) == part - filled
        )
        if not splits:
            continue  # no filling splits so: a contradiction, for other steps to run into
        allowed = split_allowed(state.lacking, masks, flags, splits)
        removed = tuple(
            (cell, value)
            for cell, mask in zip(state.open_cells, allowed, strict=True)
            for value in bits_of(candidates[cell] & ~mask)
        )
        if removed:
            yield _step(position, count, state, side, part, removed)


def _sum(values: int) -> int:
    """The sum of a set of values as a mask (bit v for value v)."""
    return sum(bits_of(values))


def _step(
    position: Position,
    count: Count,
    state: CageState,
    side: tuple[int, ...],
    part: int,
    removed: tuple[tuple[int, int], ...],
) -> Step:
    """The step of `count` splitting `state`'s cage into `side` (making `part`) and the rest."""
    geometry = position.geometry
    role = INNIE if count.innies else OUTIE
    rest = tuple(cell for cell in state.cage.cells if cell not in side)
    others = tuple(number for number in count.cages if number != state.number)
    difficulty = CAGE_SPLITTING + (SEVERAL if len(count.units) > 1 else 0)
    total = state.cage.total or 0
    return Step(
        "cage-splitting",
        round(difficulty, 1),
        tuple(sorted({value for _, value in removed})),
        tuple((cell, role) for cell in side)
        + tuple((cell, OTHER_PART) for cell in rest)
        + tuple((cell, TARGET) for cell in dict.fromkeys(cell for cell, _ in removed)),
        tuple((unit.kind, unit.index) for unit in count.units)
        + tuple(("cage", number + 1) for number in (state.number, *others)),
        eliminations=removed,
        cages=(state.cage, *(Cage(geometry.cages[n], geometry.cage_totals[n]) for n in others)),
        sums=(count.held, count.counted, part, total - part),
    )
