"""A step: one deduction a person can follow, as a value that tests compare and pages draw.

A step names its technique and difficulty, the values it is about, the cells
of its pattern with the role each plays, the units it reasons over, and what
it does: candidates removed and/or values placed. Sentences are made from
steps outside the engine; finding, wording and drawing are three things.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Candidate, Position

# Roles a cell can play in a pattern.
TARGET = "target"  # where the step places a value or removes a candidate
BASE = "base"  # the cells whose candidates make the pattern (a pair, a pointing group)


@dataclass(frozen=True)
class Step:
    """One deduction: `technique` (a slug) at `difficulty`, and what it places or removes.

    `cells` pairs each pattern cell with its role; `units` names the units the
    reasoning uses as (kind, index). Cells are 0-based reading-order numbers;
    candidates are (cell, value).
    """

    technique: str
    difficulty: float
    digits: tuple[int, ...]
    cells: tuple[tuple[int, str], ...]
    units: tuple[tuple[str, int], ...]
    eliminations: tuple[Candidate, ...] = ()
    placements: tuple[Candidate, ...] = ()
    # A chain's placements in the order they follow, and what they ran into:
    # ("cell", cell) for a cell left without a candidate, ("unit", kind, index, value)
    # for a unit left without a place for a value.
    chain: tuple[Candidate, ...] = ()
    contradiction: tuple[str | int, ...] = ()

    def apply(self, position: Position) -> Position:
        """The position after this step."""
        return position.place(self.placements).eliminate(self.eliminations)
