"""A puzzle's easiest-first path, found once its exact solve says it has one solution, and
why a path that did not get to the end stopped, in words.

The records the command line prints and the API sends of a path are in
webapp/records/path.py.
"""

from __future__ import annotations

import math

from ..sudoku import Puzzle
from ..sudoku.logic import Path, PathStatus, find_path
from ..sudoku.result import SolveResult, SolveStatus

STOPPED_FOR_BUDGET = "the next step needs more work than the budget"
STOPPED_FOR_TECHNIQUE = "the next step needs a technique the engine does not have yet"
STOPPED_FOR_CEILING = (
    "it was stopped to stay responsive, not by the puzzle or the budget: try again later"
)


def why_stopped(status: PathStatus) -> str:
    """Why a path that did not get to the end stopped, in words."""
    if status == PathStatus.STOPPED:
        return STOPPED_FOR_BUDGET
    if status == PathStatus.CEILING:
        return STOPPED_FOR_CEILING
    return STOPPED_FOR_TECHNIQUE


def path_for(
    puzzle: Puzzle, result: SolveResult, work: float, ceiling_seconds: float = math.inf
) -> Path | None:
    """The easiest-first path of `puzzle` within `work` units (and `ceiling_seconds`, a safety
    net), when the exact solver decided (`result`) that it has one solution; None otherwise."""
    if result.status != SolveStatus.SOLVED:
        return None
    return find_path(puzzle, work=work, unique=True, ceiling_seconds=ceiling_seconds)
