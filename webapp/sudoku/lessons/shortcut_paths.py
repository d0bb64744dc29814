"""Shortcut paths: a puzzle walked easiest first up to one technique, its answer's digit placed
where nothing up to it applies.

An ALS-XZ is listed after every chain, so it is the easiest step only where no chain makes
its removals first, and a path meets that seldom: on the forum's hardest puzzles, about once
in 3,000, each path spending most of its work on the forcing chains and nets between one
easier step and the next (docs/api.md). A shortcut path asks only the techniques listed up
to the one sought (`last`, its first listing). Where none of them applies, it places the
answer's digit in the open cell with the fewest candidates, the first in reading order: the
value a forcing chain from that cell would show, found without searching for the chain. It
then walks on the same way. On the forum's list it met an ALS-XZ as the easiest step about
once in 400 puzzles, at half a path's CPU a puzzle (docs/benchmarks.md).

Every position a shortcut path passes is one of the puzzle's: each step's removals and
placements are true, the shortcuts' digits are the answer's. A position kept from one is
checked as any other (its easiest step, asked of every technique, is the one stored).
Bounded by counts: each step's search within `work` units, one step at most per candidate.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..logic import Position, Step, next_step
from ..logic.work import OutOfWork
from ..result import Budget
from ..solver import solve

# The answer's search: the solver's usual nodes with no wall-time ceiling, so that a
# shortcut path is the same however busy the machine.
ANSWER_BUDGET = Budget(ceiling_seconds=math.inf)


def shortcut_steps(position: Position, last: str, work: float) -> Iterator[tuple[Position, Step]]:
    """(position, its easiest step) along the shortcut path from `position` up to technique
    `last`: each step a technique listed up to `last` takes, the shortcuts between them left
    out. Nothing when the puzzle's one answer is not found in ANSWER_BUDGET's nodes; ends
    when a search runs out of `work` units."""
    answer = solve(position.puzzle, budget=ANSWER_BUDGET).solution
    if answer is None:
        return
    for _ in range(len(position.candidates) * position.size):
        if position.is_solved:
            return
        try:
            step = next_step(position, work, last=last)
        except OutOfWork:
            return
        if step is None:
            cell = _narrowest(position)
            position = position.place([(cell, answer.cells[cell])])
            continue
        yield position, step
        position = step.apply(position)


def _narrowest(position: Position) -> int:
    """The open cell with the fewest candidates, the first in reading order."""
    return min(
        (cell for cell, value in enumerate(position.values) if not value),
        key=lambda cell: (position.candidates[cell].bit_count(), cell),
    )
