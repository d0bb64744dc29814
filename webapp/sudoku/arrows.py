"""Arrows: a circle of one cell whose digit is the sum of the digits along its arrow (they
may repeat, where no unit forbids it); or of two cells side by side, whose two digits read as
a number (left to right, top to bottom) are the sum.

An arrow is a line from its circle (rulebook.Line: the circle first, then the arrow's cells
in turn) whose sum (sum_lines.py) weighs its circle +1 and each cell of its arrow -1: its
digits add up to nothing; a two-cell circle's line has both circle cells first, the cell
its arrow starts from second, and weighs its tens +10 and its units +1. What is wrong with a
drawn arrow is said here, with where it is.
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


def pill_terms(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (cell, weight) terms of an arrow from a two-cell circle over `cells` (both circle
    cells first): the circle's cell first in reading order is its tens."""
    tens, units = sorted(cells[:2])
    return ((tens, 10), (units, 1), *((cell, -1) for cell in cells[2:]))


def pill_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with an arrow from a two-cell circle over `cells` (both circle cells
    first), or None: a line's faults (line_problem), the circle's two cells not side by side
    or stacked, or no arrow past the circle."""
    said = line_problem(size, cells, "arrow", None)
    if said is not None:
        return said.replace("has only its bulb", "has only its circle")
    start = cell_label(size, cells[0])
    if len(cells) < 3:
        return f"arrow from {start} has only its circle"
    (one_row, one_column), (other_row, other_column) = (divmod(cell, size) for cell in cells[:2])
    if abs(one_row - other_row) + abs(one_column - other_column) != 1:
        return f"arrow from {start}: its circle's cells are not side by side"
    return None
