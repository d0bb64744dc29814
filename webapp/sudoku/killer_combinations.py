"""The Killer combination helper: the ways a cage's sum can still be made.

A cage of n cells with sum s is made by one of the sets of n different digits adding up
to s (cages.combinations lists them). A set is still possible while its digits can be
placed one to a cell, each in a cell whose candidates hold it (a matching of digits to
cells); a cell holding a value has that value as its one candidate. The play page shows
the possible sets and those the candidates rule out ("17 in 3: 8-9 ... is ruled out").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cages import Cage, combinations


@dataclass(frozen=True)
class CageWays:
    """The sets of digits that make a cage's `total` in `count` cells: those the
    candidates still allow (`possible`) and those they rule out, each set in increasing
    order, the sets in increasing order of their digits."""

    total: int
    count: int
    possible: tuple[tuple[int, ...], ...]
    ruled_out: tuple[tuple[int, ...], ...]


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a combination mask (bit d-1 for digit d), in increasing order."""
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def fits(digits: Sequence[int], candidates: Sequence[int]) -> bool:
    """Whether `digits` (all different) can go one to a cell of cells with `candidates`
    (masks, bit d for digit d), each in a cell that allows it."""
    owner: dict[int, int] = {}  # cell -> the digit placed there so far

    def place(digit: int, seen: set[int]) -> bool:
        """Give `digit` a cell, moving digits placed before it where they can go."""
        for cell, mask in enumerate(candidates):
            if not mask >> digit & 1 or cell in seen:
                continue
            seen.add(cell)
            if cell not in owner or place(owner[cell], seen):
                owner[cell] = digit
                return True
        return False

    return len(digits) == len(candidates) and all(place(digit, set()) for digit in digits)


def cage_ways(cage: Cage, size: int, candidates: Sequence[int]) -> CageWays:
    """Every set of len(cage.cells) different digits of 1..size adding up to the cage's
    sum, split into those the `candidates` of the cage's cells (masks in the cage's
    cell order, bit d for digit d) still allow and those they rule out."""
    if cage.total is None:
        raise ValueError("a cage without a sum has no combinations to list")
    count = len(cage.cells)
    possible: list[tuple[int, ...]] = []
    ruled_out: list[tuple[int, ...]] = []
    for digits in sorted(map(digits_of, combinations(size, count, cage.total))):
        (possible if fits(digits, candidates) else ruled_out).append(digits)
    return CageWays(cage.total, count, tuple(possible), tuple(ruled_out))


def spelled(digits: Sequence[int]) -> str:
    """A set of digits as the helper writes it: "1-7-9"."""
    return "-".join(map(str, digits))
