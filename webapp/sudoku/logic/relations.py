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

from .position import Position, bits_of
from .step import BASE, TARGET, Step

# As easy as a naked single: one look at the other cell's candidates.
RELATION_PAIR = 2.3


def held(position: Position, cell: int) -> tuple[int, ...]:
    """The values `cell` may still hold: its value when filled, else its candidates."""
    value = position.values[cell]
    return (value,) if value else bits_of(position.candidates[cell])


def relation_pairs(position: Position) -> Iterator[Step]:
    """Each related pair in which a candidate of one cell has no partner in the other."""
    for relation in position.geometry.relations:
        for first, second in relation.pairs:
            # The forbidden digits are the first cell's then the second's: a one-way
            # relation (a thermometer's rise) is read the right way round from either end.
            for cell, other, ordered in ((first, second, True), (second, first, False)):
                if position.values[cell]:
                    continue
                partners = held(position, other)
                gone = tuple(
                    (cell, value)
                    for value in bits_of(position.candidates[cell])
                    if all(
                        ((value, partner) if ordered else (partner, value)) in relation.forbidden
                        for partner in partners
                    )
                )
                if gone:
                    yield Step(
                        "relation-pair",
                        RELATION_PAIR,
                        partners,
                        ((other, BASE), (cell, TARGET)),
                        (),
                        eliminations=gone,
                    )
