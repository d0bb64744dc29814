"""BUG+1: a bivalue universal grave but for one cell, which must hold the value that spoils it.

A grave is a position where every open cell has exactly two candidates and
every value still missing from a unit has exactly two places in it. Such a
position has no solution or at least two: from any solution, giving every open
cell its other candidate gives another (in each unit, each missing value moves
from one of its two places to the other). So when all open cells but one are
bivalue, that one has three candidates, and removing one value z from it would
leave a grave, a puzzle with one solution must have z there. Nothing here
assumes rows, columns or boxes: the argument holds for any units.

Sudoku Explainer rates BUG type 1 at 5.6.
"""

from __future__ import annotations

from collections.abc import Iterator

from .position import Position, bits_of
from .step import TARGET, Step

BUG_PLUS_1 = 5.6


def _is_grave(position: Position, masks: list[int]) -> bool:
    """True when every value still a candidate in a unit has exactly two places there."""
    for unit in position.geometry.units:
        once = twice = more = placed = 0
        for cell in unit.cells:
            mask = masks[cell]
            more |= twice & mask
            twice |= once & mask
            once |= mask
            placed |= 1 << position.values[cell]
        # a candidate beside a placed copy (marks pasted by hand) would break the swap
        if more or once != twice or once & placed:
            return False
    return True


def bug_plus_one(position: Position) -> Iterator[Step]:
    """The BUG+1 placement, when every open cell but one is bivalue and that one has three."""
    if not position.unique:
        return
    masks = position.candidates
    odd_cell = None
    for cell, mask in enumerate(masks):
        count = mask.bit_count()
        if count in (0, 2):
            continue
        if count != 3 or odd_cell is not None:
            return
        odd_cell = cell
    if odd_cell is None:
        return
    for value in bits_of(masks[odd_cell]):
        reduced = list(masks)
        reduced[odd_cell] &= ~(1 << value)
        if _is_grave(position, reduced):
            units = tuple(
                (unit.kind, unit.index) for unit in position.geometry.cell_units[odd_cell]
            )
            yield Step(
                "bug-plus-1",
                BUG_PLUS_1,
                (value,),
                ((odd_cell, TARGET),),
                units,
                placements=((odd_cell, value),),
            )
            return
