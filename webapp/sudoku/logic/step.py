"""A step: one deduction a person can follow, as a value that tests compare and pages draw.

A step names its technique and difficulty, the values it is about, the cells
of its pattern with the role each plays, the units it reasons over, and what
it does: candidates removed and/or values placed. Sentences are made from
steps outside the engine; finding, wording and drawing are three things.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cages import Cage
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

    A Killer's steps also name cages among their units, as ("cage", number): the cage's
    place in the geometry's `cages`, from 1 (a cage is no unit of the geometry, so what
    looks a unit up there finds none: draw it from the cages). `cages` holds those cages
    (cells and sum), in the same order, for words and drawings that have no geometry. The
    rule of 45 (innies_outies.py) marks its cells "cage-innie" (inside its units, in no cage
    it counts) and "cage-outie" (outside them, in a cage it counts), filled cells too; `sums`
    holds its count: (what the units hold, what the cages it counts make, the values
    already filled in its innies, and in its outies); then the innies and outies obey
    sum(outies) - sum(innies) = counted - held. A step that reasons from a cage's ways of
    filling its open cells (cage_combinations.py) holds in `sums` what those cells must add
    up to, and in `combinations` the value sets (as masks, bit v for value v) they can
    still be filled with.
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
    # An alternating chain node by node: (cells, value, link to the next node). The
    # cells are one cell, or several of one unit (a box-line intersection, or an almost
    # locked set's places for the value), true if any of them holds the value. The link
    # is "strong" (if this node is false the next is true), "als" (strong, because an
    # almost locked set, the cells with role "als-1", "als-2"... in turn, must hold all its
    # other values), "weak" (if this node is true the next is false), or "" at the end.
    inferences: tuple[tuple[tuple[int, ...], int, str], ...] = ()
    cages: tuple[Cage, ...] = ()
    sums: tuple[int, ...] = ()
    combinations: tuple[int, ...] = ()

    def apply(self, position: Position) -> Position:
        """The position after this step."""
        if self.placements:
            position = position.place(self.placements)
        if self.eliminations:
            position = position.eliminate(self.eliminations)
        return position
