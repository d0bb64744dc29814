"""Palindromes: a grey line that reads the same from either end, so the cells at mirror
places along it (the first and the last, the second and the one before the last, ...) hold
the same digit.

A palindrome binds those mirror pairs, not successive cells: its registry entry (rulebook.py)
gives `mirrored` as the line's pairs and `same` as their relation, which the thermometers'
machinery keeps as relations (geometry.line_relations). The middle cell of an odd line is
bound to nothing. A palindrome has no start of note, so it is drawn without a bulb.
"""

from __future__ import annotations

from .thermometers import cell_label, line_problem


def same(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether two digits at mirror places on a palindrome are equal (on any grid and line)."""
    return nearer == further


def mirrored(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The pairs of a palindrome's cells at mirror places, the outermost first, each the
    cell nearer its start first."""
    return tuple((cells[i], cells[-1 - i]) for i in range(len(cells) // 2))


def palindrome_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a palindrome over `cells`, or None: a palindrome of one cell binds
    nothing, and one may be longer than a row."""
    if len(cells) == 1 and 0 <= cells[0] < size * size:
        return f"palindrome at {cell_label(size, cells[0])} has one cell only"
    return line_problem(size, cells, "palindrome", None)
