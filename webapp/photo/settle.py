"""What the picture leaves open, settled by the puzzle: a grid read with clashing digits, no
solution or several is read again, cell by cell, from the network's next choices.

A newspaper's puzzle has exactly one solution. When the grid as read has not, the digits
the network was least sure of are the likely culprits, and the network says what else each
could be: its second and third choices, and "empty". The readings that change one, two or
three of those cells are tried nearest first (the least improbable to the network, by the
product of the changed cells' odds against their first reading), and the first with
exactly one solution is taken, if the network gave every changed cell's new reading at
least PLAUSIBLE. The search is bounded in work: at most TRIES readings, and the solver's
nodes for all of them at most NODES. A grid that no such reading settles is left as read.

Each changed cell says why, true to what the puzzle showed: with its first reading put
back (and every other change kept) the grid clashes, has no solution or has more than one.
Every check is made under the puzzle's rules: a Jigsaw read from a photo is settled by its
regions, not by boxes it does not have.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from webapp.sudoku import (
    CLASSIC,
    Budget,
    Grid,
    Puzzle,
    Rules,
    SolveStatus,
    find_conflicts,
    solve,
)

PLAUSIBLE = 0.05  # a reading the network gives less than this is not tried
SUSPECTS = 12  # the cells least surely read that may be read again
CHOICES = 3  # a cell's readings tried beside its first: the next two, and empty
MOST_CHANGED = 3
TRIES = 600  # readings tried at most, each a solve (or a clash found before it)
NODES = 120_000  # the solver's nodes over all the tries
TRY_BUDGET = Budget(nodes=4_000, sat_conflicts=0, ceiling_seconds=1.0)


@dataclass(frozen=True)
class NextReading:
    """A cell's other reading and what it costs: the log of the odds against it."""

    cell: int  # 0-based, reading order
    value: int  # 0 for empty
    probability: float
    cost: float


@dataclass(frozen=True)
class Change:
    """One cell settled: what the network read first, what it is now, and why."""

    cell: int
    first: int  # what the network read, 0 for empty
    taken: int
    probability: float  # the network's for the reading taken
    reason: str  # "would clash with the 9 in r5c2", "would leave the puzzle no solution"


@dataclass(frozen=True)
class Settling:
    """The grid settled (or the grid as read when nothing settled it), what changed, and
    the work spent: readings tried and the solver's nodes."""

    values: tuple[int, ...]
    changes: tuple[Change, ...]
    tries: int
    nodes: int


def _puzzle(values: Sequence[int], rules: Rules) -> Puzzle:
    """The 9x9 grid `values` under `rules`."""
    return Puzzle(Grid.from_values(list(values)), rules)


def needs_settling(values: Sequence[int], rules: Rules = CLASSIC) -> bool:
    """Whether the grid does not stand with exactly one solution (decided, not given up)."""
    result = solve(_puzzle(values, rules), budget=TRY_BUDGET)
    return result.status in (SolveStatus.NO_SOLUTION, SolveStatus.MULTIPLE)


def settle(
    values: Sequence[int],
    choices: Sequence[Sequence[tuple[int, float]]],
    rules: Rules = CLASSIC,
) -> Settling:
    """The nearest reading of `values` with exactly one solution under `rules`, from
    `choices`: for each cell, the network's readings as (value, probability), its first
    reading first (empty for a cell with no ink)."""
    first = tuple(values)
    tries = nodes = 0
    for combination in _combinations(_choices(choices)):
        if tries >= TRIES or nodes >= NODES:
            break
        tries += 1
        changed = list(first)
        for choice in combination:
            changed[choice.cell] = choice.value
        puzzle = _puzzle(changed, rules)
        if find_conflicts(puzzle):
            continue
        result = solve(puzzle, budget=TRY_BUDGET)
        nodes += result.nodes
        if result.status == SolveStatus.SOLVED:
            changes = tuple(_change(changed, first, c, rules) for c in combination)
            return Settling(tuple(changed), changes, tries, nodes)
    return Settling(first, (), tries, nodes)


def _choices(choices: Sequence[Sequence[tuple[int, float]]]) -> list[NextReading]:
    """The other readings worth trying, of the SUSPECTS cells least surely read."""
    inked = [i for i, cell in enumerate(choices) if len(cell) > 1]
    suspects = sorted(inked, key=lambda i: choices[i][0][1])[:SUSPECTS]
    found = []
    for cell in suspects:
        (_, sure), *others = choices[cell]
        for value, probability in others[:CHOICES]:
            if probability >= PLAUSIBLE:
                odds = max(sure, probability) / probability
                found.append(NextReading(cell, value, probability, math.log(odds)))
    return found


def _combinations(choices: list[NextReading]) -> Iterator[tuple[NextReading, ...]]:
    """Changes of one to MOST_CHANGED distinct cells, the least costly first."""
    every = [
        combination
        for size in range(1, MOST_CHANGED + 1)
        for combination in itertools.combinations(choices, size)
        if len({c.cell for c in combination}) == size
    ]
    every.sort(key=lambda combination: sum(c.cost for c in combination))
    return iter(every)


def _change(
    settled: list[int], first: tuple[int, ...], choice: NextReading, rules: Rules
) -> Change:
    """The change at one cell, with why its first reading was not kept."""
    cell = choice.cell
    put_back = list(settled)
    put_back[cell] = first[cell]
    why = _why(put_back, cell, rules)
    return Change(cell, first[cell], choice.value, choice.probability, why)


def doubted_by_the_puzzle(values: Sequence[int], rules: Rules = CLASSIC) -> dict[int, str]:
    """The cells a grid left inconsistent puts in doubt, each with why: every digit that
    clashes with another; with no clash but no solution, every digit without which the
    grid has a solution (within NODES of the solver's work in all)."""
    doubted = {}
    puzzle = _puzzle(values, rules)
    peers = puzzle.geometry.peers
    for cell, value in enumerate(values):
        clash = _clashing(values, cell, peers) if value else None
        if clash is not None:
            doubted[cell] = f"it clashes with the {value} in r{clash // 9 + 1}c{clash % 9 + 1}"
    if doubted:
        return doubted
    first = solve(puzzle, budget=TRY_BUDGET)
    if first.status != SolveStatus.NO_SOLUTION:
        return doubted
    nodes = 0
    for cell, value in enumerate(values):
        if not value or nodes >= NODES:
            continue
        without = list(values)
        without[cell] = 0
        result = solve(_puzzle(without, rules), budget=TRY_BUDGET)
        nodes += result.nodes
        if result.status in (SolveStatus.SOLVED, SolveStatus.MULTIPLE):
            doubted[cell] = "without it the puzzle could be solved"
    return doubted


def _clashing(values: Sequence[int], cell: int, peers: tuple[frozenset[int], ...]) -> int | None:
    """The first other cell in a unit with `cell` (row, column, box or region: `peers`, the
    puzzle's geometry's) with the same digit, if any."""
    return next((other for other in sorted(peers[cell]) if values[other] == values[cell]), None)


def _why(grid: list[int], cell: int, rules: Rules) -> str:
    """What the grid with `cell` as first read does: clash, no solution or several."""
    value = grid[cell]
    puzzle = _puzzle(grid, rules)
    clash = _clashing(grid, cell, puzzle.geometry.peers) if value else None
    if clash is not None:
        return f"would clash with the {value} in r{clash // 9 + 1}c{clash % 9 + 1}"
    status = solve(puzzle, budget=TRY_BUDGET).status
    if status == SolveStatus.NO_SOLUTION:
        return "would leave the puzzle no solution"
    if status == SolveStatus.MULTIPLE:
        return "would leave the puzzle more than one solution"
    return "would leave the puzzle undecided within the reader's bound of work"
