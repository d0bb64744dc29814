"""Forcing chains and nets, the last resort: assume a candidate and follow what must follow.

Three kinds of chain follow naked and hidden singles from an assumption:
- a contradiction chain (Nishio-like): a candidate whose placement leads to a
  dead end (a cell without a candidate, a unit without a place for a value) is
  removed, from 7.5;
- a cell forcing chain: whichever candidate of a cell is true, the same
  placement or removal follows, so it holds, from 8.0;
- a unit forcing chain: wherever a value goes in a unit, the same follows, from 8.0.
When none of those exists, nets follow locked candidates as well as singles,
and may also assume a candidate false (so a contradiction places it, and what
follows from it true and from it false alike holds), from 8.5. When even nets
find nothing, nested nets (whose branches also remove a candidate that would
lead by singles to a dead end) settle for the first cell that yields a
conclusion, from 9.0: the very last resort. Each takes 0.1 more as its length
(the nodes of all its branches) passes 4, 6, 8, 12, 16, 24, 32... as on Sudoku
Explainer's scale, and the shortest are found first (see forcing_search).

A step's kind is the role of its first cell (the assumed cell, or the first of
the unit's places), with "nested-" before it for a nested net; its `chain`
holds every branch in turn, each starting with its assumption: (cell, value)
is a placement, (cell, -value) a removal. All keep the slug "forcing-chain".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..cages import Cage
from .forcing_search import (
    CELL_CHAIN,
    CELL_NET,
    CONTRADICTION_CHAIN,
    CONTRADICTION_NET,
    EITHER_WAY_NET,
    UNIT_CHAIN,
    UNIT_NET,
    Proof,
    search,
)
from .position import Candidate, Position
from .propagation import CAGE
from .step import TARGET, Step
from .work import spend, work_limit

SLUG = "forcing-chain"
NODE = "node"
BASE_DIFFICULTY = 7.5
FORCING_DIFFICULTY = 8.0
NET_DIFFICULTY = 8.5
# A net whose branches also use chains of their own (nested), tried only when nothing else is.
NESTED_DIFFICULTY = 9.0
NESTED = "nested-"  # before a nested net's kind, in its first cell's role
BASE = {
    CONTRADICTION_CHAIN: BASE_DIFFICULTY,
    CELL_CHAIN: FORCING_DIFFICULTY,
    UNIT_CHAIN: FORCING_DIFFICULTY,
    CONTRADICTION_NET: NET_DIFFICULTY,
    CELL_NET: NET_DIFFICULTY,
    UNIT_NET: NET_DIFFICULTY,
    EITHER_WAY_NET: NET_DIFFICULTY,
}
KINDS = tuple(BASE)
# Preference among kinds of equal difficulty: the listed order.
KIND_ORDER = {kind: number for number, kind in enumerate(KINDS)}


def length_difficulty(length: int) -> float:
    """What a chain's length adds: 0.1 for each of 4, 6, 8, 12, 16, 24, 32... it exceeds.

    The thresholds grow by half, then by a third, in turn.
    """
    added, threshold, by_half = 0, 4, True
    while length > threshold:
        added += 1
        threshold = threshold * 3 // 2 if by_half else threshold * 4 // 3
        by_half = not by_half
    return added / 10


def difficulty(kind: str, length: int, nested: bool = False) -> float:
    """A conclusion's difficulty: its kind's base (or the nested nets') plus what its length
    adds."""
    base = NESTED_DIFFICULTY if nested else BASE[kind]
    return round(base + length_difficulty(length), 1)


def kind_of(step: Step) -> str:
    """The kind of a forcing step (one of KINDS): the role of its first cell, less any
    "nested-" (see is_nested)."""
    return step.cells[0][1].removeprefix(NESTED)


def is_nested(step: Step) -> bool:
    """True for a nested net: some of its removals come from a chain inside a branch (placing
    the value there would lead by singles to a dead end), not from singles or locked
    candidates."""
    return step.cells[0][1].startswith(NESTED)


def branches_of(step: Step) -> list[tuple[Candidate, ...]]:
    """A forcing step's branches, each starting with its assumption.

    A new branch starts at each assumption: (cell, ±value) at the step's first cell for a
    cell forcing or either-way net, any place of the unit's value for a unit forcing. No
    branch holds another's assumption (its own rules that out), so the split is exact.
    """
    kind = kind_of(step)
    if kind in (CONTRADICTION_CHAIN, CONTRADICTION_NET):
        return [step.chain]
    first_cell, first_value = step.chain[0]
    if kind in (UNIT_CHAIN, UNIT_NET):
        unit_cells = {cell for cell, role in step.cells if role == "assumed"} | {first_cell}
        starts = {(cell, first_value) for cell in unit_cells}
    elif kind == EITHER_WAY_NET:
        starts = {(first_cell, first_value), (first_cell, -first_value)}
    else:
        starts = {(cell, value) for cell, value in step.chain if cell == first_cell and value > 0}
    found: list[list[Candidate]] = []
    for node in step.chain:
        if node in starts:
            found.append([])
        found[-1].append(node)
    return [tuple(branch) for branch in found]


def step_of(found: Proof, position: Position, nested: bool = False) -> Step:
    """The step a conclusion makes, with every branch's chain to replay."""
    chain: list[Candidate] = []
    for branch, nodes in found.branches:
        chain += [branch.nodes[node][:2] for node in nodes]
    first = chain[0]
    cell, value = found.conclusion
    starts = dict.fromkeys(branch.nodes[0][0] for branch, _ in found.branches)
    followers = dict.fromkeys(node[0] for node in chain)
    cells = (
        ((first[0], NESTED + found.kind if nested else found.kind), (cell, TARGET))
        + tuple((start, "assumed") for start in starts if start != first[0])
        + tuple((follower, NODE) for follower in followers if follower not in starts)
    )
    contradiction: tuple[str | int, ...] = ()
    branch = found.branches[0][0]
    if branch.dead_end is not None:
        if branch.dead_end[0] == "cell":
            contradiction = branch.dead_end
        else:
            _, number, lacking = branch.dead_end  # type: ignore[misc]
            unit = position.geometry.units[number]
            contradiction = ("unit", unit.kind, unit.index, lacking)
    units: tuple[tuple[str, int], ...] = ()
    if found.unit >= 0:
        unit = position.geometry.units[found.unit]
        units = ((unit.kind, unit.index),)
    # a Killer's net may lean on cage sums: the cages whose ways removed a node it needs
    geometry = position.geometry
    summed = dict.fromkeys(
        branch.nodes[node][3]
        for branch, nodes in found.branches
        for node in nodes
        if branch.nodes[node][2] == CAGE
    )
    units += tuple(("cage", number + 1) for number in summed)
    return Step(
        SLUG,
        difficulty(found.kind, found.length, nested),
        (abs(first[1]),) if abs(first[1]) == value else (abs(first[1]), value),
        cells,
        units,
        eliminations=() if found.places else ((cell, value),),
        placements=((cell, value),) if found.places else (),
        chain=tuple(chain),
        contradiction=contradiction,
        cages=tuple(Cage(geometry.cages[n], geometry.cage_totals[n]) for n in summed),
    )


def leaves_single(position: Position, cell: int, value: int) -> bool:
    """True when removing `value` from `cell` leaves a naked or hidden single behind."""
    if position.candidates[cell].bit_count() == 2:
        return True
    return any(
        len(position.places(unit, value)) == 2 for unit in position.geometry.cell_units[cell]
    )


def _ranked(found: list[Proof], position: Position) -> list[Proof]:
    """Easiest first; among equals a placement first, then a removal that leaves a single
    (either is progress a person sees at once), then the shorter, then by kind."""
    return sorted(
        found,
        key=lambda f: (
            difficulty(f.kind, f.length),
            not f.places,
            f.places or not leaves_single(position, *f.conclusion),
            f.length,
            KIND_ORDER[f.kind],
            f.conclusion,
        ),
    )


# The last position searched, what was found there and the work it took: the chains'
# finder and the nets' finder (which yields the chains first) often ask about the same
# position in a row.
_last: list[tuple[Position, int, list[Proof], int]] = []


def _search(position: Position, level: int) -> list[Proof]:
    """The conclusions in `position` at a level (0 chains, 1 nets, 2 nested nets), ranked,
    remembered for the next caller. A remembered search spends the work it took, so that
    a path's count does not depend on what this process (or another thread) searched
    before."""
    for seen, seen_level, found, work in _last:
        if seen_level == level and seen == position:
            spend(work)
            return found
    with work_limit() as done:
        found = _ranked(search(position, nets=level > 0, nested=level > 1), position)
    entry = (position, level, found, done.spent)
    _last[:] = [*(kept for kept in _last if kept[1] != level), entry]
    return found


def forcing_chains(position: Position) -> Iterator[Step]:
    """Every contradiction, cell and unit forcing chain of the shortest round, easiest first."""
    for found in _search(position, 0):
        yield step_of(found, position)


def forcing_chains_and_nets(position: Position) -> Iterator[Step]:
    """The chains, or when there are none, the nets, or else nested nets: every forcing step,
    easiest first."""
    for level in range(3):
        any_found = False
        for found in _search(position, level):
            any_found = True
            yield step_of(found, position, nested=level > 1)
        if any_found:
            return


# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
# The nets' finder comes last, so BY_SLUG["forcing-chain"] finds chains and nets alike.
TECHNIQUES: tuple[tuple[str, float, Callable[[Position], Iterator[Step]]], ...] = (
    (SLUG, BASE_DIFFICULTY, forcing_chains),
    (SLUG, NET_DIFFICULTY, forcing_chains_and_nets),
)
