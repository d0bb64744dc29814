"""A puzzle's explanation and rating as records: what `sudoku explain --json` and
`sudoku rate --json` print and GET /api/explain and /api/rate send.

The caller reads the puzzle and has the exact solver decide it (the command line
without a budget, the site within its own) and, for a puzzle with one solution, finds
its easiest-first path (explanations/records.py, path_for); a `PathRecord` holds those
and writes them out: cells 1-based [row, col], candidates [row, col, symbol], symbols as
written. A `RatingRecord` is what a rating shows of a path record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..explanations import level_of, sentence
from ..explanations.records import why_stopped
from ..sudoku import Puzzle
from ..sudoku.batch_solve import RowStatus
from ..sudoku.geometry import Geometry
from ..sudoku.logic import Path, PathStatus, Step
from ..sudoku.result import SolveResult, SolveStatus
from ..wording import conflict_message
from .json_types import JsonObject


@dataclass(frozen=True)
class StepRecord:
    """One step of a path as JSON: 1-based cells and candidates, symbols as written."""

    geometry: Geometry  # the puzzle's own: its sentence says "sees" of the puzzle's peers
    step: Step

    def to_json(self) -> JsonObject:
        """The step's technique, difficulty, digits, cells with roles, eliminations,
        placements and sentence, and a Killer step's cages."""
        shape, step = self.geometry.shape, self.step
        n = shape.size

        def where(cell: int) -> list[int]:
            return [cell // n + 1, cell % n + 1]

        record: JsonObject = {
            "technique": step.technique,
            "difficulty": step.difficulty,
            "digits": [shape.symbol(value) for value in step.digits],
            "cells": [[*where(cell), role] for cell, role in step.cells],
            "eliminations": [[*where(cell), shape.symbol(v)] for cell, v in step.eliminations],
            "placements": [[*where(cell), shape.symbol(v)] for cell, v in step.placements],
            "text": sentence(self.geometry, step),
        }
        if step.cages:  # a Killer's step: the cages it reasons over, as the API takes cages
            record["cages"] = [
                {"cells": [where(cell) for cell in cage.cells], "sum": cage.total}
                for cage in step.cages
            ]
        return record


@dataclass(frozen=True)
class PathRecord:
    """The explanation of `puzzle`, which the exact solver decided as `result`: its `path`
    (from path_for) and rating when it has one solution, else its status and the evidence.

    Without `words`, each step is just its technique (all a rating reads): no sentences,
    cells or candidates are written out."""

    puzzle: Puzzle
    result: SolveResult
    path: Path | None
    words: bool = True

    @property
    def status(self) -> str:
        """The exact solver's status."""
        return self.result.status

    @property
    def error(self) -> str | None:
        """Why there is no path to explain, in words; None when there is one."""
        return _why_no_path(self.result) if self.path is None else None

    @property
    def evidence_solutions(self) -> list[str]:
        """The exact solver's solutions as lines: the two that differ of a puzzle with more."""
        return [grid.line for grid in self.result.solutions] if self.path is None else []

    @property
    def stopped(self) -> str | None:
        """Why a path that did not get to the end stopped, in words; None when it did."""
        if self.path is None or self.path.status == PathStatus.SOLVED:
            return None
        return why_stopped(self.path.status)

    def step_texts(self) -> list[str]:
        """Each step's sentence."""
        geometry = self.puzzle.geometry
        return [sentence(geometry, step) for step in self.path.steps] if self.path else []

    def puzzle_fields(self) -> JsonObject:
        """The puzzle as a record names it: its grid as a line, and its rules' letters (as
        its share code writes them) unless it is classic."""
        if self.puzzle.rules.classic:
            return {"puzzle": self.puzzle.grid.line}
        return {"puzzle": self.puzzle.grid.line, "rules": self.puzzle.rules.code}

    def to_json(self) -> JsonObject:
        """The record: the puzzle, status, rating, level, hardest, complete and steps (and
        why it stopped), or the status and the evidence of one without a path."""
        path = self.path
        if path is None:
            named = self.puzzle_fields()
            return {**named, "status": self.status, "steps": [], **_evidence(self.result)}
        record: JsonObject = {
            **self.puzzle_fields(),
            "status": self.status,
            "rating": path.rating,
            "level": level_of(path.rating),
            "hardest": path.hardest,
            "complete": path.status == PathStatus.SOLVED,
            "steps": [
                StepRecord(self.puzzle.geometry, step).to_json()
                if self.words
                else {"technique": step.technique}
                for step in path.steps
            ],
        }
        if self.stopped is not None:
            record["stopped"] = self.stopped
        return record


@dataclass(frozen=True)
class UnreadRecord:
    """The record of a puzzle text that cannot be read (or whose rules cannot): the text
    and the error that says why."""

    text: str
    error: str
    status: str = RowStatus.INVALID

    def to_json(self) -> JsonObject:
        """The text, its status (invalid), the error and no steps."""
        return {"puzzle": self.text, "status": self.status, "error": self.error, "steps": []}


@dataclass(frozen=True)
class RatingRecord:
    """What a rating shows of a path record (`explained`) that took `ms` to make: the
    rating and the count of each technique, or the status of a puzzle without one
    solution; with a `reference` rating to compare when one was given."""

    explained: PathRecord | UnreadRecord
    ms: float
    reference: float | None = None

    @property
    def path(self) -> Path | None:
        """The path rated, or None."""
        return self.explained.path if isinstance(self.explained, PathRecord) else None

    @property
    def rating(self) -> float | None:
        """The hardest step's difficulty, or None without a path."""
        return self.path.rating if self.path is not None else None

    @property
    def level(self) -> str:
        """The rating's level."""
        return level_of(self.path.rating) if self.path is not None else ""

    @property
    def complete(self) -> bool:
        """True when the path got to the end."""
        return self.path is not None and self.path.status == PathStatus.SOLVED

    def to_json(self) -> JsonObject:
        """The puzzle as the path record names it (its rules too, unless classic), then the
        rating, level, hardest, counts, ms and complete, or the status and ms; the error of
        one that cannot be read, and the reference when there is one."""
        explained, path = self.explained, self.path
        if isinstance(explained, UnreadRecord):
            named: JsonObject = {"puzzle": explained.text}
        else:
            named = explained.puzzle_fields()
        if path is None:
            record: JsonObject = {**named, "status": explained.status, "ms": round(self.ms, 3)}
        else:
            record = {
                **named,
                "rating": path.rating,
                "level": level_of(path.rating),
                "hardest": path.hardest,
                "counts": dict(Counter(step.technique for step in path.steps)),
                "ms": round(self.ms, 3),
                "complete": self.complete,
            }
        if isinstance(explained, UnreadRecord):
            record["error"] = explained.error
        if self.reference is not None:
            record["reference"] = self.reference
        return record


def _evidence(result: SolveResult) -> JsonObject:
    """Why a puzzle has no path to explain: the exact solver's two solutions, the clashing
    givens, or that search proved there is none (or ran out of budget)."""
    found: JsonObject = {"solutions": [grid.line for grid in result.solutions]}
    if result.conflicts and result.status != SolveStatus.MULTIPLE:
        found["conflicts"] = [conflict_message(conflict) for conflict in result.conflicts]
    found["error"] = _why_no_path(result)
    return found


def _why_no_path(result: SolveResult) -> str:
    """The evidence's error: why the exact solver's answer leaves no path to explain."""
    if result.status == SolveStatus.MULTIPLE:
        return "it has more than one solution; here are two that differ"
    if result.conflicts:
        messages = [conflict_message(conflict) for conflict in result.conflicts]
        return "its givens clash: " + "; ".join(messages)
    if result.status == SolveStatus.NO_SOLUTION:
        return "search proved it has no solution"
    return "the exact solver ran out of budget before deciding it"
