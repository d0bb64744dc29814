"""The words every sentence shares: cells (r3c7), units (row 3) and lists of removals."""

from __future__ import annotations

from collections import defaultdict

from ..sudoku import Shape
from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.place import Place
from ..wording import in_words


def cell_name(shape: Shape, cell: int) -> str:
    """ "r3c7" for a 0-based reading-order cell."""
    return Place.of(cell, shape.size).name


def capitalized(text: str) -> str:
    """A sentence's first letter in upper case, unless it starts with a cell name (r5c6)."""
    return text if text[:1] == "r" and text[1:2].isdigit() else text[:1].upper() + text[1:]


def unit_name(unit: tuple[str, int]) -> str:
    """ "row 3", "box 5", "diagonal 1"."""
    kind, index = unit
    return f"{kind} {index}"


def removals(geometry: Geometry, step: Step) -> str:
    """ "remove 3 from r6c7 and r6c9, and 7 from r1c2", grouped by value."""
    by_value: dict[int, list[str]] = defaultdict(list)
    for cell, value in step.eliminations:
        by_value[value].append(cell_name(geometry.shape, cell))
    parts = [
        f"{geometry.shape.symbol(value)} from {in_words(cells)}"
        for value, cells in by_value.items()
    ]
    # a comma before the last group keeps "3 from r1c7, and 7 from r1c8" from running together
    *rest, last = parts
    return "remove " + (f"{', '.join(rest)}, and {last}" if rest else last)
