"""The registry of rule kinds: one entry per kind of rule a puzzle may add to rows, columns
and boxes, which every other table of rules is derived from.

Glossary:
- rule kind: a rule a puzzle either has or has not, over the whole grid (X-Sudoku's
  diagonals, Windoku's windows); a Jigsaw's regions and a Killer's cages are data of a
  puzzle's own and are not kinds here;
- letter: the kind's part of a share code, after "-" (puzzle.py);
- words: what a person may call it in a variant name (variants.py);
- f-puzzles and SudokuPad keys: the keys of their JSON that say the puzzle has the rule;
- how it constrains: the units it adds (N cells holding every symbol once).

geometry.EXTRA_UNITS and variants.WORDS are read off RULE_KINDS, so a new kind is one entry
here (and, for its drawing on a board, one in the web layer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .shape import Shape
from .unit import Unit


def diagonals(shape: Shape) -> tuple[Unit, Unit]:
    """The two main diagonals, top-left to bottom-right first, each in reading order."""
    n = shape.size
    return (
        Unit("diagonal", 1, tuple(i * n + i for i in range(n))),
        Unit("diagonal", 2, tuple(i * n + (n - 1 - i) for i in range(n))),
    )


def windows(shape: Shape) -> tuple[Unit, ...]:
    """Windoku's windows: boxes' worth of cells one row and column in from the boxes, one
    apart (rows and columns 2-4 and 6-8 on a 9x9), in reading order. Square boxes only."""
    n, k = shape.size, shape.box_rows
    starts = range(1, n - k + 1, k + 1)
    return tuple(
        Unit(
            "window",
            number + 1,
            tuple((top + r) * n + left + c for r in range(k) for c in range(k)),
        )
        for number, (top, left) in enumerate((top, left) for top in starts for left in starts)
    )


def square_boxes(shape: Shape) -> str | None:
    """Why windows do not fit `shape` (its boxes are not square), or None."""
    if shape.box_rows == shape.box_cols:
        return None
    return f"Windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not the {shape.name}'s"


def fits_every_shape(shape: Shape) -> str | None:
    """None: the rule applies to a grid of any shape."""
    return None


@dataclass(frozen=True)
class RuleKind:
    """One kind of rule: its share-code `letter`, what players call it (`name`), the
    `words` a variant name may use for it, the f-puzzles and SudokuPad keys that say a
    puzzle has it, the `units` it adds to a shape, why it does not fit a shape (None where
    it does), whether the logic's uniqueness techniques stay sound under it, and whether
    the generator makes puzzles with it."""

    letter: str
    name: str
    words: tuple[str, ...]
    units: Callable[[Shape], tuple[Unit, ...]]
    unfit: Callable[[Shape], str | None] = fits_every_shape
    fpuzzles_keys: tuple[str, ...] = ()
    sudokupad_keys: tuple[str, ...] = ()
    uniqueness_sound: bool = True
    generated: bool = True


# Every rule kind the engine knows, in the order a puzzle's units and its share code list
# them. f-puzzles writes X-Sudoku as its two diagonals and Windoku as four extra regions,
# which links/fpuzzles.py reads itself; SudokuPad links carry f-puzzles JSON.
RULE_KINDS: dict[str, RuleKind] = {
    kind.letter: kind
    for kind in (
        RuleKind(
            "x",
            "X-Sudoku",
            ("x", "diagonal"),
            diagonals,
            fpuzzles_keys=("diagonal+", "diagonal-"),
        ),
        RuleKind(
            "w",
            "Windoku",
            ("windoku", "hyper", "w"),
            windows,
            square_boxes,
            fpuzzles_keys=("extraregion",),
        ),
    )
}
