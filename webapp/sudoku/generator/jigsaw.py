"""Random Jigsaw region maps: N connected regions of N cells, drawn from a seed.

Start from the shape's boxes and trade cells across region borders: a cell of region A
beside region B goes to B while a cell of B beside A goes to A, kept only when both
regions stay connected (sizes never change). After enough trades the boxes are gone.
Not every map can be filled (a region may force two cells of one row to share a value
with nothing left for a third), so the map is kept only when the solver finds a full
grid for it within FILL_BUDGET's search nodes: `random_regions` trades on from where it
stopped until one does. The nodes alone decide, never the clock: a map whose fill took
longer than the solver's usual wall-time ceiling on a busy machine was once traded on, so
that the same seed drew another map (and another puzzle) under load.
"""

from __future__ import annotations

import math

from ..grid import Grid
from ..puzzle import Puzzle, Rules
from ..regions import box_map, pieces, region_map
from ..result import MULTIPLE, Budget
from ..shape import Shape
from ..solver import solve
from .seeded import SeededRandom

# Trades per cell: enough that little of a box is left (on 9x9, about 1,600 tries).
TRADES_PER_CELL = 20
# Fresh starts before giving up on a shape (none failed in 1,000 9x9 maps).
ATTEMPTS = 20
# The fill check's work: the solver's usual nodes (a 9x9 map's check takes up to about a
# second of CPU), with no wall-time ceiling, so that the map does not depend on the load.
FILL_BUDGET = Budget(ceiling_seconds=math.inf)


def _neighbours(size: int, cell: int) -> list[int]:
    row, col = divmod(cell, size)
    return [
        r * size + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < size and 0 <= c < size
    ]


def traded(shape: Shape, regions: list[int], random: SeededRandom, trades: int) -> list[int]:
    """`regions` (a region map, changed in place and returned) after `trades` tries at
    trading a pair of border cells between two regions."""
    size = shape.size
    members = [
        {cell for cell, region in enumerate(regions) if region == number} for number in range(size)
    ]
    for _ in range(trades):
        a = random.below(size * size)
        others = [cell for cell in _neighbours(size, a) if regions[cell] != regions[a]]
        if not others:
            continue
        first, second = regions[a], regions[random.choice(others)]
        # a cell of the second region beside the first (not a itself: it is in the first)
        backs = sorted(
            cell
            for cell in members[second]
            if any(regions[n] == first and n != a for n in _neighbours(size, cell))
        )
        if not backs:
            continue
        b = random.choice(backs)
        members[first] ^= {a, b}
        members[second] ^= {a, b}
        if (
            len(pieces(size, sorted(members[first]))) == 1
            and len(pieces(size, sorted(members[second]))) == 1
        ):
            regions[a], regions[b] = second, first
        else:
            members[first] ^= {a, b}
            members[second] ^= {a, b}
    return regions


def random_regions(shape: Shape, random: SeededRandom) -> tuple[int, ...]:
    """A region map for `shape` that some full grid obeys, drawn from `random`; the same
    seed gives the same map on every machine. ValueError if ATTEMPTS maps all fail."""
    regions = list(box_map(shape))
    for _ in range(ATTEMPTS):
        regions = traded(shape, regions, random, TRADES_PER_CELL * shape.cell_count)
        canonical = region_map(shape.size, regions)
        empty = Puzzle(Grid(shape, (0,) * shape.cell_count), Rules((), canonical))
        if solve(empty, budget=FILL_BUDGET).status == MULTIPLE:  # not none, nor out of nodes
            return canonical
    raise ValueError(f"no {shape.name} region map that a grid can fill was found")
