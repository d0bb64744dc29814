"""What a sheet of puzzles to print shows: the puzzles, their answers, and a form for another."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...sudoku.generator import (
    Generated,
    Order,
    levels_of,
)
from ..generated_puzzles import (
    DEFAULT_SIZE,
    DEFAULT_SYMMETRY,
    Choice,
    ShownPuzzle,
    choices,
    shown_puzzles,
)
from ..generation import JOB_ONLY


@dataclass(frozen=True)
class SheetPage:
    """A sheet of puzzles to print, and their answers on the page after."""

    title: str
    about: str
    puzzles: tuple[ShownPuzzle, ...]
    layout: str  # CSS classes: how many puzzles, of what size
    another: str  # a sheet of the same kind from a new seed
    size: int = DEFAULT_SIZE  # the size and symmetry a new sheet from its form keeps
    symmetry: str = DEFAULT_SYMMETRY
    levels: tuple[Choice, ...] = ()  # the levels and counts its form offers, this sheet's chosen
    counts: tuple[Choice, ...] = ()


def sheet_page(
    orders: list[Order], made: list[Generated], counts: tuple[int, ...] = (4, 6)
) -> SheetPage:
    """The sheet of `orders`, all made, and a form for another of `counts` puzzles."""
    first = orders[0]
    n, count = first.size, len(orders)
    seeds = f"seeds {first.seed} to {orders[-1].seed}"
    levels = levels_of(n)
    slow = " (made off the page, in a job)" if (n, first.level) in JOB_ONLY else ""
    return SheetPage(
        title=f"{count} {first.level} {n}x{n} puzzles",
        about=f"Symmetry {first.symmetry}, {seeds}{slow}; the answers are on the next page.",
        puzzles=shown_puzzles(orders, list(made)),
        layout=f"sheet-{count} sheet-size-{n}",
        another=url_for(
            "print.sheet", size=n, level=first.level, symmetry=first.symmetry, count=count
        ),
        size=n,
        symmetry=first.symmetry,
        levels=choices(levels, {name: name.capitalize() for name in levels}, first.level),
        counts=choices(tuple(map(str, counts)), {}, str(count)),
    )
