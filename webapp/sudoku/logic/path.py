"""A path: from a puzzle to its solution, taking the easiest step available each time.

As Sudoku Explainer does, each step is the first instance of the easiest
technique that applies. The path stops honestly: when the grid is solved,
when no known technique applies (`stuck`: the rest needs a technique the
engine does not have yet), or when its work budget runs out (`stopped`, even in
the middle of a long search: see work.py). The rating is the difficulty of the
hardest step, on Sudoku Explainer's scale. The budget counts work, not seconds,
so a path is the same on every machine however busy: its steps, status and
rating are a function of the puzzle and the budget. Only a wall-time ceiling, a
safety net, can end a path early (`ceiling`): that path says nothing about the
puzzle, so it is never cached, shared or shown as the answer.

A path may be given a ceiling (the generator asks "is this puzzle at most this
hard?"): it then looks only at techniques up to that difficulty and ends
`above` at the first step that would be harder. Up to there it is the same path,
since every technique it skips would have been asked later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum, unique

from ..puzzle import Puzzle
from .position import Position
from .step import Step
from .techniques import techniques_for
from .work import OutOfWork, PastCeiling, spend, work_limit


@unique
class PathStatus(StrEnum):
    """Where a path ended, and why."""

    SOLVED = "solved"
    STUCK = "stuck"  # no technique the engine has applies
    STOPPED = "stopped"  # the next step needs more work than the budget
    CEILING = "ceiling"  # the server stopped it to stay responsive: never cached nor shown
    PLACED = "placed"  # a hint's path: it ends at the first step that places a value
    ABOVE = "above"  # a capped path: nothing up to its ceiling applies


SOLVED = PathStatus.SOLVED
STUCK = PathStatus.STUCK
STOPPED = PathStatus.STOPPED
CEILING = PathStatus.CEILING
PLACED = PathStatus.PLACED
ABOVE = PathStatus.ABOVE

# The work of asking one technique once, by grid size: about what it costs there in
# time against a 9x9's (the searches that are long by themselves spend more as they go).
ATTEMPT_WORK = {4: 4, 6: 4, 8: 4, 9: 4, 12: 8, 16: 16, 25: 48}


@dataclass(frozen=True)
class Path:
    """The steps taken, where they ended, and why."""

    steps: tuple[Step, ...]
    end: Position
    status: PathStatus
    work: int = 0  # the units of work it spent

    @property
    def rating(self) -> float:
        """The difficulty of the hardest step (0 when there were none)."""
        return max((step.difficulty for step in self.steps), default=0.0)

    @property
    def hardest(self) -> str | None:
        """The technique of the first hardest step."""
        hardest = max(self.steps, key=lambda step: step.difficulty, default=None)
        return hardest.technique if hardest else None


def next_step(
    position: Position,
    work: float = math.inf,
    ceiling: float = math.inf,
    ceiling_seconds: float = math.inf,
    last: str | None = None,
) -> Step | None:
    """The first instance of the easiest technique that applies, or None when none does
    (none of difficulty up to `ceiling`, when one is given; none listed up to the first
    listing of technique `last`, when one is given: a technique of the same difficulty
    listed after it is not asked).

    Raises OutOfWork when `work` units (or an enclosing budget) run out first, and
    PastCeiling after `ceiling_seconds`.
    """
    with work_limit(work, ceiling_seconds):
        return _first_step(position, ceiling, last)


def _first_step(position: Position, ceiling: float, last: str | None = None) -> Step | None:
    """next_step, under whatever budget holds."""
    attempt = ATTEMPT_WORK.get(position.size, 1)
    for technique, difficulty, finder in techniques_for(position.geometry):
        if difficulty > ceiling:
            return None
        spend(attempt)
        step = next(finder(position), None)
        if step is not None:
            return step
        if technique == last:
            return None
    return None


def find_path(
    puzzle: Puzzle,
    work: float = math.inf,
    unique: bool = False,
    ceiling: float = math.inf,
    ceiling_seconds: float = math.inf,
) -> Path:
    """The easiest-first path from `puzzle` (clashing givens: the caller checks them first)
    within `work` units, and `ceiling_seconds` of wall time as a safety net.

    `unique`: the exact solver proved one solution, so uniqueness techniques may be used.
    `ceiling`: stop, ABOVE, at the first step harder than this.
    """
    position = Position.from_puzzle(puzzle, unique)
    return _walk(position, work, ceiling_seconds, until_placed=False, ceiling=ceiling)


def path_from(
    position: Position, work: float = math.inf, ceiling_seconds: float = math.inf
) -> Path:
    """The easiest-first path from `position` (pasted pencil marks, say) to its end."""
    return _walk(position, work, ceiling_seconds, until_placed=False)


def to_next_placement(
    position: Position, work: float = math.inf, ceiling_seconds: float = math.inf
) -> Path:
    """The easiest-first steps from `position` up to and including the first that places a
    value: what a player who keeps no pencil marks needs for one more digit. Ends PLACED,
    or SOLVED when nothing is open, or STUCK, STOPPED or CEILING as a path does."""
    return _walk(position, work, ceiling_seconds, until_placed=True)


def _walk(
    position: Position,
    work: float,
    ceiling_seconds: float,
    until_placed: bool,
    ceiling: float = math.inf,
) -> Path:
    """Easiest-first steps from `position` within `work` units, to the end or (`until_placed`)
    to the first step that places a value, or (`ceiling`) to the first harder one."""
    steps: list[Step] = []
    with work_limit(work, ceiling_seconds) as spent:

        def ended(status: PathStatus) -> Path:
            return Path(tuple(steps), position, status, spent.spent)

        while not position.is_solved:
            try:
                step = _first_step(position, ceiling)
            except OutOfWork:
                return ended(STOPPED)
            except PastCeiling:
                return ended(CEILING)
            if step is None:
                return ended(STUCK if ceiling == math.inf else ABOVE)
            if step.difficulty > ceiling:  # a technique whose harder instances rate higher
                return ended(ABOVE)
            steps.append(step)
            position = step.apply(position)
            if until_placed and step.placements:
                return ended(PLACED)
        return ended(SOLVED)
