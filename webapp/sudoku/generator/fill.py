"""A random solution grid: every cell filled, every unit holding each value once.

Depth-first over the solver's bit layouts (bitboard.py): place every single, then
branch on a cell with the fewest values left (a random one of them), its values in
a random order. On an empty grid of rows, columns and boxes that almost never
backtracks: 49 nodes for 9x9, about 500 for 25x25 (150 ms). A Jigsaw's regions can
send it down branches that fail only far below (some 9x9 maps took minutes), so the
walk stops after FILL_NODES_PER_CELL nodes a cell, and the grid is drawn instead as
the exact solver's first solution of a few random givens that clash with nothing,
within its node budget. Both bounds count work, never seconds, so a seed gives the same
grid everywhere.
"""

from __future__ import annotations

import math

from ..bitboard import bitboard_for
from ..geometry import Relation
from ..grid import Grid
from ..logic.position import bits_of
from ..puzzle import CLASSIC, Puzzle, Rules
from ..result import MULTIPLE, SOLVED, Budget
from ..shape import Shape
from ..solver import decode, propagate, solve
from .seeded import SeededRandom

# Nodes of the walk per cell before the grid is drawn by the solver instead: far above what
# rows, columns and boxes ever need (so their grids are what they always were).
FILL_NODES_PER_CELL = 50
# The solver's draw: a handful of random givens rarely leave no solution and never take it
# long; a draw it cannot settle in these nodes is drawn again, up to SOLVED_DRAWS times.
DRAW_BUDGET = Budget(nodes=20_000, sat_conflicts=20_000, ceiling_seconds=math.inf)
SOLVED_DRAWS = 50


def random_solution(shape: Shape, random: SeededRandom, rules: Rules = CLASSIC) -> Grid:
    """A full grid of `shape` obeying `rules`, drawn from `random`."""
    geometry = rules.geometry(shape)
    board = bitboard_for(geometry)
    nodes = FILL_NODES_PER_CELL * shape.cell_count
    # The cell layout alone: its guard bits, their fields' lowest bits, their options.
    guards = board.cell_guards
    lows = guards >> board.span
    full = guards - lows
    stack = [(board.start, 0)]
    while stack:
        nodes -= 1
        if nodes < 0:
            return solved_fill(shape, random, rules)
        state = propagate(board, stack.pop())
        if state is None:
            continue
        alive, done = state
        open_cells = guards & ~done
        if not open_cells:
            return decode(board, shape, alive)
        # Peel one option off every cell at a time: the cells emptied first have fewest.
        rest = alive & full
        several = (rest + full) & guards
        while True:
            thinner = rest & ((rest | guards) - lows)
            emptied = (several ^ ((thinner + full) & guards)) & open_cells
            if emptied:
                break
            rest, several = thinner, (thinner + full) & guards
        fewest = bits_of(emptied)
        cell = random.choice(fewest) // board.width
        options = board.field_options(cell, alive)
        random.shuffle(options)
        for option in reversed(options):
            keep, satisfied, _ = board.placements[option]
            stack.append((alive & keep, done | satisfied))
    raise ValueError(f"no {shape.name} grid obeys the rules {rules.code!r}")


def solved_fill(shape: Shape, random: SeededRandom, rules: Rules) -> Grid:
    """A full grid obeying `rules`: the exact solver's first solution of a random first row
    and up to N more random givens that clash with nothing (under a relation, no row and a
    third as many givens)."""
    geometry = rules.geometry(shape)
    peers, n, cells = geometry.peers, shape.size, shape.cell_count
    bound = _bound_pairs(geometry.relations, cells)
    for _ in range(SOLVED_DRAWS):
        values = [0] * cells
        # Under a relation (non-consecutive) solutions are rare: a random first row and n
        # givens leave none in nearly every draw, a third of n scattered givens nearly never.
        if not bound:
            values[:n] = random.shuffle(list(range(1, n + 1)))
        for _ in range(n // 3 if bound else n):
            cell, value = random.below(cells), 1 + random.below(n)
            related = bound[cell] if bound else None
            if not values[cell] and _fits(values, cell, value, peers[cell], related):
                values[cell] = value
        result = solve(Puzzle(Grid(shape, tuple(values)), rules), budget=DRAW_BUDGET)
        if result.status in (SOLVED, MULTIPLE):
            return result.solutions[0]
    raise ValueError(f"no grid for the rules {rules.code!r} in {SOLVED_DRAWS} draws")


# For each cell, the cells it is related to and the digit pairs (its own first) they may
# not hold together.
BoundPairs = list[list[tuple[int, frozenset[tuple[int, int]]]]]


def _bound_pairs(relations: tuple[Relation, ...], cells: int) -> BoundPairs:
    """Each cell's related cells with the digits each pair may not hold (empty lists: none)."""
    if not relations:
        return []
    bound: BoundPairs = [[] for _ in range(cells)]
    for relation in relations:
        for low, high in relation.pairs:
            bound[low].append((high, relation.forbidden))
            flipped = frozenset((second, first) for first, second in relation.forbidden)
            bound[high].append((low, flipped))
    return bound


def _fits(
    values: list[int],
    cell: int,
    value: int,
    peers: tuple[int, ...] | frozenset[int],
    related: list[tuple[int, frozenset[tuple[int, int]]]] | None,
) -> bool:
    """Whether `value` may go in the empty `cell`: no peer holds it, no relation forbids it."""
    if any(values[peer] == value for peer in peers):
        return False
    return not related or all(
        not values[other] or (value, values[other]) not in forbidden for other, forbidden in related
    )
