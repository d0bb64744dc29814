"""The marked cells' own deduction (rulebook.py's celled kinds: an even cell, an odd cell): a
candidate of a marked cell goes when the cell's kind does not allow its digit.

Each step names the one cell (TARGET) and removes the digits its kind does not allow; its
`digits` are those digits. Read from the geometry's marked cells, so every celled kind the
rulebook gives yields its step here with no branch of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..rulebook import RULE_KINDS
from .position import Position, bits_of
from .step import TARGET, Step

# As easy as a related pair (a thermometer's step): one look at the cell's mark.
CELL_RULE = 2.3


def cell_rules(position: Position) -> Iterator[Step]:
    """Each marked cell with a candidate its kind does not allow, kind by kind."""
    size = position.size
    for each in position.geometry.cells:
        allows = RULE_KINDS[each.letter].allows
        if allows is None:
            continue
        for cell in each.cells:
            if position.values[cell]:
                continue
            gone = tuple(
                value for value in bits_of(position.candidates[cell]) if not allows(size, value)
            )
            if gone:
                yield Step(
                    "cell-rule",
                    CELL_RULE,
                    gone,
                    ((cell, TARGET),),
                    (),
                    eliminations=tuple((cell, value) for value in gone),
                )
