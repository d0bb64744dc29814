"""What a share link's result page shows: a solve, its verdict, figures and links onward."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...sudoku import GAVE_UP, MULTIPLE, SOLVED, DeadEnd, SolveResult
from ...sudoku.result import SAT
from ...wording import (
    ENGINE_NAMES,
    format_ms,
)
from ..verdicts import Verdict, verdict

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Links:
    """Where a result page leads: its own share link (absolute), the form to edit it, and
    the puzzle in other solvers (`elsewhere`: label and address pairs, 9x9 only)."""

    share: str
    edit: str
    elsewhere: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ResultPage:
    """A solve as shown: one status and its verdict, the figures, and the links onward."""

    status: str
    verdict: Verdict
    figures: tuple[tuple[str, str], ...]
    links: Links
    timed: tuple[str, ...] = ("Time",)  # figures that are timings: no part of the ETag


def result_page(
    result: SolveResult,
    links: Links,
    how_many: str = "",
    dead_end: DeadEnd | None = None,
    check: bool = False,
) -> ResultPage:
    """Everything the result template shows about one solve, built in this one place;
    `how_many` says how many solutions one with more than one has ("exactly 5 solutions"),
    `dead_end` where singles run out in one with none (page_facts.py found both). `check`:
    a learner's check, whose answers stay hidden until asked for (checked)."""
    puzzle = result.puzzle
    engine = (
        "Gave up in" if result.status == GAVE_UP else "Decided by",
        ENGINE_NAMES[result.engine],
    )
    figures = (
        ("Time", format_ms(result.ms)),
        engine,
        ("Search nodes", f"{result.nodes:,}"),
        *((("SAT conflicts", f"{result.sat_conflicts:,}"),) if result.engine == SAT else ()),
        ("Givens", f"{puzzle.givens} of {puzzle.shape.cell_count}"),
        *(
            (("Variant", f"{puzzle.rules.name} {puzzle.shape.name}"),)
            if not puzzle.rules.classic
            else ()
        ),
    )
    said = verdict(result, how_many, dead_end)
    return ResultPage(result.status, checked(said, result) if check else said, figures, links)


def checked(said: Verdict, result: SolveResult) -> Verdict:
    """A verdict for someone stuck on a puzzle who asked only whether it is sound: the
    solutions it found wait behind "Show the solution" (two, for one with more)."""
    if result.status == SOLVED:
        summary = (
            "Your puzzle is a proper Sudoku: it has exactly one solution. Its answer is hidden"
            " below until you ask for it; play it or follow its explanation step by step."
        )
        return replace(
            said, heading="It has one solution", summary=summary, hidden="Show the solution"
        )
    if result.status == MULTIPLE:
        return replace(said, hidden="Show two of its solutions")
    return said
