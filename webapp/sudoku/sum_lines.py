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
circle whose arrow's two cells in a box hold 1 or 5 can only be 6. The groups of a
positive weight make one side of the sum and those of a negative weight the other (an
arrow's circle, its arrow): each side's values are its groups' sets added up, the values
both sides can make alike are the ones wanted, and a group's digit is kept when the other
groups of its side can make it up to one of them (an arrow of one group against a circle
of one cell needs no adding up at all). A line
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


def distinct_sums(digits: int, count: int) -> int:
    """The sums `count` different digits of `digits` (a mask, digit 1 lowest) can make, as a
    mask: bit s set for the sum s. Of digits 1 to 9 alone, read from a table."""
    if digits < 1 << 9:
        return NINE_DIGIT_SUMS[count][digits] if count <= 9 else 0
    return _distinct_sums(digits, count)


@lru_cache(maxsize=65536)
def _distinct_sums(digits: int, count: int) -> int:
    """distinct_sums, worked out: digit by digit, the sums of each count so far."""
    made = [1] + [0] * count  # made[c]: the sums of c different digits so far
    digit, rest = 1, digits
    while rest:
        if rest & 1:
            for taken in range(count, 0, -1):
                made[taken] |= made[taken - 1] << digit
        rest >>= 1
        digit += 1
    return made[count]


def _nine_digit_sums() -> tuple[tuple[int, ...], ...]:
    """distinct_sums of every mask of digits 1 to 9, by count (0 to 9), then by mask: each
    mask's from the mask without its lowest digit, with that digit and without."""
    rows = [[1] * 512] + [[0] * 512 for _ in range(9)]
    for digits in range(1, 512):
        low = digits & -digits
        rest, digit = digits ^ low, low.bit_length()
        for count in range(1, 10):
            rows[count][digits] = rows[count][rest] | rows[count - 1][rest] << digit
    return tuple(tuple(row) for row in rows)


# Built once, with the module (a millisecond or two): a 9x9's sums read from it, where
# working each out was most of a first solve's narrowing.
NINE_DIGIT_SUMS = _nine_digit_sums()


@lru_cache(maxsize=65536)
def places(digits: int, count: int, weight: int) -> int:
    """The values `count` different digits of `digits` times `weight` (at least 1) can make,
    as a mask of places: a value v at place v."""
    sums = distinct_sums(digits, count)
    if weight == 1:
        return sums
    found: int = 0
    while sums:
        low = sums & -sums
        found |= 1 << (weight * (low.bit_length() - 1))
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
# A sum's groups of one sign: each group's weight (its size), where its cells start among
# the sum's cells, and the shifts of its cells' fields.
Side = tuple[tuple[int, int, tuple[int, ...]], ...]
# What a sum drops, kept by its cells' fields: (broken, the bits to drop).
Kept = dict[int, tuple[bool, int]]


class SumNarrowing:
    """The narrowing of one board's line sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        self.digit_mask = (1 << board.n) - 1
        # Each sum: its cells' fields in the cell layout, its cells' shifts group by group,
        # its groups of a positive weight and those of a negative one, its total and what
        # it dropped, by its cells' fields.
        sums: list[tuple[int, tuple[int, ...], tuple[Side, Side], int, Kept]] = []
        for each in board.geometry.line_sums:
            sides: tuple[list[tuple[int, int, tuple[int, ...]]], ...] = ([], [])
            every: list[int] = []
            for group in groups_of(board.geometry, each.terms):
                weight = each.terms[group[0]][1]
                shifts = tuple(each.terms[at][0] * board.width for at in group)
                sides[weight < 0].append((abs(weight), len(every), shifts))
                every.extend(shifts)
            fields = sum(self.digit_mask << shift for shift in every)
            split = (tuple(sides[0]), tuple(sides[1]))
            sums.append((fields, tuple(every), split, each.total, {}))
        self.sums = tuple(sums)
        self.drops = CellDrops(board)

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line sums rule out. One pass: what it drops the
        search's singles see, and then the narrowing looks again."""
        digit_mask = self.digit_mask
        drop = 0
        for fields, every, sides, total, kept in self.sums:
            key = alive & fields
            found = kept.get(key)
            if found is None:
                if len(kept) >= KEPT:
                    kept.clear()
                held = tuple([(key >> shift) & digit_mask for shift in every])
                if len(sides[0]) == 1 == len(sides[1]):
                    found = self._one_against_one(sides, held, total, every[0])
                elif len(sides[0]) + len(sides[1]) == 3 and sides[0] and sides[1]:
                    found = self._two_against_one(sides, held, total, every[0])
                else:
                    found = self._narrowing(sides, held, total, every[0])
                kept[key] = found
            broken, dropped = found
            if broken:
                return alive & ~dropped
            drop |= dropped
        return alive & ~drop if drop & alive else alive

    def _one_against_one(
        self, sides: tuple[Side, Side], held: tuple[int, ...], total: int, first: int
    ) -> tuple[bool, int]:
        """_narrowing for a sum of one group a side (an arrow of one group against its
        circle of one cell), with nothing to add up: the values wanted are the ones both
        groups make (less `total` on the negative side)."""
        ((weight, at, shifts),), ((other_weight, other_at, other_shifts),) = sides
        own = held[at : at + len(shifts)]
        other = held[other_at : other_at + len(other_shifts)]
        mine, theirs = values_of(own, weight), values_of(other, other_weight)
        common = mine & (theirs << total if total >= 0 else theirs >> -total)
        if not common:
            return True, self.drops[first, held[0]]
        return False, self._dropped(weight, shifts, own, mine, common) | self._dropped(
            other_weight,
            other_shifts,
            other,
            theirs,
            common >> total if total >= 0 else common << -total,
        )

    def _two_against_one(
        self, sides: tuple[Side, Side], held: tuple[int, ...], total: int, first: int
    ) -> tuple[bool, int]:
        """_narrowing for a sum of two groups on one side and one on the other (an arrow
        from a two-cell circle, or of two groups against a one-cell circle): one adding up,
        and each of the two groups' values kept by the other's."""
        pair, (lone,) = sides if len(sides[0]) == 2 else sides[::-1]
        (one_weight, one_at, one_shifts), (other_weight, other_at, other_shifts) = pair
        lone_weight, lone_at, lone_shifts = lone
        one = held[one_at : one_at + len(one_shifts)]
        other = held[other_at : other_at + len(other_shifts)]
        alone = held[lone_at : lone_at + len(lone_shifts)]
        one_values, other_values = values_of(one, one_weight), values_of(other, other_weight)
        lone_values = values_of(alone, lone_weight)
        if sides[1] is pair:  # the pair's values less the lone group's make -total
            total = -total
        # the pair's values that the lone group's make, `total` more
        common = plus(one_values, other_values)
        common &= lone_values << total if total >= 0 else lone_values >> -total
        if not common:
            return True, self.drops[first, held[0]]
        wanted = common >> total if total >= 0 else common << -total
        return False, (
            self._dropped(
                one_weight, one_shifts, one, one_values, reaching(one_values, other_values, common)
            )
            | self._dropped(
                other_weight,
                other_shifts,
                other,
                other_values,
                reaching(other_values, one_values, common),
            )
            | self._dropped(lone_weight, lone_shifts, alone, lone_values, lone_values & wanted)
        )

    def _narrowing(
        self, sides: tuple[Side, Side], held: tuple[int, ...], total: int, first: int
    ) -> tuple[bool, int]:
        """What one sum drops when its cells hold `held` (by its groups' cells in turn): (True,
        its `first` cell's drop, which empties it) when no values of its groups make
        `total`, else (False, the bits of the digits no way of making it keeps).

        Each side (the groups of a positive weight, those of a negative one) makes a set of
        values, its groups' values (each times its weight's size) added up; the values
        the positive side makes that are the negative side's plus `total` are the ones
        either side must make. A group's value is kept when the side's other groups can
        make it up to one of them."""
        parts: list[list[tuple[int, tuple[int, ...], tuple[int, ...], int]]] = []
        made = []
        for side in sides:
            found = []
            values = 1  # place 0: nothing made yet
            for weight, at, shifts in side:
                own = held[at : at + len(shifts)]
                mine = values_of(own, weight)
                found.append((weight, shifts, own, mine))
                values = mine if values == 1 else plus(values, mine)
            parts.append(found)
            made.append(values)
        positive, negative = made
        common = positive & (negative << total if total >= 0 else negative >> -total)
        if not common:
            return True, self.drops[first, held[0]]
        reaches = (common, common >> total if total >= 0 else common << -total)
        drop = 0
        for found, reach in zip(parts, reaches, strict=True):
            for number, (weight, shifts, own, mine) in enumerate(found):
                if len(found) == 1:
                    need = mine & reach
                elif len(found) == 2:
                    need = reaching(mine, found[1 - number][3], reach)
                else:
                    others = 1
                    for other, (_, _, _, theirs) in enumerate(found):
                        if other != number:
                            others = theirs if others == 1 else plus(others, theirs)
                    need = reaching(mine, others, reach)
                drop |= self._dropped(weight, shifts, own, mine, need)
        return False, drop

    def _dropped(
        self, weight: int, shifts: tuple[int, ...], own: tuple[int, ...], mine: int, need: int
    ) -> int:
        """The bits of the digits a group (its cells at `shifts`, holding `own`, making the
        values `mine` times `weight`) cannot keep when the values `need` are wanted of it."""
        drops = self.drops
        if len(shifts) == 1:
            if need == mine:
                return 0  # every digit of its one cell still makes a value wanted
            if weight == 1:  # digit d at place d: a shift says it
                return drops[shifts[0], own[0] & ~(need >> 1)]
        drop = 0
        for shift, gone in zip(shifts, group_gone(own, weight, need), strict=True):
            if gone:
                drop |= drops[shift, gone]
        return drop


def values_of(own: tuple[int, ...], weight: int) -> int:
    """The values the cells of a group holding `own` (digit masks) make, times `weight`, as
    a mask of places."""
    if len(own) == 1:
        return own[0] << 1 if weight == 1 else places(own[0], 1, weight)
    every = 0
    for digits in own:
        every |= digits
    return places(every, len(own), weight)


def reaching(mine: int, others: int, reach: int) -> int:
    """The places of `mine` that, with a place of `others`, make a place of `reach` (masks
    of places); by the fewer places of `mine` and `others`."""
    if others == 1:
        return mine & reach
    if mine.bit_count() > others.bit_count():
        return mine & less(reach, others)
    found = 0
    rest = mine
    while rest:
        low = rest & -rest
        if (others << (low.bit_length() - 1)) & reach:
            found |= low
        rest ^= low
    return found


@lru_cache(maxsize=16384)
def group_gone(own: tuple[int, ...], weight: int, need: int) -> tuple[int, ...]:
    """For each cell of a group of cells that must differ, holding the digits `own` (masks),
    the digits it cannot keep: with each, the group's other cells, with different digits of
    their own, make no value (times `weight`, at least 1) at a place of `need`. A group of
    one cell has no others: its digit alone makes the value."""
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
            if weight == 1:  # no weighing: the sums themselves, from their table
                made = distinct_sums(others & ~bit, count) << digit
            else:
                made = places(others & ~bit, count, weight) << weight * digit
            if not made & need:
                gone |= bit
        found.append(gone)
    return tuple(found)
