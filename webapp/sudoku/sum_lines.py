"""Sum lines: lines of a puzzle whose digits, each times a whole number of its own, add up
to nothing (an arrow's circle less the digits along its arrow: the circle is their sum).

A lined kind (rulebook.py) with a `line_sum` gives, for one of its lines, its *terms*:
each cell of the line with its weight (+1 for an arrow's circle, -1 for each cell of its
arrow; +10 for the tens of a two-digit circle). That is a sum, not a chain of pairs, so it
is no relation (geometry.Relation): the geometry lists a puzzle's sums (`line_sums`), and
here the search narrows them at each node, as it narrows a Killer's cages (cage_sums.py),
by their bounds: a digit dies in a cell of a sum when the smallest and largest the other
cells can still make, with it, cannot reach nothing. The bounds count distinct digits:
a sum's terms of one weight whose cells must differ (they share a unit or a cage, or are
a pair: anti-king's neighbours) are a *group*, whose k cells make at least the k smallest
digits left among them and at most the k largest, so an arrow whose three cells share a
box makes at least 1 + 2 + 3, where its cells one by one said 3. A line of an outside kind
(a little killer's diagonal) adds up to its clue's number instead of nothing: its sum's
`total`. On a full board that leaves a broken sum with no digit in a cell, the search's
contradiction. The SAT solver takes them as clauses of their partial sums (sat.py).

A lined kind with `line_equations` instead gives several sums for one line, from its cells
and the box (or a Jigsaw's region) each cell of the grid lies in (a region-sum line: each
of its segments in one box less its first segment's); each is a sum here as an arrow's is.

Listing each short sum's ways (the digit tuples that make it) and keeping the live ones
narrows more (Clipped, a real arrow puzzle, in 11 nodes against 44), but listing them
took an arrow puzzle's solve from 0.5 to 1.7 ms, more than the nodes it saved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .narrowing import CellDrops
from .rulebook import RULE_KINDS, Line

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard
    from .geometry import Geometry


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


def sums_of(lines: Iterable[Line], box_of: tuple[int, ...] = ()) -> tuple[LineSum, ...]:
    """The sums of a puzzle's lines whose kind has a `line_sum` or `line_equations`, in the
    lines' order; `box_of` gives each cell's box or region number (line_equations')."""
    found = []
    for index, line in enumerate(lines, start=1):
        kind = RULE_KINDS[line.letter]
        if kind.line_sum is not None:
            total = line.value or 0
            found.append(LineSum(line.letter, index, kind.line_sum(line.cells), total))
        if kind.line_equations is not None:
            found.extend(
                LineSum(line.letter, index, terms)
                for terms in kind.line_equations(line.cells, box_of)
            )
    return tuple(found)


def groups_of(geometry: Geometry, terms: tuple[tuple[int, int], ...]) -> list[list[int]]:
    """The places of `terms` in groups: terms of one weight whose cells must all differ
    (they share a unit or a cage or are a pair), each place in the first group it fits."""
    units, cages, pairs = geometry.cell_unit_numbers, geometry.cell_cage, geometry.cell_pairs

    def apart(one: int, other: int) -> bool:
        """Whether cells `one` and `other` must differ."""
        caged = cages[one] is not None and cages[one] == cages[other]
        return caged or other in pairs[one] or not set(units[one]).isdisjoint(units[other])

    groups: list[list[int]] = []
    for at, (cell, weight) in enumerate(terms):
        for group in groups:
            if terms[group[0]][1] == weight and all(apart(cell, terms[i][0]) for i in group):
                group.append(at)
                break
        else:
            groups.append([at])
    return groups


@lru_cache(maxsize=8192)
def smallest(digits: int, count: int) -> int:
    """The sum of the `count` smallest digits of `digits` (a mask, digit 1 lowest)."""
    total = 0
    for _ in range(count):
        bit = digits & -digits
        total += bit.bit_length()
        digits ^= bit
    return total


@lru_cache(maxsize=8192)
def largest(digits: int, count: int) -> int:
    """The sum of the `count` largest digits of `digits` (a mask, digit 1 lowest)."""
    total = 0
    for _ in range(count):
        top = digits.bit_length()
        total += top
        digits ^= 1 << (top - 1)
    return total


class SumNarrowing:
    """The narrowing of one board's line sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        self.digit_mask = (1 << board.n) - 1
        self.cell_layout = (1 << (board.cells * board.width)) - 1  # shifts of it are cheap
        # Each sum as its groups: (weight, the shifts of its cells' fields).
        self.sums = tuple(
            (
                tuple(
                    (
                        each.terms[group[0]][1],
                        tuple(each.terms[at][0] * board.width for at in group),
                    )
                    for group in groups_of(board.geometry, each.terms)
                ),
                each.total,
            )
            for each in board.geometry.line_sums
        )
        self.drops = CellDrops(board)

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line sums' bounds rule out. One pass: what it drops
        the search's singles see, and then the narrowing looks again."""
        digit_mask, drops = self.digit_mask, self.drops
        cells = alive & self.cell_layout
        drop = 0
        for groups, total in self.sums:
            spans = []
            low = high = 0
            for weight, shifts in groups:
                held = [(cells >> shift) & digit_mask for shift in shifts]
                every = 0
                for digits in held:
                    every |= digits
                count = len(shifts)
                if every.bit_count() < count:  # an empty cell, or too few digits for all
                    return alive & ~drops[shifts[0], held[0]]
                least, most = smallest(every, count), largest(every, count)
                if weight < 0:
                    least, most = most, least
                spans.append((weight, shifts, held, weight * least, weight * most))
                low, high = low + weight * least, high + weight * most
            if low == total == high:
                continue
            for weight, shifts, held, own_low, own_high in spans:
                rest_low, rest_high = low - own_low, high - own_high
                count = len(shifts)
                for at, shift in enumerate(shifts):
                    others = 0
                    if count > 1:
                        for place, digits in enumerate(held):
                            if place != at:
                                others |= digits
                    gone = 0
                    left = held[at]
                    while left:
                        bit = left & -left
                        left ^= bit
                        least = most = bit.bit_length()
                        if count > 1:
                            rest = others & ~bit
                            if rest.bit_count() < count - 1:
                                gone |= bit
                                continue
                            least += smallest(rest, count - 1)
                            most += largest(rest, count - 1)
                        if weight < 0:
                            least, most = most, least
                        if not rest_low + weight * least <= total <= rest_high + weight * most:
                            gone |= bit
                    if gone:
                        drop |= drops[shift, gone]
        return alive & ~drop if drop & alive else alive
