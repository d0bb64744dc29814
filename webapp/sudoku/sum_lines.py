"""Sum lines: lines of a puzzle whose digits, each times a whole number of its own, add up
to nothing (an arrow's circle less the digits along its arrow: the circle is their sum).

A lined kind (rulebook.py) with a `line_sum` gives, for one of its lines, its *terms*:
each cell of the line with its weight (+1 for an arrow's circle, -1 for each cell of its
arrow; +10 for the tens of a two-digit circle). That is a sum, not a chain of pairs, so it
is no relation (geometry.Relation): the geometry lists a puzzle's sums (`line_sums`), and
here the search narrows them at each node, as it narrows a Killer's cages (cage_sums.py),
by their bounds: a digit dies in a cell of a sum when the smallest and largest the other
cells can still make, with it, cannot reach nothing. A line of an outside kind (a little
killer's diagonal) adds up to its clue's number instead: its sum's `total`. On a full board
that leaves a broken sum with no digit in its cells, the search's contradiction. The SAT
solver takes them as clauses of their partial sums (sat.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rulebook import RULE_KINDS, Line

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard


@dataclass(frozen=True)
class LineSum:
    """One sum of a puzzle's line (by the kind's `letter`): its (cell, weight) terms, whose
    digits times their weights add up to `total` (nothing but for an outside clue's line);
    `index` is the line's number among the puzzle's lines, from 1."""

    letter: str
    index: int
    terms: tuple[tuple[int, int], ...]
    total: int = 0

    def held(self, cells: tuple[int, ...]) -> bool:
        """Whether a full grid's `cells` (their digits, by cell) keep this sum."""
        return sum(weight * cells[cell] for cell, weight in self.terms) == self.total


def sums_of(lines: Iterable[Line]) -> tuple[LineSum, ...]:
    """The sums of a puzzle's lines whose kind has a `line_sum`, in the lines' order."""
    found = []
    for index, line in enumerate(lines, start=1):
        terms = RULE_KINDS[line.letter].line_sum
        if terms is not None:
            total = line.value or 0
            found.append(LineSum(line.letter, index, terms(line.cells), total))
    return tuple(found)


class SumNarrowing:
    """The narrowing of one board's line sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        self.n, self.width = board.n, board.width
        self.digit_mask = (1 << board.n) - 1
        self.sums = tuple(
            (tuple((cell * board.width, weight) for cell, weight in each.terms), each.total)
            for each in board.geometry.line_sums
        )
        self.bits = board.bits
        self.length = (board.constraints * board.width + 7) // 8
        self.drops: dict[tuple[int, int], int] = {}  # (cell shift, digits) -> their options' bits

    def _drop(self, shift: int, digits: int) -> int:
        """Every bit of the options of the cell at `shift` for the digits `digits` (a mask,
        digit 1 lowest), built once and kept."""
        key = (shift, digits)
        found = self.drops.get(key)
        if found is None:
            cell, n = shift // self.width, self.n
            spelled = bytearray(self.length)
            for digit in range(n):
                if digits >> digit & 1:
                    for bit in self.bits[cell * n + digit]:
                        spelled[bit >> 3] |= 1 << (bit & 7)
            found = self.drops[key] = int.from_bytes(spelled, "little")
        return found

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line sums' bounds rule out. One pass: what it drops
        the search's singles see, and then the narrowing looks again."""
        digit_mask = self.digit_mask
        drop = 0
        for terms, total in self.sums:
            spans = []
            low = high = 0
            for shift, weight in terms:
                digits = (alive >> shift) & digit_mask
                if not digits:
                    return alive  # an empty cell: the search's contradiction already
                least = (digits & -digits).bit_length()
                most = digits.bit_length()
                if weight > 0:
                    spans.append((shift, weight, digits, weight * least, weight * most))
                    low, high = low + weight * least, high + weight * most
                else:
                    spans.append((shift, weight, digits, weight * most, weight * least))
                    low, high = low + weight * most, high + weight * least
            if low == total == high:
                continue
            for shift, weight, digits, own_low, own_high in spans:
                rest_low, rest_high = low - own_low, high - own_high
                gone = 0
                left = digits
                while left:
                    bit = left & -left
                    left ^= bit
                    value = weight * bit.bit_length()
                    if not rest_low <= total - value <= rest_high:
                        gone |= bit
                if gone:
                    drop |= self._drop(shift, gone)
        return alive & ~drop if drop & alive else alive
