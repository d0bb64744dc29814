"""Solve a grid: propagate singles, branch on the tightest constraint, stay in budget.

A search *state* is two ints (see bitboard.py): the live options, and the
guard bits of the constraints already satisfied. Propagation places every
option that is the last one left in a cell or a unit, until
nothing changes or some constraint has no option left (a contradiction,
returned as None). Branching picks the unsatisfied constraint with the
fewest options, whether it is a cell ("which digit goes here?") or a place
("where does 7 go in row 3?"), as exact-cover solvers do; that is what keeps
proofs of impossibility short.
"""

from __future__ import annotations

import time

from .bitboard import Bitboard, bitboard_for
from .conflicts import find_conflicts
from .geometry import Geometry, standard_geometry
from .grid import Grid
from .result import NO_SOLUTION, Budget, SolveResult, status_for
from .shape import Shape

State = tuple[int, int]


def solve(
    grid: Grid,
    max_solutions: int = 2,
    budget: Budget | None = None,
    geometry: Geometry | None = None,
) -> SolveResult:
    """Solve `grid`, looking for up to `max_solutions` (at least 2) within `budget`.

    `geometry` says which units the grid obeys: its shape's rows, columns and
    boxes unless given (X-Sudoku adds the diagonals).
    """
    budget = budget or Budget()
    geometry = geometry or standard_geometry(grid.shape)
    # The geometry's tables are built once per process (a third of a second for
    # 25x25): a one-off cost, not part of this solve's budget or timing.
    board = bitboard_for(geometry)
    started = time.perf_counter()
    conflicts = find_conflicts(grid, geometry)
    if conflicts:
        return SolveResult(
            NO_SOLUTION,
            grid,
            conflicts=conflicts,
            ms=(time.perf_counter() - started) * 1000,
            exhausted=True,
        )
    search = _Search(board, max(2, max_solutions), budget, started)
    search.run(_initial_state(board, grid))
    solutions = tuple(_decode(board, grid, alive) for alive in search.solutions)
    return SolveResult(
        status_for(len(solutions), search.gave_up),
        grid,
        solutions=solutions,
        nodes=search.nodes,
        propagated=search.propagated,
        ms=(time.perf_counter() - started) * 1000,
        exhausted=search.exhausted,
    )


def prepare(shape: Shape) -> None:
    """Build the solver's tables for a shape's standard units now, so no solve pays for them."""
    bitboard_for(standard_geometry(shape))


def _initial_state(board: Bitboard, grid: Grid) -> State:
    """Every option alive, then the givens placed (they do not clash: conflicts come first)."""
    alive, done = board.full, 0
    n = board.n
    for cell, value in enumerate(grid.cells):
        if value:
            keep, satisfied, _ = board.placements[cell * n + value - 1]
            alive &= keep
            done |= satisfied
    return alive, done


def _decode(board: Bitboard, grid: Grid, alive: int) -> Grid:
    """The grid a solved state spells out in its cell layout."""
    width, mask = board.width, board.field_mask
    cells = tuple(((alive >> (cell * width)) & mask).bit_length() for cell in range(board.cells))
    return Grid(grid.shape, cells)


class _Search:
    """One depth-first search, with its counters and budget."""

    def __init__(self, board: Bitboard, max_solutions: int, budget: Budget, started: float):
        self.board = board
        self.max_solutions = max_solutions
        self.node_limit = budget.nodes
        self.deadline = started + budget.seconds
        self.solutions: list[int] = []
        self.nodes = 0
        self.propagated = 0
        self.gave_up = False
        self.exhausted = False

    def run(self, root: State) -> None:
        """Explore from `root` until the space is exhausted, enough solutions, or the budget."""
        # One loop with everything in locals: this is the hot path, and
        # method calls and attribute lookups would cost a third of its time.
        board = self.board
        guards, full, low, n = board.guards, board.full, board.low, board.n
        cell_guards, width, field_options = board.cell_guards, board.width, board.field_options
        option_at, placements = board.option_at, board.placements
        clock, deadline, node_limit = time.perf_counter, self.deadline, self.node_limit
        # Reading the clock costs as much as a small 9x9 node, so there it is read
        # every 32 nodes; a 25x25 node costs far more, and waiting 32 of them
        # could overrun the deadline by tens of milliseconds.
        clock_mask = 31 if n <= 12 else 0  # nodes & clock_mask == 0: time to look
        solutions, max_solutions = self.solutions, self.max_solutions
        nodes = placed = 0
        stack = [root]
        while stack:
            if nodes >= node_limit or (nodes & clock_mask == 0 and clock() > deadline):
                self.gave_up = True
                break
            nodes += 1
            alive, done = stack.pop()
            # Propagate: place every option that is the last one of a constraint.
            while True:
                nonempty = (alive + full) & guards
                if nonempty != guards:
                    break
                rest = alive & ((alive | guards) - low)
                several = (rest + full) & guards
                singles = nonempty ^ several ^ done
                if not singles:
                    break
                # The same option is often a single in several layouts at once;
                # placing it drops its other copies and its rivals from `pending`.
                pending = alive & (singles - (singles >> n))
                while pending:
                    keep, satisfied, unrelated = placements[option_at[pending.bit_length() - 1]]
                    alive &= keep
                    done |= satisfied
                    pending &= unrelated
                    placed += 1
            if nonempty != guards:
                continue
            if done & cell_guards == cell_guards:
                solutions.append(alive)
                if len(solutions) >= max_solutions:
                    break
                continue
            # Branch on the unsatisfied constraint with the fewest options: peel
            # one option off every field per round; a field emptied in round k
            # held k + 1 options. Ties go to the lowest field, so cells first.
            while True:
                thinner = rest & ((rest | guards) - low)
                emptied = (several ^ ((thinner + full) & guards)) & ~done
                if emptied:
                    break
                rest, several = thinner, (thinner + full) & guards
            field = ((emptied & -emptied).bit_length() - 1) // width
            for option in reversed(field_options(field, alive)):
                keep, satisfied, _ = placements[option]
                stack.append((alive & keep, done | satisfied))
        self.exhausted = not stack
        self.nodes = nodes
        self.propagated = placed
