"""Arrows: a circle of one cell whose digit is the sum of the digits along its arrow (they
may repeat, where no unit forbids it).

An arrow is a line from its circle (rulebook.Line: the circle first, then the arrow's cells
in turn) whose sum (sum_lines.py) weighs its circle +1 and each cell of its arrow -1: its
digits add up to nothing. What is wrong with a drawn arrow is said here, with where it is.
"""

from __future__ import annotations

from .thermometers import cell_label, line_problem


def arrow_terms(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (cell, weight) terms of an arrow over `cells`, its circle first."""
    return ((cells[0], 1), *((cell, -1) for cell in cells[1:]))


def arrow_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with an arrow over `cells` (its circle first) on a size x size grid, or
    None: a line's faults (line_problem), or more arrow cells than the circle's largest
    digit can be the sum of (each is at least 1)."""
    said = line_problem(size, cells, "arrow", None)
    if said is not None:
        return said.replace("has only its bulb", "has only its circle")
    if len(cells) - 1 > size:
        start = cell_label(size, cells[0])
        return f"arrow from {start} has {len(cells) - 1} cells; they add up to more than {size}"
    return None
