"""Little killers: a number outside the grid with an arrow along a diagonal; the digits on
that diagonal add up to the number (they may repeat, where no unit forbids it).

A little killer is a line of an outside kind (rulebook.Line: its cells from the grid's edge
nearest its clue to the far edge, its clue's number as its value), whose sum (sum_lines.py)
weighs each cell +1 and adds up to the number. What is wrong with one is said here, with
where it is.
"""

from __future__ import annotations

from .thermometers import cell_label


def little_killer_terms(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (cell, weight) terms of a little killer's diagonal over `cells`: each counts once."""
    return tuple((cell, 1) for cell in cells)


def little_killer_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a little killer's diagonal over `cells` (from its clue inwards) on a
    size x size grid, or None: no cells, a cell off the grid, a step that is not one diagonal
    step the same way each time, a first cell not on the grid's edge (its clue would be
    inside), or a diagonal that stops short of the far edge."""
    if not cells:
        return "a little killer has no cells"
    outside = next((cell for cell in cells if not 0 <= cell < size * size), None)
    if outside is not None:
        return f"a little killer runs through cell {outside}, outside the {size}x{size} grid"
    start = cell_label(size, cells[0])
    row, column = divmod(cells[0], size)
    if len(cells) == 1:
        corner = row in (0, size - 1) and column in (0, size - 1)
        return None if corner else f"little killer from {start} stops short of the grid's edge"
    down, across = cells[1] // size - row, cells[1] % size - column
    if abs(down) != 1 or abs(across) != 1:
        return f"little killer from {start} does not run along a diagonal"
    for one, other in zip(cells, cells[1:], strict=False):
        if (other // size - one // size, other % size - one % size) != (down, across):
            return (
                f"little killer from {start} turns between {cell_label(size, one)} and"
                f" {cell_label(size, other)}"
            )
    if 0 <= row - down < size and 0 <= column - across < size:
        return f"little killer from {start} does not start at the grid's edge"
    last_row, last_column = divmod(cells[-1], size)
    if 0 <= last_row + down < size and 0 <= last_column + across < size:
        return f"little killer from {start} stops short of the grid's edge"
    return None
