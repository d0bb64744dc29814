"""Line rules: lines of a puzzle whose kind keeps their digits by a rule over the whole line,
neither pair by pair nor as a sum (a between line's: every digit inside it lies between the
digits of its two ends, which depends on both ends at once).

A lined kind (rulebook.py) with a `line_narrows` narrows one of its lines: given the digits
each of the line's cells can still hold (a mask each, digit 1 lowest) on a grid of a size,
and the number of the line's clue where its kind is an outside kind's (a sandwich's; None
for a line without one), it keeps the digits some digits of the others still allow (what it
drops is in no solution), and of a line whose cells hold one digit each it keeps them all
exactly when the line holds them (it empties a cell when not). Its `line_clauses` are the
line's clauses for the SAT solver (given its length and its clue's number) over literals of
its own: the line's i-th cell (from 0) holding digit d is i * size + d, and the kind's own
choices (a between line's "the first end is the smaller") follow from length * size + 1,
negated for "not". So the search narrows the lines at each node as it narrows sum lines
(and the counts, which are searches, keep them too), the SAT solver takes their clauses
(sat.py), the conflicts and is_solution ask `held`, and the logic's step
(logic/line_rules.py) removes what a narrowing drops.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .narrowing import CellDrops
from .rulebook import RULE_KINDS, Line

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard


@dataclass(frozen=True)
class LineRule:
    """One line of a puzzle whose kind (by `letter`) keeps a rule of its own over its
    `cells`, in order from its start; `index` is the line's number among the puzzle's
    lines, from 1; `value` its clue's number (an outside kind's line), else None."""

    letter: str
    index: int
    cells: tuple[int, ...]
    value: int | None = None

    def narrowed(self, size: int, masks: tuple[int, ...]) -> tuple[int, ...]:
        """The digits (a mask a cell, digit 1 lowest) of the line's cells its kind keeps,
        given they can hold `masks`."""
        narrows = RULE_KINDS[self.letter].line_narrows
        assert narrows is not None  # only such kinds' lines are listed (rules_of)
        return narrows(size, masks, self.value)

    def held(self, size: int, cells: tuple[int, ...]) -> bool:
        """Whether a full grid's `cells` (their digits, by cell) keep this line's rule."""
        masks = tuple(1 << (cells[cell] - 1) for cell in self.cells)
        return all(self.narrowed(size, masks))


def rules_of(lines: Iterable[Line]) -> tuple[LineRule, ...]:
    """The lines of a puzzle whose kind has a `line_narrows`, in the lines' order."""
    return tuple(
        LineRule(line.letter, index, line.cells, line.value)
        for index, line in enumerate(lines, start=1)
        if RULE_KINDS[line.letter].line_narrows is not None
    )


def rule_clauses(rule: LineRule, size: int) -> tuple[tuple[int, ...], ...]:
    """The SAT clauses of `rule`'s kind over a line of its length (and its clue's number),
    in the kind's own literals (the module docstring)."""
    clauses = RULE_KINDS[rule.letter].line_clauses
    return clauses(size, len(rule.cells), rule.value) if clauses is not None else ()


class RuleNarrowing:
    """The narrowing of one board's line rules, which the search runs at each node: each
    line's cells keep what its kind's `line_narrows` keeps of their live digits. One pass:
    what it drops the search's singles see, and then the narrowing looks again."""

    def __init__(self, board: Bitboard) -> None:
        self.n, self.digit_mask = board.n, (1 << board.n) - 1
        self.drops = CellDrops(board)
        self.rules = tuple(
            (each.narrowed, tuple(cell * board.width for cell in each.cells))
            for each in board.geometry.line_rules
        )

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line rules drop."""
        digit_mask, n = self.digit_mask, self.n
        drop = 0
        for narrowed, shifts in self.rules:
            masks = tuple((alive >> shift) & digit_mask for shift in shifts)
            if not all(masks):
                return alive  # an empty cell: the search's contradiction already
            kept = narrowed(n, masks)
            for shift, mask, keep in zip(shifts, masks, kept, strict=True):
                if keep != mask:
                    drop |= self.drops[shift, mask & ~keep]
        return alive & ~drop if drop & alive else alive
