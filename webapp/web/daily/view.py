"""What the puzzles of the day show: one for each level, and the sizes to switch to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask import url_for

from ...sudoku.generator import (
    Generated,
    Order,
)
from ..generated_puzzles import Link, ShownPuzzle, shown_puzzles


@dataclass(frozen=True)
class DailyPage:
    """Today's puzzles: one for each level, the same for everyone all day (UTC)."""

    day: str
    size: int
    sizes: tuple[Link, ...]
    puzzles: tuple[ShownPuzzle, ...]
    date: str = ""  # the day as 2026-11-27 (UTC), for the player's record in the browser
    codes: tuple[str, ...] = ()  # the share codes of the puzzles made, for the same


def daily_page(
    day: date, size: int, sizes: tuple[int, ...], orders: list[Order], made: list[Generated | None]
) -> DailyPage:
    """The day's page at `size`, with the other `sizes` to switch to."""
    links = {str(n): url_for("daily.daily", size=n) for n in sizes}
    return DailyPage(
        day=f"{day:%A} {day.day} {day:%B %Y}",
        size=size,
        sizes=tuple(Link(href, f"{n}×{n}", n == str(size)) for n, href in links.items()),
        puzzles=shown_puzzles(orders, made),
        date=day.isoformat(),
        codes=tuple(g.puzzle.code for g in made if g is not None and g.puzzle is not None),
    )
