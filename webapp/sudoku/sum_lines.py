"""Sum lines: lines of a puzzle whose digits, each times a whole number of its own, add up
to nothing (an arrow's circle less the digits along its arrow: the circle is their sum).

A lined kind (rulebook.py) with a `line_sum` gives, for one of its lines, its *terms*:
each cell of the line with its weight (+1 for an arrow's circle, -1 for each cell of its
arrow; +10 for the tens of a two-digit circle). That is a sum, not a chain of pairs, so it
is no relation (geometry.Relation): the geometry lists a puzzle's sums (`line_sums`), and
here the search narrows them at each node, as it narrows a Killer's cages (cage_sums.py).
A short sum is narrowed by its *ways*: every tuple of digits, one a cell, that makes its
sum and that the geometry allows together (two cells that share a unit, a cage or a pair
differ; a relation's pair holds no two digits it forbids), listed once when the board is
built. At each node a way dies when one of its digits has left its cell, and a digit
leaves a cell when no live way holds it there: an arrow whose three cells share a box or
touch under anti-king makes at least 1 + 2 + 3, where its cells' bounds alone said 3. A sum
with more than MOST_WAYS ways (a long arrow from a two-cell circle) is narrowed by its
bounds: a digit dies in a cell when the smallest and largest the other cells can still
make, with it, cannot reach nothing. On a full board either leaves a broken sum with no
digit in a cell, the search's contradiction. The SAT solver takes them as clauses of their
partial sums (sat.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cage_sums import bits_mask
from .rulebook import RULE_KINDS, Line

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard
    from .geometry import Geometry

# The most ways a sum's table lists, and the most steps listing them may take; a sum past
# either is narrowed by its bounds. 4,096 ways make masks of 64 machine words, a few
# microseconds a node; listing them takes a millisecond or so.
MOST_WAYS = 4096
MOST_STEPS = 50_000
# Pairs of places on a line, the lower first, and the digit pairs they may not hold.
Apart = dict[tuple[int, int], frozenset[tuple[int, int]]]


@dataclass(frozen=True)
class LineSum:
    """One sum of a puzzle's line (by the kind's `letter`): its (cell, weight) terms, whose
    digits times their weights add up to nothing; `index` is the line's number among the
    puzzle's lines, from 1."""

    letter: str
    index: int
    terms: tuple[tuple[int, int], ...]

    def held(self, cells: tuple[int, ...]) -> bool:
        """Whether a full grid's `cells` (their digits, by cell) keep this sum."""
        return sum(weight * cells[cell] for cell, weight in self.terms) == 0


def sums_of(lines: Iterable[Line]) -> tuple[LineSum, ...]:
    """The sums of a puzzle's lines whose kind has a `line_sum`, in the lines' order."""
    found = []
    for index, line in enumerate(lines, start=1):
        terms = RULE_KINDS[line.letter].line_sum
        if terms is not None:
            found.append(LineSum(line.letter, index, terms(line.cells)))
    return tuple(found)


def apart_within(geometry: Geometry, cells: tuple[int, ...]) -> Apart:
    """For each pair of places on a line over `cells` (the lower place first), the digit
    pairs the geometry forbids them together: the same digit twice where the two cells are
    peers, and each pair a relation over the two forbids."""
    place = {cell: at for at, cell in enumerate(cells)}
    found: dict[tuple[int, int], set[tuple[int, int]]] = {}
    same = {(digit, digit) for digit in range(1, geometry.shape.size + 1)}
    peers = geometry.peers
    for at, cell in enumerate(cells):
        for later in range(at + 1, len(cells)):
            if cells[later] in peers[cell]:
                found.setdefault((at, later), set()).update(same)
    for relation in geometry.relations:
        for first, second in relation.pairs:
            if first in place and second in place:
                one, other = place[first], place[second]
                if one < other:
                    found.setdefault((one, other), set()).update(relation.forbidden)
                else:
                    turned = {(b, a) for a, b in relation.forbidden}
                    found.setdefault((other, one), set()).update(turned)
    return {key: frozenset(pairs) for key, pairs in found.items()}


def ways_of(weights: tuple[int, ...], n: int, apart: Apart) -> list[tuple[int, ...]] | None:
    """Every tuple of digits 1 to n, one for each weight, whose weighted sum is nothing and
    whose places hold no pair `apart` forbids; None past MOST_WAYS of them or MOST_STEPS."""
    count = len(weights)
    # least[k], most[k]: the smallest and largest the weights from k on can add.
    least, most = [0] * (count + 1), [0] * (count + 1)
    for k in range(count - 1, -1, -1):
        least[k] = least[k + 1] + min(weights[k], weights[k] * n)
        most[k] = most[k + 1] + max(weights[k], weights[k] * n)
    barred = [[(i, apart[i, k]) for i in range(k) if (i, k) in apart] for k in range(count)]
    found: list[tuple[int, ...]] = []
    digits: list[int] = []
    steps = 0

    def walk(k: int, total: int) -> bool:
        """List the ways that follow `digits` (the first k places, adding up to `total`);
        False once past either limit."""
        nonlocal steps
        if k == count:
            found.append(tuple(digits))
            return len(found) <= MOST_WAYS
        for digit in range(1, n + 1):
            steps += 1
            after = total + weights[k] * digit
            if not least[k + 1] <= -after <= most[k + 1]:
                continue
            if any((digits[i], digit) in pairs for i, pairs in barred[k]):
                continue
            digits.append(digit)
            going = walk(k + 1, after)
            digits.pop()
            if not going:
                return False
        return steps <= MOST_STEPS

    return found if walk(0, 0) else None


@dataclass(frozen=True)
class SumWays:
    """One sum's table of ways, as its narrowing reads it: the shifts of its cells' fields
    in the cell layout; for each place and digit (0-based), the ways (bit j for way j) that
    hold that digit there; every way; and for each place the ways that hold one of a set of
    digits there (by its mask), worked out when first asked for."""

    shifts: tuple[int, ...]
    holding: tuple[tuple[int, ...], ...]
    every: int
    unions: tuple[dict[int, int], ...]

    @classmethod
    def of(cls, shifts: tuple[int, ...], ways: list[tuple[int, ...]], n: int) -> SumWays:
        """The table of `ways` over the cells at `shifts`."""
        places: list[list[list[int]]] = [[[] for _ in range(n)] for _ in shifts]
        for j, way in enumerate(ways):
            for at, digit in enumerate(way):
                places[at][digit - 1].append(j)
        length = (len(ways) + 7) // 8
        holding = tuple(tuple(bits_mask(js, length) for js in place) for place in places)
        return cls(shifts, holding, (1 << len(ways)) - 1, tuple({} for _ in shifts))

    def union(self, at: int, digits: int) -> int:
        """The ways that hold one of `digits` (a mask, digit 1 lowest) at place `at`."""
        found, left = 0, digits
        holding = self.holding[at]
        while left:
            bit = left & -left
            left ^= bit
            found |= holding[bit.bit_length() - 1]
        self.unions[at][digits] = found
        return found


class SumNarrowing:
    """The narrowing of one board's line sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        self.n, self.width = board.n, board.width
        self.digit_mask = (1 << board.n) - 1
        tabled, bounded = [], []
        for each in board.geometry.line_sums:
            cells = tuple(cell for cell, _ in each.terms)
            shifts = tuple(cell * board.width for cell in cells)
            weights = tuple(weight for _, weight in each.terms)
            ways = ways_of(weights, board.n, apart_within(board.geometry, cells))
            if ways is None:
                bounded.append(tuple(zip(shifts, weights, strict=True)))
            else:
                tabled.append(SumWays.of(shifts, ways, board.n))
        self.tabled = tuple(tabled)
        self.sums = tuple(bounded)
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
            bits = [
                bit
                for digit in range(n)
                if digits >> digit & 1
                for bit in self.bits[cell * n + digit]
            ]
            found = self.drops[key] = bits_mask(bits, self.length)
        return found

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits its line sums' ways or bounds rule out. One pass: what it
        drops the search's singles see, and then the narrowing looks again."""
        digit_mask = self.digit_mask
        drop = 0
        for table in self.tabled:
            live = table.every
            for at, shift in enumerate(table.shifts):
                digits = (alive >> shift) & digit_mask
                live &= table.unions[at].get(digits) or table.union(at, digits)
            if not live:  # no way makes the sum: a cell of it emptied, a contradiction
                shift = table.shifts[0]
                return alive & ~self._drop(shift, (alive >> shift) & digit_mask)
            for at, shift in enumerate(table.shifts):
                holding = table.holding[at]
                left = digits = (alive >> shift) & digit_mask
                gone = 0
                while left:
                    bit = left & -left
                    left ^= bit
                    if not holding[bit.bit_length() - 1] & live:
                        gone |= bit
                if gone:
                    drop |= self._drop(shift, gone)
        for terms in self.sums:
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
            if low == 0 == high:
                continue
            for shift, weight, digits, own_low, own_high in spans:
                rest_low, rest_high = low - own_low, high - own_high
                gone = 0
                left = digits
                while left:
                    bit = left & -left
                    left ^= bit
                    value = weight * bit.bit_length()
                    if not rest_low <= -value <= rest_high:
                        gone |= bit
                if gone:
                    drop |= self._drop(shift, gone)
        return alive & ~drop if drop & alive else alive
