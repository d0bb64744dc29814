"""The search's narrowing of relations (geometry.Relation: a thermometer's steps, a German
whisper's, a Kropki dot's): what its singles miss.

The board (bitboard.py) makes each relation's digits its options' mates: placing a digit in
one cell of a pair drops from the other the digits the relation forbids beside it. While a
cell is open that says nothing: a thermometer's bulb that can still be anything leaves the
cell after it 1 too, though 1 there has nothing below it. Here, at each node once the
singles are done, a digit dies in a cell of a related pair when none of the digits left in
the other cell may stand beside it (arc consistency, pair by pair). A thermometer of four
cells makes its tip at least 4 so, and its bulb at most 6. Only options are removed, never
placed, so the search's answers stay what its singles and branching make them, with fewer
nodes.

Only relations whose digits allow few partners (Kropki dots, XV, palindromes) or a rising
bound of them (thermometers) are narrowed: a relation that forbids only a few pairs (the
negative of a dot or an XV mark, "all given": never consecutive) rarely leaves a digit
without a partner before the partner is placed, and the singles see that, and a German
whisper's digits allow up to four partners each, where the narrowing cost a whisper puzzle's
search more than it saved (1.4 ms median against 2.4 on the CP-SAT benchmark's whispers;
"Alien", a real link, twice as long before CaDiCaL takes it over): those are left to the
singles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .narrowing import CellDrops

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard


class Supports(dict[int, int]):
    """For one side of a relation: the digits of a cell (a mask, digit 1 lowest) that have a
    partner among the digits left in the other cell (the key, the same kind of mask), built
    when first asked for and kept."""

    def __init__(self, partners: tuple[int, ...]) -> None:
        super().__init__()
        self.partners = partners  # partners[d]: the other cell's digits digit d + 1 allows

    def __missing__(self, other: int) -> int:
        """Build the digits `other` leaves a partner, keep them and give them."""
        found = 0
        for digit, allowed in enumerate(self.partners):
            if allowed & other:
                found |= 1 << digit
        self[other] = found
        return found


def narrows(forbidden: frozenset[tuple[int, int]], n: int) -> bool:
    """Whether a relation forbidding `forbidden` (pairs of digits, first cell's first) is
    worth narrowing: each digit allows at most two beside it (a Kropki dot's, an X's or a
    V's, a palindrome's), or the digits each allows beside it are all those from a bound up,
    a bound that rises with the digit (a thermometer's, whose narrowing climbs its chain)."""
    allowed = [
        frozenset(other for other in range(1, n + 1) if (digit, other) not in forbidden)
        for digit in range(1, n + 1)
    ]
    if all(len(digits) <= 2 for digits in allowed):
        return True
    bounds = [min(digits, default=n + 1) for digits in allowed]
    rising = all(digits == frozenset(range(min(digits), n + 1)) for digits in allowed if digits)
    return rising and bounds == sorted(bounds)


class RelationNarrowing:
    """The narrowing of one board's relations (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        n, width = board.n, board.width
        self.digit_mask = (1 << n) - 1
        self.cell_layout = (1 << (board.cells * width)) - 1  # shifts of it are cheap
        pairs = []
        for relation in board.geometry.relations:
            turned = frozenset((b, a) for a, b in relation.forbidden)
            if not (narrows(relation.forbidden, n) or narrows(turned, n)):
                continue
            firsts = Supports(_partners(relation.forbidden, n))
            seconds = Supports(_partners(turned, n))
            for first, second in relation.pairs:
                pairs.append((first * width, second * width, firsts, seconds))
        self.pairs = tuple(pairs)
        self.drops = CellDrops(board)

    def __bool__(self) -> bool:
        """Whether any relation is narrowed."""
        return bool(self.pairs)

    def narrowed(self, alive: int) -> int:
        """`alive` less the digits of a related pair's cell left without a partner. One
        pass: what it drops the search's singles see, and then the narrowing looks again."""
        digit_mask, drops = self.digit_mask, self.drops
        cells = alive & self.cell_layout
        drop = 0
        for first, second, firsts, seconds in self.pairs:
            one = (cells >> first) & digit_mask
            other = (cells >> second) & digit_mask
            gone = one & ~firsts[other]
            if gone:
                drop |= drops[first, gone]
            gone = other & ~seconds[one]
            if gone:
                drop |= drops[second, gone]
        return alive & ~drop if drop & alive else alive


def _partners(forbidden: frozenset[tuple[int, int]], n: int) -> tuple[int, ...]:
    """For each digit of a pair's first cell (0-based), the second cell's digits (a mask)
    `forbidden` allows beside it."""
    return tuple(
        sum(1 << (other - 1) for other in range(1, n + 1) if (digit, other) not in forbidden)
        for digit in range(1, n + 1)
    )
