"""Wings: a pivot and two pincers that force a value into one of two cells.

- XY-wing: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer
  {y, z}; whichever value the pivot takes, one pincer is z, so z goes from
  every cell that sees both pincers;
- XYZ-wing: the same with a pivot {x, y, z}, which may be z itself, so z goes
  only from cells that see the pivot and both pincers;
- W-wing: two cells {x, y} that do not see each other, joined by a strong link
  on x (a unit where x has just two places, one seeing each cell): one of the
  two cells is y, so y goes from every cell that sees both.
"""

from __future__ import annotations

from collections.abc import Iterator

from .position import Position, bits_of
from .step import TARGET, Step

PIVOT = "pivot"
PINCER = "pincer"
LINK = "link"
XY_WING = 4.2
XYZ_WING = 4.4
W_WING = 4.4


def _targets(position: Position, value: int, seeing: list[int]) -> list[int]:
    """The open cells, not among `seeing`, that see all of `seeing` and have `value`."""
    peers = position.geometry.peers
    common = set(peers[seeing[0]])
    for cell in seeing[1:]:
        common &= peers[cell]
    return sorted(cell for cell in common if position.has(cell, value))


def xy_wings(position: Position) -> Iterator[Step]:
    """Every XY-wing that removes a candidate."""
    masks, peers = position.candidates, position.geometry.peers
    for pivot, mask in enumerate(masks):
        if mask.bit_count() != 2:
            continue
        pincers = [
            cell
            for cell in peers[pivot]
            if masks[cell].bit_count() == 2 and (masks[cell] & mask).bit_count() == 1
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                z = masks[first] & ~mask
                if masks[second] != (mask & ~masks[first]) | z:
                    continue
                value = z.bit_length() - 1
                removed = _targets(position, value, [first, second])
                if removed:
                    yield Step(
                        "xy-wing",
                        XY_WING,
                        tuple(bits_of(mask | z)),
                        ((pivot, PIVOT), (first, PINCER), (second, PINCER))
                        + tuple((cell, TARGET) for cell in removed),
                        (),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


def xyz_wings(position: Position) -> Iterator[Step]:
    """Every XYZ-wing that removes a candidate."""
    masks, peers = position.candidates, position.geometry.peers
    for pivot, mask in enumerate(masks):
        if mask.bit_count() != 3:
            continue
        pincers = [
            cell
            for cell in peers[pivot]
            if masks[cell].bit_count() == 2 and masks[cell] & ~mask == 0
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                if masks[first] | masks[second] != mask or masks[first] == masks[second]:
                    continue
                value = (masks[first] & masks[second]).bit_length() - 1
                removed = _targets(position, value, [pivot, first, second])
                if removed:
                    yield Step(
                        "xyz-wing",
                        XYZ_WING,
                        tuple(bits_of(mask)),
                        ((pivot, PIVOT), (first, PINCER), (second, PINCER))
                        + tuple((cell, TARGET) for cell in removed),
                        (),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


def w_wings(position: Position) -> Iterator[Step]:
    """Every W-wing that removes a candidate."""
    masks, peers = position.candidates, position.geometry.peers
    pairs = [cell for cell, mask in enumerate(masks) if mask.bit_count() == 2]
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if masks[first] != masks[second] or second in peers[first]:
                continue
            for link_value in bits_of(masks[first]):
                other = (masks[first] & ~(1 << link_value)).bit_length() - 1
                removed = _targets(position, other, [first, second])
                if not removed:
                    continue
                for unit in position.geometry.units:
                    places = position.places(unit, link_value)
                    if len(places) != 2 or first in places or second in places:
                        continue
                    a, b = places
                    if not (
                        (a in peers[first] and b in peers[second])
                        or (b in peers[first] and a in peers[second])
                    ):
                        continue
                    yield Step(
                        "w-wing",
                        W_WING,
                        tuple(bits_of(masks[first])),
                        ((first, PINCER), (second, PINCER), (a, LINK), (b, LINK))
                        + tuple((cell, TARGET) for cell in removed),
                        ((unit.kind, unit.index),),
                        eliminations=tuple((cell, other) for cell in removed),
                    )
                    break
