"""A puzzle's explanation as data: the records `sudoku explain --json` prints and the API sends.

The caller reads the puzzle and has the exact solver decide it (the command line
without a budget, the site within its own); this module turns that decision and,
for a puzzle with one solution, its easiest-first path into plain dicts: cells
1-based [row, col], candidates [row, col, symbol], symbols as written.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..sudoku import Puzzle, Shape
from ..sudoku.geometry import standard_geometry
from ..sudoku.logic import Path, PathStatus, Step, find_path
from ..sudoku.result import SolveResult, SolveStatus
from ..wording import conflict_message
from . import level_of, sentence

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


def path_record(
    puzzle: Puzzle, result: SolveResult, path: Path | None, words: bool = True
) -> dict[str, Any]:
    """The explanation of `puzzle`, which the exact solver decided as `result`: its `path`
    (from path_for) and rating when it has one solution, else its status and the evidence.

    Without `words`, each step is just its technique (all a rating reads): no sentences,
    cells or candidates are written out."""
    if path is None:
        return {**_puzzle_fields(puzzle), "status": result.status, "steps": [], **evidence(result)}
    shape = puzzle.shape
    record: dict[str, Any] = {
        **_puzzle_fields(puzzle),
        "status": result.status,
        "rating": path.rating,
        "level": level_of(path.rating),
        "hardest": path.hardest,
        "complete": path.status == PathStatus.SOLVED,
        "steps": [
            step_record(shape, step) if words else {"technique": step.technique}
            for step in path.steps
        ],
    }
    if path.status != PathStatus.SOLVED:
        record["stopped"] = why_stopped(path.status)
    return record


def _puzzle_fields(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as a record names it: its grid as a line, and its rules' letters (as its
    share code writes them) unless it is classic."""
    if puzzle.rules.classic:
        return {"puzzle": puzzle.grid.line}
    return {"puzzle": puzzle.grid.line, "rules": puzzle.rules.code}


def rating_record(explained: dict[str, Any], ms: float) -> dict[str, Any]:
    """What `sudoku rate --json` prints of a path record that took `ms` to make: the rating
    and the count of each technique, or the status of a puzzle without one solution; the
    puzzle named as the path record names it (its rules too, unless classic)."""
    named: dict[str, Any] = {key: explained[key] for key in ("puzzle", "rules") if key in explained}
    if "rating" not in explained:
        return {**named, "status": explained["status"], "ms": round(ms, 3)}
    return {
        **named,
        "rating": explained["rating"],
        "level": explained["level"],
        "hardest": explained["hardest"],
        "counts": dict(Counter(step["technique"] for step in explained["steps"])),
        "ms": round(ms, 3),
        "complete": explained["complete"],
    }


def evidence(result: SolveResult) -> dict[str, Any]:
    """Why a puzzle has no path to explain: the exact solver's two solutions, the clashing
    givens, or that search proved there is none (or ran out of budget)."""
    found: dict[str, Any] = {"solutions": [grid.line for grid in result.solutions]}
    if result.status == SolveStatus.MULTIPLE:
        found["error"] = "it has more than one solution; here are two that differ"
    elif result.conflicts:
        found["conflicts"] = [conflict_message(conflict) for conflict in result.conflicts]
        found["error"] = "its givens clash: " + "; ".join(found["conflicts"])
    elif result.status == SolveStatus.NO_SOLUTION:
        found["error"] = "search proved it has no solution"
    else:
        found["error"] = "the exact solver ran out of budget before deciding it"
    return found


def step_record(shape: Shape, step: Step) -> dict[str, Any]:
    """One step as JSON: 1-based cells and candidates, symbols as written."""
    n = shape.size

    def where(cell: int) -> list[int]:
        return [cell // n + 1, cell % n + 1]

    record: dict[str, Any] = {
        "technique": step.technique,
        "difficulty": step.difficulty,
        "digits": [shape.symbol(value) for value in step.digits],
        "cells": [[*where(cell), role] for cell, role in step.cells],
        "eliminations": [[*where(cell), shape.symbol(v)] for cell, v in step.eliminations],
        "placements": [[*where(cell), shape.symbol(v)] for cell, v in step.placements],
        "text": sentence(standard_geometry(shape), step),
    }
    if step.cages:  # a Killer's step: the cages it reasons over, as the API takes cages
        record["cages"] = [
            {"cells": [where(cell) for cell in cage.cells], "sum": cage.total}
            for cage in step.cages
        ]
    return record
