"""The seeds' plain backtracking, kept only as a yardstick for `sudoku bench --baseline`.

It fills the first empty cell in reading order with the lowest value that
does not clash, moves on, and backs up when a cell has no value left: no
propagation, no choice of cell. A node is one value placed in one cell.
"""

from __future__ import annotations

import time

from .conflicts import find_conflicts
from .errors import PuzzleError
from .grid import Grid
from .puzzle import Puzzle
from .result import NO_SOLUTION, Budget, SolveResult, status_for

# Reading the clock costs more than placing a value, so look at it only this often.
CLOCK_EVERY = 1024


def solve(
    puzzle: Puzzle,
    max_solutions: int = 2,
    budget: Budget | None = None,
) -> SolveResult:
    """Backtrack through `puzzle` in reading order for up to `max_solutions` (at least 2)."""
    if puzzle.rules.cages:
        # It checks units alone: a Killer's answer from it could break a cage.
        raise PuzzleError("the plain backtracking yardstick does not solve Killers")
    budget = budget or Budget()
    grid, geometry = puzzle.grid, puzzle.geometry
    started = time.perf_counter()
    # Plain backtracking only checks the values it places, so clashing givens
    # would go unnoticed; they are the one thing checked up front.
    conflicts = find_conflicts(puzzle)
    if conflicts:
        return SolveResult(NO_SOLUTION, puzzle, conflicts=conflicts, exhausted=True)

    shape = grid.shape
    n = shape.size
    wanted = max(2, max_solutions)
    cells = list(grid.cells)
    # units_of[i] = the numbers of cell i's units; used[u] has bit v set when value v is in unit u
    units_of = geometry.cell_unit_numbers
    used = [0] * len(geometry.units)
    for i, value in enumerate(cells):
        for u in units_of[i] if value else ():
            used[u] |= 1 << value

    empties = [i for i, value in enumerate(cells) if not value]
    solutions: list[Grid] = []
    nodes = 0
    gave_up = False
    depth = 0
    deadline = started + budget.ceiling_seconds
    while depth >= 0:
        if depth == len(empties):
            solutions.append(Grid(shape, tuple(cells)))
            if len(solutions) >= wanted:
                break
            depth -= 1
            continue
        i = empties[depth]
        mine = units_of[i]
        value = cells[i]
        if value:  # coming back: take the last value out before trying the next
            bit = 1 << value
            for u in mine:
                used[u] ^= bit
        taken = 0
        for u in mine:
            taken |= used[u]
        value += 1
        while value <= n and taken >> value & 1:
            value += 1
        if value > n:
            cells[i] = 0
            depth -= 1
            continue
        if nodes >= budget.nodes or (nodes % CLOCK_EVERY == 0 and time.perf_counter() >= deadline):
            cells[i] = 0
            gave_up = True
            break
        cells[i] = value
        bit = 1 << value
        for u in mine:
            used[u] |= bit
        nodes += 1
        depth += 1

    return SolveResult(
        status_for(len(solutions), gave_up),
        puzzle,
        solutions=tuple(solutions),
        nodes=nodes,
        ms=(time.perf_counter() - started) * 1000,
        exhausted=depth < 0,
        stopped_by_ceiling=gave_up and nodes < budget.nodes,
    )
