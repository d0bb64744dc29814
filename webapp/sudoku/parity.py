"""Even and odd cells: a grey square marks a cell whose digit is even, a grey circle one whose
digit is odd.

Each is a celled kind (rulebook.py: `allows` says which digits a marked cell may hold), so the
search starts without a marked cell's other digits and the logic says why they go; nothing
else is needed here.
"""

from __future__ import annotations


def even(size: int, digit: int) -> bool:
    """Whether an even cell may hold `digit` (on a grid of any size)."""
    return digit % 2 == 0


def odd(size: int, digit: int) -> bool:
    """Whether an odd cell may hold `digit` (on a grid of any size)."""
    return digit % 2 == 1
