"""Symmetries of a puzzle's givens: which cells must be given together.

A symmetry maps each cell to its images; an *orbit* is a cell with all its images.
A symmetric puzzle gives whole orbits or nothing of them, so the generator adds and
removes givens an orbit at a time. The symmetry is of the pattern only: the values
in the cells are free, and any pattern works with any box shape.
"""

from __future__ import annotations

from collections.abc import Callable

from ..grid import Grid
from ..shape import Shape

Cell = tuple[int, int]

# Each symmetry's moves, as (row, col) -> (row, col) on an N x N grid (n = N - 1).
MOVES: dict[str, Callable[[int, int, int], list[Cell]]] = {
    "none": lambda r, c, n: [],
    "rotational": lambda r, c, n: [(n - r, n - c)],  # a half turn about the centre
    "rotational-90": lambda r, c, n: [(c, n - r), (n - r, n - c), (n - c, r)],  # quarter turns
    "mirror": lambda r, c, n: [(r, n - c)],  # left to right
    "diagonal": lambda r, c, n: [(c, r)],  # across the main diagonal
}

SYMMETRIES = tuple(MOVES)

DESCRIPTIONS = {
    "none": "no symmetry",
    "rotational": "the same after a half turn",
    "rotational-90": "the same after a quarter turn",
    "mirror": "the same in a mirror, left to right",
    "diagonal": "the same across the main diagonal",
}


def orbits(shape: Shape, symmetry: str) -> list[tuple[int, ...]]:
    """Every cell's orbit under `symmetry` once, in reading order of their first cells;
    each orbit's cells ascending."""
    size, last = shape.size, shape.size - 1
    move = MOVES[symmetry]
    seen: set[int] = set()
    found = []
    for row in range(size):
        for col in range(size):
            cell = row * size + col
            if cell in seen:
                continue
            orbit = sorted({cell} | {r * size + c for r, c in move(row, col, last)})
            seen.update(orbit)
            found.append(tuple(orbit))
    return found


# The symmetries a grid's givens may show, the one that says most first (a quarter turn's
# pattern also survives a half turn).
STRONGEST_FIRST = ("rotational-90", "rotational", "diagonal", "mirror")


def symmetry_of(grid: Grid) -> str | None:
    """The symmetry `grid`'s givens follow that says most about them, or None (no givens, or
    none of STRONGEST_FIRST)."""
    if not grid.givens:
        return None
    return next((name for name in STRONGEST_FIRST if is_symmetric(grid, name)), None)


def is_symmetric(grid: Grid, symmetry: str) -> bool:
    """True when `grid`'s givens follow `symmetry`: in each orbit, all given or none."""
    given = [bool(value) for value in grid.cells]
    return all(len({given[cell] for cell in orbit}) == 1 for orbit in orbits(grid.shape, symmetry))
