"""A hint for a player's position, in three tiers: where to look, what it is, and doing it.

A player keeps no pencil marks of their own in the link, so a hint leads to the
next value they can place: the easiest-first steps from their grid's candidates
(within the pasted pencil marks the game started from, if any) up to the first
that places one (any steps before it only clear candidates, and the hint
says so). A position with a wrong entry gets that entry first, never a hint
worked out from a wrong grid; the right value is not given away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum, unique

from ..sudoku import Grid, Shape
from ..sudoku.logic import (
    PathStatus,
    Position,
    Step,
    narrowed,
    to_next_placement,
)
from ..sudoku.progress import Progress, check
from ..wording import in_words
from . import sentence
from .names import technique_name, with_article
from .words import capitalized, cell_name, unit_name


@unique
class HintKind(StrEnum):
    """What kind of help a hint gives (the play page and /api/hint say it as its value)."""

    WRONG = "wrong"  # an entry is wrong: fix it first
    STEP = "step"  # the steps to the next value
    OUT_OF_REACH = "out-of-reach"  # out of budget or techniques: the solver's answer
    BUSY = "busy"  # the server stopped the search to stay responsive: ask again (never cached)
    DONE = "solved"  # the grid is full and right: nothing left to hint


TIER_NAMES = ("Where to look", "What it is", "Do it")

SINGLES_IN_A_UNIT = ("full-house", "hidden-single")
# Tier 1 names the steps that clear the way when there are this many or fewer.
LISTED_AT_MOST = 2


@dataclass(frozen=True)
class Hint:
    """One hint: its kind, the three tiers in words, the steps behind it, where it leads
    (the progress after tier 3) and the cells it is about (0-based)."""

    kind: HintKind
    tiers: tuple[str, str, str]
    steps: tuple[Step, ...]
    after: Progress
    cells: tuple[int, ...]


def hint_for(
    progress: Progress,
    solution: Grid,
    work: float,
    marks: Position | None = None,
    ceiling_seconds: float = math.inf,
) -> Hint:
    """The hint for `progress` toward `solution` (the puzzle's only one), its steps found
    within `work` units (and `ceiling_seconds`, a safety net), from the candidates `marks`
    (pasted pencil marks that keep the solution) leaves, when given."""
    shape = progress.puzzle.shape
    if progress.grid == solution:
        done = "Solved! Every cell is filled and right."
        return Hint(HintKind.DONE, (done, done, done), (), progress, ())
    wrong = check(progress, solution).wrong
    if wrong:
        return _wrong_entry(progress, wrong)
    if marks is not None:
        position = narrowed(marks, progress.grid).assuming_unique()
    else:
        position = Position.of_values(progress.puzzle, progress.grid.cells, unique=True)
    path = to_next_placement(position, work, ceiling_seconds)
    if path.status == PathStatus.PLACED:
        last = path.steps[-1]
        after = progress.with_values(dict(last.placements))
        cells = tuple(cell for cell, _ in last.placements)
        return Hint(HintKind.STEP, _step_tiers(shape, path.steps), path.steps, after, cells)
    if path.status == PathStatus.SOLVED:  # cannot happen with a grid that is right but not full
        raise ValueError("an unfinished grid has no open cell")
    cell = min(
        (c for c, value in enumerate(path.end.values) if not value),
        key=lambda c: path.end.candidates[c].bit_count(),
    )
    value = solution.cells[cell]
    why = {
        PathStatus.STOPPED: "The next step needs more work than a hint may take",
        PathStatus.CEILING: (
            "The server is busy and stopped looking for the next step; try again shortly"
        ),
    }.get(path.status, "The next step needs a technique this solver does not explain yet")
    answer = f"The solver's answer for {cell_name(shape, cell)} is {shape.symbol(value)}."
    found = _told(shape, path.steps) + " " if path.steps else ""
    place = f"Place {shape.symbol(value)} in {cell_name(shape, cell)}."
    tiers = (f"{why}.", f"{found}{answer}", place)
    kind = HintKind.BUSY if path.status == PathStatus.CEILING else HintKind.OUT_OF_REACH
    return Hint(kind, tiers, path.steps, progress.with_values({cell: value}), (cell,))


def _wrong_entry(progress: Progress, wrong: tuple[int, ...]) -> Hint:
    """The hint for a grid with wrong entries: the first of them, to be cleared."""
    shape = progress.puzzle.shape
    cell = wrong[0]
    name, symbol = cell_name(shape, cell), shape.symbol(progress.grid.cells[cell])
    others = len(wrong) - 1
    more = ""
    if others:
        more = f" {others} other {'entry is' if others == 1 else 'entries are'} wrong too."
    tiers = (
        f"{name} is wrong; fix it before the next step.{more}",
        f"{name} is not {symbol}. Every hint from here on needs a grid without mistakes.",
        f"Clear {name}.",
    )
    return Hint(HintKind.WRONG, tiers, (), progress.with_values({cell: 0}), (cell,))


def _step_tiers(shape: Shape, steps: tuple[Step, ...]) -> tuple[str, str, str]:
    """Tier 1 names the technique and where; tier 2 says every step; tier 3 places."""
    *before, last = steps
    look = f"There is {_glimpse(shape, last)}."
    if before:
        if len(before) <= LISTED_AT_MOST:
            clearing = in_words(dict.fromkeys(_glimpse(shape, step) for step in before))
        else:
            hardest = max(before, key=lambda step: step.difficulty)
            clearing = f"{len(before)} other steps (the hardest {_glimpse(shape, hardest)})"
        look = (
            f"There is {_glimpse(shape, last)}, once {clearing} clear"
            f"{'s' if len(before) == 1 else ''} the candidates in its way."
        )
    places = in_words(
        f"{shape.symbol(value)} in {cell_name(shape, cell)}" for cell, value in last.placements
    )
    return look, _told(shape, steps), f"Place {places}."


def _told(shape: Shape, steps: tuple[Step, ...]) -> str:
    """Steps in words, in order: "First, …. Then …."."""
    if len(steps) == 1:
        return capitalized(sentence(shape, steps[0])) + "."
    said = [f"First, {sentence(shape, steps[0])}."]
    said += [f"Then {sentence(shape, step)}." for step in steps[1:]]
    return " ".join(said)


def _glimpse(shape: Shape, step: Step) -> str:
    """The technique and where it is, without its cells: "a hidden single in box 5",
    "an X-wing on the 7s", "an XY-chain that changes box 2"."""
    named = with_article(technique_name(step.technique))
    if step.technique in SINGLES_IN_A_UNIT and step.units:
        return f"{named} in {unit_name(step.units[0])}"
    changed = [cell for cell, _ in step.placements] or [cell for cell, _ in step.eliminations]
    box = _box_name(shape, changed[0]) if changed else ""
    if step.technique == "naked-single":
        return f"{named} in {box}"
    if len(step.digits) == 1:
        return f"{named} on the {shape.symbol(step.digits[0])}s"
    return f"{named} that changes {box}" if box else named


def _box_name(shape: Shape, cell: int) -> str:
    """ "box 5" for the box holding a 0-based cell."""
    row, col = divmod(cell, shape.size)
    return f"box {shape.box_of(row, col) + 1}"
