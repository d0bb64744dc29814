"""Greater-than signs: a ">" between two side-by-side cells, pointing at the smaller digit.

A sign is kept as a lined kind's line of exactly two cells, the greater cell first (its
registry entry, rulebook.py, gives `falls` as the chain's relation), so the relations the
thermometers built carry it: the geometry turns it into a relation, which the search, the
counts, the SAT solver and the logic's related-pair step keep, with no machinery of its own.
A marked kind's pair is stored lower cell first with a relation that holds either way round,
so it could not say which of its cells is greater; a line has a start. What is wrong with a
drawn sign is said here, with where it is.
"""

from __future__ import annotations

from .thermometers import cell_label, line_problem


def falls(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether the digit a sign points at is smaller than the one it points from."""
    return further < nearer


def sign_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a greater-than sign over `cells` (the greater first), or None: it
    sits between two side-by-side or stacked cells."""
    problem = line_problem(size, cells, "greater-than sign", 2, "can be compared")
    if problem is not None:
        return problem
    first, second = cells
    if abs(first // size - second // size) + abs(first % size - second % size) != 1:
        return (
            f"greater-than sign from {cell_label(size, first)}: {cell_label(size, second)} is"
            " not side by side with it"
        )
    return None
