"""A hint as JSON: what /api/hint answers and `sudoku hint --json` prints."""

from __future__ import annotations

from typing import Any

from ..sudoku.logic import encode_marks
from .hints import Hint
from .records import step_record


def hint_record(hint: Hint) -> dict[str, Any]:
    """The hint's kind, tiers and step (1-based cells, units as [kind, index]), and the
    progress and marks codes after its third tier."""
    puzzle = hint.after.puzzle
    shape, units = puzzle.shape, puzzle.geometry.units
    return {
        "status": hint.kind,
        "step": step_record(shape, hint.step) if hint.step is not None else None,
        "steps": [step_record(shape, step) for step in hint.steps],
        "tiers": list(hint.tiers),
        "cells": [[cell // shape.size + 1, cell % shape.size + 1] for cell in hint.cells],
        "units": [[units[number].kind, units[number].index] for number in hint.units],
        "progress_after": hint.after.code,
        "marks_after": encode_marks(hint.marks_after),
        "follow_along": hint.follow_along,
    }
