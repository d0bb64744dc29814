"""Count a puzzle's solutions: up to a cap, within a budget, keeping the first few found.

A solve stops at its second solution; this goes on to say how many there are. The count
is exact when the search explored everything before it reached the cap; otherwise it is
a lower bound, and `stopped_by` says why it stopped: the cap (there are at least that
many), the budget's nodes (the search ran out of work first), or its ceiling in seconds
(TIME: a busy machine stopped it, which says nothing about the puzzle and is never cached).

Near-empty grids have astronomically many solutions, so the cap is what makes counting
them end. Each solution costs the search a node or two on a 9x9 grid, but on a 25x25
one a node costs some 30 times as much and the first solution takes a thousand nodes:
there the budget, not the cap, ends the count, and COUNT_NODES keeps it to a fraction
of a second by nodes, so that the same grid always gets the same count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from .bitboard import bitboard_for
from .conflicts import find_conflicts
from .grid import Grid
from .puzzle import Puzzle
from .result import Budget
from .shape import Shape
from .solver import Search, decode, initial_state

# Why a count is not exact: it reached the cap, ran out of nodes, or passed the ceiling.
CAP = "cap"
NODES = "nodes"
TIME = "time"
STOPS = (CAP, NODES, TIME)

# How many solutions a count goes up to unless told otherwise: past it, "at least 1,000".
COUNTED = 1000

# The search nodes a count gets by grid size: about a quarter of a second each on the
# 2-core machine of the README's figures (a node there costs about 15 us on 9x9, 25 us on
# 12x12, 45 us on 16x16 and 450 us on 25x25). Every 9x9 of tests/data/serg_multiple.txt
# is counted exactly within 2,000 nodes; the empty 9x9 reaches 1,000 solutions in 2,000.
COUNT_NODES = {4: 20_000, 6: 20_000, 9: 20_000, 12: 10_000, 16: 5_000, 25: 600}


@dataclass(frozen=True)
class SolutionCount:
    """How many solutions a puzzle has, as far as a count went.

    `count` is the exact number when `exact`, else how many were found (a lower bound).
    `stopped_by` is None when exact, else CAP, NODES or TIME. `solutions` holds the first
    ones found (as many as the count was asked to keep), in the search's order. `nodes`
    and `ms` are the count's work.
    """

    count: int
    exact: bool
    solutions: tuple[Grid, ...] = ()
    stopped_by: str | None = None
    nodes: int = 0
    ms: float = 0.0

    @property
    def cut_short(self) -> bool:
        """True when the budget stopped the count: a bigger budget could count further."""
        return self.stopped_by in (NODES, TIME)

    @property
    def stopped_by_ceiling(self) -> bool:
        """True when the ceiling, not the work, stopped the count: never cached or shared."""
        return self.stopped_by == TIME

    def at_least(self, found: tuple[Grid, ...]) -> SolutionCount:
        """This count, or one of len(`found`) when another search (a solve) found more
        solutions than this count did before its budget ran out."""
        if self.exact or len(found) <= self.count:
            return self
        return replace(self, count=len(found), solutions=found)


def counting_budget(shape: Shape, ceiling_seconds: float = Budget().ceiling_seconds) -> Budget:
    """The budget of a count on a grid of `shape`: COUNT_NODES for its size, and a ceiling
    of `ceiling_seconds` should the machine be far slower than the nodes allow for."""
    return Budget(nodes=COUNT_NODES[shape.size], ceiling_seconds=ceiling_seconds)


def count_solutions_of(
    puzzle: Puzzle,
    most: int = COUNTED,
    budget: Budget | None = None,
    keep: int = 0,
) -> SolutionCount:
    """Count the solutions of `puzzle` under its rules, up to `most` (at least 1), within
    `budget` (by default counting_budget's for its shape), keeping the first `keep` of them.
    """
    if most < 1 or keep < 0:
        raise ValueError(f"a count goes up to at least 1 and keeps none or more, not {most}/{keep}")
    grid = puzzle.grid
    budget = budget or counting_budget(grid.shape)
    board = bitboard_for(puzzle.geometry)
    started = time.perf_counter()
    if find_conflicts(puzzle):
        return SolutionCount(0, exact=True, ms=(time.perf_counter() - started) * 1000)
    search = Search(board, most, budget.nodes, initial_state(board, grid))
    search.run(started + budget.ceiling_seconds)
    found = search.solutions
    if search.exhausted:
        stopped_by = None
    elif len(found) >= most:
        stopped_by = CAP
    else:
        stopped_by = TIME if search.out_of_time else NODES
    return SolutionCount(
        count=len(found),
        exact=stopped_by is None,
        solutions=tuple(decode(board, grid.shape, alive) for alive in found[:keep]),
        stopped_by=stopped_by,
        nodes=search.nodes,
        ms=(time.perf_counter() - started) * 1000,
    )
