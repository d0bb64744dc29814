"""ALS chains: A1-A2-...-An, each pair linked by a restricted common (als_sets.py),
each link's value different from the one before.

If A1 lacks a value z, it is locked on its others and holds the first link's
value x1; so A2 lacks x1 and is locked, holds x2 (which is not x1), A3 lacks
x2, ... and An lacks the last link's value and holds z (which is not that
value). So z is in A1 or in An: it goes from every cell that sees all the z of
both. Four ALSs or more (two are the ALS-XZ, three the ALS-XY-wing).

Rated 8.1 for four ALSs plus 0.1 for each more (Sudoku Explainer has no such
name; beside its longer chains). The search tries short chains first, up to
MAX_CHAIN ALSs, breadth first from each ALS and value (each state of the
search reached once), and gives up after BUDGET links tried in one call.
"""

from __future__ import annotations

from collections.abc import Iterator

from .als_sets import Als, als_context, common_removals, make_step
from .position import Position, bits_of
from .step import Step
from .work import spend

ALS_CHAIN = 8.1  # four ALSs
ALS_CHAIN_STEP = 0.1  # each ALS more
MAX_CHAIN = 8
BUDGET = 1_000_000  # enough for all of HoDoKu's chain cases (1043 needs about 700,000)


def als_chains(position: Position) -> Iterator[Step]:
    """ALS chains of four to MAX_CHAIN ALSs that remove a candidate (a bounded search)."""
    context = als_context(position)
    sets, linked, places = context.sets, context.links, context.places
    # each link with one value at a time: (next ALS, the value linking to it)
    steps = [
        [(j, value) for j, commons in around for value in bits_of(commons)] for around in linked
    ]
    budget = [BUDGET]
    for start, first in enumerate(sets):
        spend()
        for z in bits_of(first.values):
            if not first.seeing[z] & places[z]:
                continue
            ends = _ends(sets, start, z, places)
            if ends:
                yield from _chains_from(sets, steps, places, start, z, ends, budget)
            if budget[0] < 0:
                return


def _ends(sets: list[Als], start: int, z: int, places: tuple[int, ...]) -> set[int]:
    """The ALSs after `start` with z that could end its chain: some cell with z sees every z
    of both."""
    around = sets[start].seeing[z] & places[z]
    return {
        index
        for index in range(start + 1, len(sets))
        if sets[index].values >> z & 1 and sets[index].seeing[z] & around
    }


def _chains_from(
    sets: list[Als],
    steps: list[list[tuple[int, int]]],
    places: tuple[int, ...],
    start: int,
    z: int,
    ends: set[int],
    budget: list[int],
) -> Iterator[Step]:
    """The chains of four or more ALSs from `start` (supposed to lack z) to an end holding
    z, each the shortest way to its last state.

    Breadth first over states (ALS, the value it is made to lack), each state
    reached once: the number of chains is exponential, the number of states is not.
    """
    parent: dict[tuple[int, int], tuple[int, int] | None] = {(start, z): None}
    frontier = [(start, z)]
    shown: set[int] = set()  # ends reached: another way there removes the same
    for count in range(2, MAX_CHAIN + 1):  # ALSs in the chains reached
        reached = []
        for state in frontier:
            index, lacking = state
            budget[0] -= len(steps[index])
            if budget[0] < 0:
                return
            for other, value in steps[index]:
                new = (other, value)
                if value == lacking or other == start or new in parent:
                    continue
                if count == MAX_CHAIN and other not in ends:
                    continue  # the chain could go no further
                parent[new] = state
                reached.append(new)
                if count >= 4 and value != z and other in ends and other not in shown:
                    step = _chain_step(sets, places, parent, new, z)
                    if step is not None:
                        shown.add(other)
                        yield step
        frontier = reached


def _chain_step(
    sets: list[Als],
    places: tuple[int, ...],
    parent: dict[tuple[int, int], tuple[int, int] | None],
    end: tuple[int, int],
    z: int,
) -> Step | None:
    """The step of the chain ending in state `end`, unless it passes an ALS twice."""
    path: list[int] = []
    values: list[int] = []
    state: tuple[int, int] | None = end
    while state is not None:
        path.append(state[0])
        values.append(state[1])
        state = parent[state]
    path.reverse()
    values = values[::-1][1:]  # the first state's value is z itself, not a link
    if len(set(path)) < len(path):
        return None
    first, last = sets[path[0]], sets[path[-1]]
    removed = common_removals(first, last, 1 << z, places)
    return make_step(
        "als-chain",
        round(ALS_CHAIN + ALS_CHAIN_STEP * (len(path) - 4), 1),
        values,
        [sets[k] for k in path],
        [f"als-{k + 1}" for k in range(len(path))],
        removed,
    )
