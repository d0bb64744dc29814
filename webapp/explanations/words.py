"""The words every sentence shares: cells (r3c7), units (row 3) and lists of removals."""

from __future__ import annotations

from collections import defaultdict

from ..sudoku import Shape
from ..sudoku.logic import Step
from ..wording import in_words


def cell_name(shape: Shape, cell: int) -> str:
    """ "r3c7" for a 0-based reading-order cell."""
    row, col = divmod(cell, shape.size)
    return f"r{row + 1}c{col + 1}"


def capitalized(text: str) -> str:
    """A sentence's first letter in upper case, unless it starts with a cell name (r5c6)."""
    return text if text[:1] == "r" and text[1:2].isdigit() else text[:1].upper() + text[1:]


def unit_name(unit: tuple[str, int]) -> str:
    """ "row 3", "box 5", "diagonal 1"."""
    kind, index = unit
    return f"{kind} {index}"


def removals(shape: Shape, step: Step) -> str:
    """ "remove 3 from r6c7 and r6c9, and 7 from r1c2", grouped by value."""
    by_value: dict[int, list[str]] = defaultdict(list)
    for cell, value in step.eliminations:
        by_value[value].append(cell_name(shape, cell))
    parts = [f"{shape.symbol(value)} from {in_words(cells)}" for value, cells in by_value.items()]
    # a comma before the last group keeps "3 from r1c7, and 7 from r1c8" from running together
    *rest, last = parts
    return "remove " + (f"{', '.join(rest)}, and {last}" if rest else last)
