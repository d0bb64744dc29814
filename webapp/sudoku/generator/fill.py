"""A random solution grid: every cell filled, every unit holding each value once.

Depth-first over the solver's bit layouts (bitboard.py): place every single, then
branch on a cell with the fewest values left (a random one of them), its values in
a random order. On an empty grid that almost never backtracks: 49 nodes for 9x9,
about 500 for 25x25 (150 ms).
"""

from __future__ import annotations

from ..bitboard import bitboard_for
from ..geometry import Geometry
from ..grid import Grid
from ..logic.position import bits_of
from ..solver import decode, propagate
from .seeded import SeededRandom


def random_solution(geometry: Geometry, random: SeededRandom) -> Grid:
    """A full grid obeying `geometry`'s units, drawn from `random`."""
    shape = geometry.shape
    board = bitboard_for(geometry)
    n = board.n
    # The cell layout alone: its guard bits, their fields' lowest bits, their options.
    guards = board.cell_guards
    lows = guards >> n
    full = guards - lows
    stack = [(board.full, 0)]
    while stack:
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
    raise AssertionError("an empty grid always has a solution")
