"""A player's hint as a record: what /api/hint answers and `sudoku hint --json` prints."""

from __future__ import annotations

from dataclasses import dataclass

from ..explanations.hints import Hint
from ..sudoku.logic import encode_marks
from .json_types import JsonObject
from .path import StepRecord


@dataclass(frozen=True)
class HintRecord:
    """The hint's kind, tiers and step (1-based cells, units as [kind, index]), the
    progress and marks codes after its third tier, and the play link that shows them."""

    hint: Hint
    play_url: str | None = None

    @property
    def progress_after(self) -> str:
        """The progress code after the hint's third tier."""
        return self.hint.after.code

    @property
    def marks_after(self) -> str:
        """The marks code after the hint's third tier ("" for none)."""
        return encode_marks(self.hint.marks_after)

    def to_json(self) -> JsonObject:
        """The record, in its documented order (docs/api.md, "hint"); play_url last."""
        hint = self.hint
        puzzle = hint.after.puzzle
        shape, units = puzzle.shape, puzzle.geometry.units
        record: JsonObject = {
            "status": hint.kind,
            "step": StepRecord(puzzle.geometry, hint.step).to_json()
            if hint.step is not None
            else None,
            "steps": [StepRecord(puzzle.geometry, step).to_json() for step in hint.steps],
            "tiers": list(hint.tiers),
            "cells": [[cell // shape.size + 1, cell % shape.size + 1] for cell in hint.cells],
            "units": [[units[number].kind, units[number].index] for number in hint.units],
            "progress_after": self.progress_after,
            "marks_after": self.marks_after,
            "follow_along": hint.follow_along,
        }
        if self.play_url is not None:
            record["play_url"] = self.play_url
        return record


@dataclass(frozen=True)
class NextStepRecord:
    """`sudoku hint`'s record of one position: its text, the status of the search for its
    next step (a PathStatus, "step" or invalid), and the step found or why it cannot be
    read."""

    position: str
    status: str
    step: StepRecord | None = None
    error: str | None = None

    def to_json(self) -> JsonObject:
        """The position, the status, then the error or the step when there is one."""
        record: JsonObject = {"position": self.position, "status": self.status}
        if self.error is not None:
            record["error"] = self.error
        if self.step is not None:
            record["step"] = self.step.to_json()
        return record


@dataclass(frozen=True)
class InstancesRecord:
    """`sudoku steps`' record of one position: every instance of `technique` found in it
    (each its removals, placements and sentence), and whether the search got through them
    all."""

    position: str
    technique: str
    steps: tuple[StepRecord, ...]
    complete: bool

    def to_json(self) -> JsonObject:
        """The position, the technique, the instances and whether they are all."""
        shown = ("eliminations", "placements", "text")
        instances = [step.to_json() for step in self.steps]
        return {
            "position": self.position,
            "technique": self.technique,
            "instances": [{key: found[key] for key in shown} for found in instances],
            "complete": self.complete,
        }
