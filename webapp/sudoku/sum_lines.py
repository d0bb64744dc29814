"""Sum lines: lines of a puzzle whose digits, each times a whole number of its own, add up
to nothing (an arrow's circle less the digits along its arrow: the circle is their sum).

A lined kind (rulebook.py) with a `line_sum` gives, for one of its lines, its *terms*:
each cell of the line with its weight (+1 for an arrow's circle, -1 for each cell of its
arrow; +10 for the tens of a two-digit circle). That is a sum, not a chain of pairs, so it
is no relation (geometry.Relation): the geometry lists a puzzle's sums (`line_sums`), and
here the search narrows them at each node, as it narrows a Killer's cages (cage_sums.py): a
digit dies in a cell of a sum when no value the other cells can still make, with it, reaches
the sum's total. The values count distinct digits: a sum's terms of one weight whose cells
must differ (they share a unit or a cage, or are a pair: anti-king's neighbours) are a
*group*, whose k cells make only sums of k different digits left among them, so an arrow
whose three cells share a box makes at least 1 + 2 + 3, where its cells one by one said 3.
Each group's values are a set (a mask of places), not only its least and greatest, so a
circle whose arrow's two cells in a box hold 1 or 5 can only be 6: the sets of the groups
before and after a cell's, added up, say which of its digits still reach the total. A line
of an outside kind (a little killer's diagonal) adds up to its clue's number instead of
nothing: its sum's `total`. On a full board that leaves a broken sum with no digit in a
cell, the search's contradiction. What a sum drops depends only on the digits its cells
hold, so it is kept by them (most nodes leave most sums as they were). The SAT solver takes
them as clauses of their partial sums (sat.py).

A lined kind with `line_equations` instead gives several sums for one line, from its cells
and the box (or a Jigsaw's region) each cell of the grid lies in (a region-sum line: each
of its segments in one box less its first segment's); each is a sum here as an arrow's is.

Listing each short sum's ways (the digit tuples that make it) and keeping the live ones
narrows most (Clipped, a real arrow puzzle, in 11 nodes, against 30 with the sets of places
and 36 with each group's least and greatest alone), but listing them took an arrow puzzle's
solve from 0.5 to 1.7 ms.
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


@lru_cache(maxsize=65536)
def distinct_sums(digits: int, count: int) -> int:
    """The sums `count` different digits of `digits` (a mask, digit 1 lowest) can make, as a
    mask: bit s set for the sum s."""
    made = [1] + [0] * count  # made[c]: the sums of c different digits so far
    digit, rest = 1, digits
    while rest:
        if rest & 1:
            for taken in range(count, 0, -1):
                made[taken] |= made[taken - 1] << digit
        rest >>= 1
        digit += 1
    return made[count]


@lru_cache(maxsize=65536)
def places(digits: int, count: int, weight: int, n: int) -> int:
    """The values `count` different digits of `digits` times `weight` can make, as a mask of
    places: a value v at place v for a positive weight, at place v - weight * count * n for a
    negative one (so every place is at least 0)."""
    sums = distinct_sums(digits, count)
    if weight == 1:
        return sums
    found: int = 0
    top = count * n
    while sums:
        low = sums & -sums
        value = low.bit_length() - 1
        found |= 1 << (weight * value if weight > 0 else -weight * (top - value))
        sums ^= low
    return found


def plus(one: int, other: int) -> int:
    """The sums of a place in `one` and a place in `other` (masks of places)."""
    if one.bit_count() > other.bit_count():
        one, other = other, one
    found = 0
    while one:
        low = one & -one
        found |= other << (low.bit_length() - 1)
        one ^= low
    return found


def less(wanted: int, made: int) -> int:
    """The places still wanted (a mask) once a place of `made` is made, for each place of
    `wanted`: w - m for every w in `wanted` and m in `made`, at least 0."""
    found = 0
    while made:
        low = made & -made
        found |= wanted >> (low.bit_length() - 1)
        made ^= low
    return found


# A sum's narrowings are kept by the digits its cells hold, up to this many a sum.
KEPT = 512
# A sum's groups: (weight, the shifts of its cells' fields).
Groups = tuple[tuple[int, tuple[int, ...]], ...]
# What a sum drops, kept by its cells' fields: (broken, the bits to drop).
Kept = dict[int, tuple[bool, int]]


class SumNarrowing:
    """The narrowing of one board's line sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        n = self.n = board.n
        self.digit_mask = (1 << n) - 1
        # Each sum: its cells' fields in the cell layout, its groups, its cells' shifts
        # group by group, its total as a place (less its groups' least places) and what it
        # dropped, by its cells' fields.
        sums: list[tuple[int, Groups, tuple[int, ...], int, Kept]] = []
        for each in board.geometry.line_sums:
            groups = tuple(
                (
                    each.terms[group[0]][1],
                    tuple(each.terms[at][0] * board.width for at in group),
                )
                for group in groups_of(board.geometry, each.terms)
            )
            # A group's places start at its least value: nothing for a positive weight,
            # weight * count * n for a negative one.
            least = sum(weight * len(shifts) * n for weight, shifts in groups if weight < 0)
            every = tuple(shift for _, shifts in groups for shift in shifts)
            fields = sum(self.digit_mask << shift for shift in every)
            sums.append((fields, groups, every, each.total - least, {}))
        self.sums = tuple(sums)
        self.drops = CellDrops(board)

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line sums rule out. One pass: what it drops the
        search's singles see, and then the narrowing looks again."""
        digit_mask = self.digit_mask
        drop = 0
        for fields, groups, every, target, kept in self.sums:
            key = alive & fields
            found = kept.get(key)
            if found is None:
                if len(kept) >= KEPT:
                    kept.clear()
                held = tuple([(key >> shift) & digit_mask for shift in every])
                found = kept[key] = self._narrowing(groups, held, target)
            broken, dropped = found
            if broken:
                return alive & ~dropped
            drop |= dropped
        return alive & ~drop if drop & alive else alive

    def _narrowing(self, groups: Groups, held: tuple[int, ...], target: int) -> tuple[bool, int]:
        """What one sum drops when its cells hold `held` (by its groups' cells in turn): (True,
        an empty cell's drop) when its places cannot reach `target`, else (False, the bits of
        the digits no way of reaching it keeps).

        The groups before each one make a set of places (`before`); the places the groups
        after it still leave to be made, counted back from the target, another (`wanted`):
        a group's place p is kept when p + b is in `wanted` for some b in `before`."""
        n, drops = self.n, self.drops
        under = (1 << (target + 1)) - 1  # places past the target never come back down
        parts = []
        at = 0
        before = [1]
        for weight, shifts in groups:
            count = len(shifts)
            own = held[at : at + count]
            every = 0
            for digits in own:
                every |= digits
            own_places = places(every, count, weight, n)
            parts.append((weight, shifts, own, own_places))
            before.append(plus(before[-1], own_places & under) & under)
            at += count
        if not before[-1] >> target & 1:
            return True, drops[groups[0][1][0], held[0]]
        wanted = 1 << target
        drop = 0
        for number in range(len(parts) - 1, -1, -1):
            weight, shifts, own, own_places = parts[number]
            need = less(wanted, before[number])
            wanted = less(wanted, own_places & under)
            if own_places & ~need == 0 and len(shifts) == 1:
                continue  # every digit of its one cell still reaches the target
            if len(shifts) == 1 and weight == 1:  # digit d at place d: a shift says it
                gone = own[0] & ~(need >> 1)
                if gone:
                    drop |= drops[shifts[0], gone]
                continue
            for shift, gone in zip(shifts, group_gone(own, weight, n, need), strict=True):
                if gone:
                    drop |= drops[shift, gone]
        return False, drop


@lru_cache(maxsize=16384)
def group_gone(own: tuple[int, ...], weight: int, n: int, need: int) -> tuple[int, ...]:
    """For each cell of a group of cells that must differ, holding the digits `own` (masks),
    the digits it cannot keep: with each, the group's other cells, with different digits of
    their own, make no place (of `weight`) in `need`. A group of one cell has no others:
    its digit alone makes the place."""
    count = len(own) - 1
    found = []
    for at, held in enumerate(own):
        others = 0
        for place_at, digits in enumerate(own):
            if place_at != at:
                others |= digits
        gone = 0
        digits = held
        while digits:
            bit = digits & -digits
            digits ^= bit
            digit = bit.bit_length()
            place = weight * digit if weight > 0 else -weight * (n - digit)
            if not (places(others & ~bit, count, weight, n) << place) & need:
                gone |= bit
        found.append(gone)
    return tuple(found)
