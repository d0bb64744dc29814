"""Singles: a value that must go in a cell because nothing else can.

- full house: the last open cell of a unit takes the one value the unit lacks;
- hidden single: a value has one place left in a unit;
- naked single: a cell has one candidate left.
"""

from __future__ import annotations

from collections.abc import Iterator

from .position import Position, bits_of
from .step import TARGET, Step
from .unit_kinds import is_block

# Sudoku Explainer's ratings: a hidden single is easier to see in a box than in a line (a
# Jigsaw's region and a window count as boxes, a diagonal as a line: unit_kinds.py).
FULL_HOUSE = 1.0
HIDDEN_SINGLE_IN_BOX = 1.2
HIDDEN_SINGLE = 1.5
NAKED_SINGLE = 2.3


def full_houses(position: Position) -> Iterator[Step]:
    """Every unit with exactly one open cell."""
    open_cells = position.open_cells
    for unit in position.geometry.units:
        left = open_cells & unit.mask
        if left and not left & (left - 1):
            cell = left.bit_length() - 1
            for value in bits_of(position.candidates[cell]):
                yield Step(
                    "full-house",
                    FULL_HOUSE,
                    (value,),
                    ((cell, TARGET),),
                    ((unit.kind, unit.index),),
                    placements=((cell, value),),
                )


def hidden_singles(position: Position, in_boxes: bool | None = None) -> Iterator[Step]:
    """Every value with exactly one place left in a unit that does not hold it yet.

    `in_boxes` True looks in blocks only (boxes, regions, windows), False everywhere else,
    None everywhere.
    """
    has, values = position.value_cells, range(1, position.size + 1)
    for unit in position.geometry.units:
        if in_boxes is not None and is_block(unit.kind) != in_boxes:
            continue
        mask = unit.mask
        for value in values:
            places = has[value] & mask
            if not places or places & (places - 1) or position.holds(unit, value):
                continue  # no place, or two or more
            place = places.bit_length() - 1
            yield Step(
                "hidden-single",
                HIDDEN_SINGLE_IN_BOX if is_block(unit.kind) else HIDDEN_SINGLE,
                (value,),
                ((place, TARGET),),
                ((unit.kind, unit.index),),
                placements=((place, value),),
            )


def naked_singles(position: Position) -> Iterator[Step]:
    """Every open cell with exactly one candidate."""
    for cell, mask in enumerate(position.candidates):
        if mask and not mask & (mask - 1):
            value = mask.bit_length() - 1
            yield Step(
                "naked-single",
                NAKED_SINGLE,
                (value,),
                ((cell, TARGET),),
                (),
                placements=((cell, value),),
            )
