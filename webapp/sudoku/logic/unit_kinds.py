"""Which kinds of unit a person sees as a block of cells, and which as a line.

A block (a box, a Jigsaw's region, a Windoku's window) is a compact patch of cells; a
line (a row, a column, X-Sudoku's diagonals) runs across the grid. Techniques rate and
name what they find by it: a hidden single is easier to see in a block than in a line,
locked candidates from a block are pointing, from a line claiming. None of the
arguments depend on it: every unit is N cells holding each value once.
"""

from __future__ import annotations

BLOCKS = frozenset({"box", "region", "window"})
LINES = ("row", "column")


def is_block(kind: str) -> bool:
    """True for a box, a region or a window: a patch of cells rather than a line."""
    return kind in BLOCKS
