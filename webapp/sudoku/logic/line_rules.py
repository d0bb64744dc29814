"""The line rules' own deductions (line_rules.py: a between line's digits inside lie between
its ends'): a candidate of a cell on such a line goes when its kind's narrowing, given what
the line's other cells can still hold, drops it.

Each step names one cell of one line (TARGET) and the line's other cells (BASE); what it
removes no digits of the others allow, and each of them holds one of its candidates, so it
is true whatever they hold.
"""

from __future__ import annotations

from collections.abc import Iterator

from .position import Position, bits_of
from .step import BASE, TARGET, Step

# One look at the line's ends and the cells between them: as hard as a sum line's look.
LINE_RULE = 2.4


def line_rules(position: Position) -> Iterator[Step]:
    """Each open cell of a line rule with candidates its line's narrowing drops."""
    n = position.geometry.shape.size
    for each in position.geometry.line_rules:
        masks = tuple(
            1 << (position.values[cell] - 1)
            if position.values[cell]
            else position.candidates[cell] >> 1
            for cell in each.cells
        )
        if not all(masks):
            continue  # a cell with no candidate: the position is broken already
        kept = each.narrowed(n, masks)
        if not all(kept):
            continue  # no digits keep the line: the position has no solution to explain
        for cell, mask, keep in zip(each.cells, masks, kept, strict=True):
            if position.values[cell] or keep == mask:
                continue
            gone = tuple((cell, value) for value in bits_of((mask & ~keep) << 1))
            others = tuple((other, BASE) for other in each.cells if other != cell)
            yield Step(
                "line-rule",
                LINE_RULE,
                tuple(value for value in bits_of(keep << 1)),
                (*others, (cell, TARGET)),
                (),
                eliminations=gone,
            )
