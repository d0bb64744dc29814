"""The marks' own deductions: a candidate of one cell of a related pair goes when no candidate
of the other cell may stand beside it.

Read from the geometry's relations (geometry.Relation: the digits a pair may not hold
together), so every relation kind the rulebook gives, a Kropki dot, an X or a V, or the
"all given" rule on an unmarked pair, yields its step here with no branch of its own.
A step's digits are what the other cell still holds (its value, or its candidates): the
reason its words give for each removal.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .position import Position, bits_of
from .step import BASE, TARGET, Step

# As easy as a naked single: one look at the other cell's candidates.
RELATION_PAIR = 2.3


def held(position: Position, cell: int) -> tuple[int, ...]:
    """The values `cell` may still hold: its value when filled, else its candidates."""
    value = position.values[cell]
    return (value,) if value else bits_of(position.candidates[cell])


@lru_cache(maxsize=64)  # a few relation kinds; a table each
def allowed_beside(
    forbidden: frozenset[tuple[int, int]], size: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each digit p (1..size), the mask of the digits a first cell may hold beside p in
    the second cell, and of those a second cell may hold beside p in the first: a candidate
    stands while one of the other cell's digits allows it."""
    digits = range(1, size + 1)
    beside_second = [0] * (size + 1)
    beside_first = [0] * (size + 1)
    for partner in digits:
        for value in digits:
            if (value, partner) not in forbidden:
                beside_second[partner] |= 1 << value
            if (partner, value) not in forbidden:
                beside_first[partner] |= 1 << value
    return tuple(beside_second), tuple(beside_first)


def relation_pairs(position: Position) -> Iterator[Step]:
    """Each related pair in which a candidate of one cell has no partner in the other."""
    values, candidates = position.values, position.candidates
    for relation in position.geometry.relations:
        beside_second, beside_first = allowed_beside(relation.forbidden, position.size)
        for first, second in relation.pairs:
            # The forbidden digits are the first cell's then the second's: a one-way
            # relation (a thermometer's rise) is read the right way round from either end.
            for cell, other, allowed in (
                (first, second, beside_second),
                (second, first, beside_first),
            ):
                if values[cell]:
                    continue
                partners = held(position, other)
                standing = 0
                for partner in partners:
                    standing |= allowed[partner]
                gone_mask = candidates[cell] & ~standing
                if gone_mask:
                    yield Step(
                        "relation-pair",
                        RELATION_PAIR,
                        partners,
                        ((other, BASE), (cell, TARGET)),
                        (),
                        eliminations=tuple((cell, value) for value in bits_of(gone_mask)),
                    )
