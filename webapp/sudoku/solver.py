"""Solve a puzzle: propagate singles, branch on the tightest constraint, stay in budget.

A search *state* is two ints (see bitboard.py): the live options, and the
guard bits of the constraints already satisfied. Propagation places every
option that is the last one left in a cell or a unit, until
nothing changes or some constraint has no option left (a contradiction,
returned as None). Branching picks the unsatisfied constraint with the
fewest options, whether it is a cell ("which digit goes here?") or a place
("where does 7 go in row 3?"), as exact-cover solvers do; that is what keeps
proofs of impossibility short.

On 16x16 and 25x25 grids the search gets only HANDOVER_NODES: a puzzle it has
not finished by then goes, as the search's root state, to a SAT solver (sat.py)
with the budget's conflicts, unless its formula would be too big to pay off (a
nearly empty grid), and then the search goes on.

Counted work (nodes, conflicts) decides every answer, so the same puzzle and budget
give the same result on any machine at any load. The budget's seconds are only a
ceiling: a solve they stop says so (`stopped_by_ceiling`), never that the puzzle
needs more work.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from .bitboard import Bitboard, bitboard_for
from .conflicts import find_conflicts
from .geometry import standard_geometry
from .grid import Grid
from .puzzle import Puzzle
from .result import NO_SOLUTION, SAT, Budget, SolveResult, status_for
from .sat import clause_count, sat_solve
from .shape import Shape

State = tuple[int, int]
# progress(what the count counts, the count so far): how far a long solve has come.
OnProgress = Callable[[str, int], None]
# What the counts progress is told count.
SEARCH_NODES = "search nodes"
SAT_CONFLICTS = "SAT conflicts"

# Grids at least this big go to the SAT solver when the search has not finished
# within HANDOVER_NODES (by size). Below 16x16 the search decides everything in
# milliseconds. On 16x16 and 25x25 puzzles (README, "Big grids") the search was
# faster than CaDiCaL only on puzzles it decided within 60 ms, and CaDiCaL decided
# within 60 ms every one the search needed longer for; past that the search's time
# is CaDiCaL's loss. The counts are what the search does in 0.1 s on one idle core
# (about 25,000 nodes a second on 16x16, 6,500 on 25x25): the share of the second
# it had when the hand-over was timed.
SAT_FROM_SIZE = 16
HANDOVER_NODES = {16: 3_000, 25: 650}
# A Killer (cages with sums) goes to the SAT solver, whatever its size, when the search
# has not decided it in KILLER_HANDOVER nodes. Cages of four or five cells can make the
# search wander: over 50 random 9x9 killers with cages of up to five cells, some needed
# over 200,000 nodes to find two solutions, which CaDiCaL found in under 100 ms.
KILLER_HANDOVER = 1_000
# A puzzle with pairs of cells that must differ (anti-knight, anti-king: rulebook.py) goes
# there too after as many nodes: the search's singles see a pair only once one of its cells
# is filled, and on an empty 9x9 anti-knight grid it found no solution in 200,000 nodes,
# where CaDiCaL found two with no conflict at all (70 ms).
PAIR_HANDOVER = 1_000
# A puzzle with outside clues' sums (little killers: a long diagonal's sum narrows little
# in the search) goes sooner: on the CP-SAT benchmark's 30 little killer puzzles, 23 went on
# to CaDiCaL after 100 nodes, and the nodes cost as much as CaDiCaL did; handed over after
# 10 nodes, from a root whose narrowings are made, the median solve took 17.6 ms where it
# took 36.1 after 100 (CaDiCaL's sum clauses reason back from a clue's total, the search's
# narrowing sees one sum at a time).
CLUE_HANDOVER = 10
# The SAT solver is only started if building its formula would cost at most half of
# what its conflict budget does: about 2 us a clause against 50 us a conflict (20,000
# a second), so at most 12 clauses a conflict; a page's conflicts allow some 200,000
# clauses (an empty 16x16 has 124,000, an empty 25x25 753,000), a job's any grid.
CLAUSES_PER_CONFLICT = 12
# When the formula is too big, the search goes on in the SAT solver's place, with its
# work: a conflict is worth as much time as this many search nodes (an idle core does
# some 50,000 nodes a second on 16x16 and 6,500 on 25x25, and 20,000 conflicts), and
# never more than the budget's nodes.
NODES_PER_CONFLICT = {16: 2.5, 25: 0.33}
# ... and on the smaller grids a Killer hands over from.
NODES_PER_CONFLICT_SMALL = 2.5


def solve(
    puzzle: Puzzle,
    max_solutions: int = 2,
    budget: Budget | None = None,
    progress: OnProgress | None = None,
) -> SolveResult:
    """Solve `puzzle` under its rules, looking for up to `max_solutions` (at least 2) within
    `budget`.

    `progress`, if given, is told the work done as it goes: the search nodes when the
    search hands over, then the SAT solver's conflicts every PROGRESS_CONFLICTS (a job's page
    shows them).
    """
    budget = budget or Budget()
    grid = puzzle.grid
    # The geometry's tables are built once per process (a third of a second for
    # 25x25): a one-off cost, not part of this solve's budget or timing.
    board = bitboard_for(puzzle.geometry)
    started = time.perf_counter()
    conflicts = find_conflicts(puzzle)
    if conflicts:
        return SolveResult(
            NO_SOLUTION,
            puzzle,
            conflicts=conflicts,
            ms=(time.perf_counter() - started) * 1000,
            exhausted=True,
        )
    wanted = max(2, max_solutions)
    ceiling = started + budget.ceiling_seconds
    root = initial_state(board, grid)
    search = Search(board, wanted, budget.nodes, root)
    handover = _handover(puzzle)
    if handover is None or handover >= budget.nodes:
        search.run(ceiling)
        return _search_result(puzzle, search, started)
    search.run(ceiling, stop_at=handover)
    if search.gave_up and not search.out_of_time:
        # The root's singles and narrowings, as the search's first node makes them. If they
        # run into a contradiction (only when the search stopped before that node), the root
        # as it is goes over: CaDiCaL finds the same contradiction.
        alive, done = settled(board, root) or root
        if clause_count(board, alive, done) <= budget.sat_conflicts * CLAUSES_PER_CONFLICT:
            found = _solutions(board, grid, search)
            if progress is not None:
                progress(SEARCH_NODES, search.nodes)
                told: Callable[[int], None] | None = partial(progress, SAT_CONFLICTS)
            else:
                told = None
            sat = sat_solve(
                board,
                alive,
                done,
                wanted - len(found),
                budget.sat_conflicts,
                ceiling,
                known=found,
                progress=told,
            )
            return SolveResult(
                status_for(len(found) + len(sat.solutions), sat.gave_up),
                puzzle,
                solutions=found + sat.solutions,
                nodes=search.nodes,
                propagated=search.propagated,
                ms=(time.perf_counter() - started) * 1000,
                exhausted=sat.exhausted,
                engine=SAT,
                sat_conflicts=sat.conflicts,
                stopped_by_ceiling=sat.stopped_by_ceiling,
            )
        # A formula too big to pay off: nearly empty grids, whose solutions the
        # search finds without backtracking. It goes on where it stopped, with the SAT
        # solver's work as nodes.
        per_conflict = NODES_PER_CONFLICT.get(grid.size, NODES_PER_CONFLICT_SMALL)
        instead = handover + int(budget.sat_conflicts * per_conflict)
        search.run(ceiling, stop_at=instead)
    return _search_result(puzzle, search, started)


def _handover(puzzle: Puzzle) -> int | None:
    """The search nodes after which `puzzle` goes to the SAT solver, None for never."""
    size = puzzle.size
    wandering = [
        *([KILLER_HANDOVER] if any(cage.total for cage in puzzle.rules.cages) else []),
        *([PAIR_HANDOVER] if puzzle.geometry.pairs or puzzle.geometry.relations else []),
        *([PAIR_HANDOVER] if puzzle.geometry.line_sums or puzzle.geometry.line_rules else []),
        *([CLUE_HANDOVER] if any(each.total for each in puzzle.geometry.line_sums) else []),
    ]
    if size >= SAT_FROM_SIZE:
        return min([HANDOVER_NODES[size], *wandering])
    return min(wandering, default=None)


def _search_result(puzzle: Puzzle, search: Search, started: float) -> SolveResult:
    """The result of a solve the search decided alone (or gave up on)."""
    solutions = _solutions(search.board, puzzle.grid, search)
    return SolveResult(
        status_for(len(solutions), search.gave_up),
        puzzle,
        solutions=solutions,
        nodes=search.nodes,
        propagated=search.propagated,
        ms=(time.perf_counter() - started) * 1000,
        exhausted=search.exhausted,
        stopped_by_ceiling=search.out_of_time,
    )


def _solutions(board: Bitboard, grid: Grid, search: Search) -> tuple[Grid, ...]:
    """The grids of the solutions the search has found, in order."""
    return tuple(decode(board, grid.shape, alive) for alive in search.solutions)


def prepare(shape: Shape) -> None:
    """Build the solver's tables for a shape's standard units now, so no solve pays for them."""
    bitboard_for(standard_geometry(shape))


def initial_state(board: Bitboard, grid: Grid) -> State:
    """Every option alive, then the givens placed (they do not clash: conflicts come first)."""
    alive, done = board.start, 0
    n = board.n
    for cell, value in enumerate(grid.cells):
        if value:
            keep, satisfied, _ = board.placements[cell * n + value - 1]
            alive &= keep
            done |= satisfied
    return alive, done


def propagate(board: Bitboard, state: State, within: int | None = None) -> State | None:
    """The state with every single placed (an option that is the last of a constraint),
    until none is left; None if some constraint runs out of options.

    `within` (guard bits): only the singles of those constraints are placed; the units'
    alone are the hidden singles. The search does the same at each node, written into
    its loop for speed.
    """
    alive, done = state
    guards, full, low, span = board.guards, board.full, board.low, board.span
    option_at, placements = board.option_at, board.placements
    while True:
        nonempty = (alive + full) & guards
        if nonempty != guards:
            return None
        rest = alive & ((alive | guards) - low)
        singles = nonempty ^ ((rest + full) & guards) ^ done
        if within is not None:
            singles &= within
        if not singles:
            return alive, done
        pending = alive & (singles - (singles >> span))
        while pending:
            keep, satisfied, unrelated = placements[option_at[pending.bit_length() - 1]]
            alive &= keep
            done |= satisfied
            pending &= unrelated


def settled(board: Bitboard, state: State) -> State | None:
    """The state with every single placed and the board's narrowings (cage sums, line sums,
    line rules, relations) made, in turn until neither changes anything, as the search does
    at each node; None if some constraint runs out of options."""
    narrowing = _narrowing(board)
    while True:
        placed = propagate(board, state)
        if placed is None or narrowing is None:
            return placed
        narrowed = narrowing(placed[0])
        if narrowed == placed[0]:
            return placed
        state = narrowed, placed[1]


def count_solutions(board: Bitboard, state: State, most: int, nodes: int) -> int | None:
    """How many solutions `state` has, counting up to `most`; None when the search used up
    `nodes` first. No clock: the same question always gets the same answer."""
    search = Search(board, most, nodes, state)
    search.run(float("inf"))
    if search.gave_up:
        return None
    return len(search.solutions)


def decode(board: Bitboard, shape: Shape, alive: int) -> Grid:
    """The grid a solved state spells out (its cell fields)."""
    width, mask = board.width, board.field_mask
    cells = tuple(((alive >> (cell * width)) & mask).bit_length() for cell in range(board.cells))
    return Grid(shape, cells)


def _narrowing(board: Bitboard) -> Callable[[int], int] | None:
    """What the search narrows at each node once its singles are done: a Killer's cage
    sums (cage_sums.py), then line sums (sum_lines.py), then line rules (line_rules.py), then
    relations (relation_narrowing.py); None for none of them."""
    found = [
        each.narrowed
        for each in (
            board.cage_sums,
            board.line_sums,
            board.line_rules,
            board.relation_narrowing,
        )
        if each is not None
    ]
    if len(found) <= 1:
        return found[0] if found else None

    def narrowed(alive: int) -> int:
        """`alive` narrowed by each in turn."""
        for each in found:
            alive = each(alive)
        return alive

    return narrowed


class Search:
    """One depth-first search, with its counters and node limit; it can stop at a ceiling
    (or a node count short of its limit) and go on later from where it stopped."""

    def __init__(self, board: Bitboard, max_solutions: int, node_limit: int, root: State):
        self.board = board
        self.max_solutions = max_solutions
        self.node_limit = node_limit
        self.stack = [root]  # the states still to explore, the next one last
        self.solutions: list[int] = []
        self.nodes = 0
        self.propagated = 0
        self.gave_up = False
        self.out_of_time = False  # gave up at the ceiling, not at a node count
        self.exhausted = False

    def run(self, deadline: float, stop_at: int | None = None) -> None:
        """Explore until the space is exhausted, enough solutions, the node limit (or
        `stop_at` nodes in all, if fewer) or `deadline`."""
        # One loop with everything in locals: this is the hot path, and
        # method calls and attribute lookups would cost a third of its time.
        board = self.board
        guards, full, low, span = board.guards, board.full, board.low, board.span
        cell_guards, width, field_options = board.cell_guards, board.width, board.field_options
        option_at, placements = board.option_at, board.placements
        sums = _narrowing(board)
        clock, node_limit = time.perf_counter, self.node_limit
        if stop_at is not None:
            node_limit = min(node_limit, stop_at)
        # Reading the clock costs as much as a small 9x9 node, so there it is read
        # every 32 nodes; a 25x25 node costs far more, and waiting 32 of them
        # could overrun the deadline by tens of milliseconds.
        clock_mask = 31 if board.n <= 12 else 0  # nodes & clock_mask == 0: time to look
        solutions, max_solutions = self.solutions, self.max_solutions
        nodes, placed, stack = self.nodes, self.propagated, self.stack
        self.gave_up = self.out_of_time = False
        while stack:
            if nodes >= node_limit or (nodes & clock_mask == 0 and clock() > deadline):
                self.gave_up = True
                self.out_of_time = nodes < node_limit
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
                    # Then the cages' sums rule out what the singles cannot see, and
                    # the singles look again (cage_sums.py).
                    if sums is None or (narrowed := sums(alive)) == alive:
                        break
                    alive = narrowed
                    continue
                # The same option is often a single in several layouts at once;
                # placing it drops its other copies and its rivals from `pending`.
                pending = alive & (singles - (singles >> span))
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
