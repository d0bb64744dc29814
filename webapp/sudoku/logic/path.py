"""A path: from a puzzle to its solution, taking the easiest step available each time.

As Sudoku Explainer does, each step is the first instance of the easiest
technique that applies. The path stops honestly: when the grid is solved,
when no known technique applies (`stuck`: the rest needs a technique the
engine does not have yet), or when the budget runs out (`stopped`, even in the
middle of a long search: see budget.py). The rating is the difficulty of the
hardest step, on Sudoku Explainer's scale.

A path may be given a ceiling (the generator asks "is this puzzle at most this
hard?"): it then looks only at techniques up to that difficulty and ends
`above` at the first step that would be harder. Up to there it is the same path,
since every technique it skips would have been asked later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..puzzle import Puzzle
from .budget import OutOfTime, check_time, time_limit
from .position import Position
from .step import Step
from .techniques import TECHNIQUES

SOLVED = "solved"
STUCK = "stuck"
STOPPED = "stopped"
PLACED = "placed"  # a hint's path: it ends at the first step that places a value
ABOVE = "above"  # a capped path: nothing up to its ceiling applies


@dataclass(frozen=True)
class Path:
    """The steps taken, where they ended, and why."""

    steps: tuple[Step, ...]
    end: Position
    status: str  # SOLVED, STUCK, STOPPED, (a hint's path) PLACED or (a capped one) ABOVE

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
    position: Position, seconds: float = math.inf, ceiling: float = math.inf
) -> Step | None:
    """The first instance of the easiest technique that applies, or None when none does
    (none of difficulty up to `ceiling`, when one is given).

    Raises OutOfTime when `seconds` (or an enclosing budget) run out first.
    """
    if seconds == math.inf:  # an enclosing budget, if any, still holds
        return _first_step(position, ceiling)
    with time_limit(seconds):
        return _first_step(position, ceiling)


def _first_step(position: Position, ceiling: float) -> Step | None:
    """next_step, under whatever budget holds."""
    for _, difficulty, finder in TECHNIQUES:
        if difficulty > ceiling:
            return None
        check_time()
        step = next(finder(position), None)
        if step is not None:
            return step
    return None


def find_path(
    puzzle: Puzzle,
    seconds: float = 1.0,
    unique: bool = False,
    ceiling: float = math.inf,
) -> Path:
    """The easiest-first path from `puzzle` (clashing givens: the caller checks them first).

    `unique`: the exact solver proved one solution, so uniqueness techniques may be used.
    `ceiling`: stop, ABOVE, at the first step harder than this.
    """
    position = Position.from_puzzle(puzzle, unique)
    return _walk(position, seconds, until_placed=False, ceiling=ceiling)


def path_from(position: Position, seconds: float = 1.0) -> Path:
    """The easiest-first path from `position` (pasted pencil marks, say) to its end."""
    return _walk(position, seconds, until_placed=False)


def to_next_placement(position: Position, seconds: float = 1.0) -> Path:
    """The easiest-first steps from `position` up to and including the first that places a
    value: what a player who keeps no pencil marks needs for one more digit. Ends PLACED,
    or SOLVED when nothing is open, or STUCK or STOPPED as a path does."""
    return _walk(position, seconds, until_placed=True)


def _walk(
    position: Position, seconds: float, until_placed: bool, ceiling: float = math.inf
) -> Path:
    """Easiest-first steps from `position` within `seconds`, to the end or (`until_placed`)
    to the first step that places a value, or (`ceiling`) to the first harder one."""
    steps: list[Step] = []
    with time_limit(seconds):
        while not position.is_solved:
            try:
                step = next_step(position, ceiling=ceiling)
            except OutOfTime:
                return Path(tuple(steps), position, STOPPED)
            if step is None:
                return Path(tuple(steps), position, STUCK if ceiling == math.inf else ABOVE)
            if step.difficulty > ceiling:  # a technique whose harder instances rate higher
                return Path(tuple(steps), position, ABOVE)
            steps.append(step)
            position = step.apply(position)
            if until_placed and step.placements:
                return Path(tuple(steps), position, PLACED)
    return Path(tuple(steps), position, SOLVED)
