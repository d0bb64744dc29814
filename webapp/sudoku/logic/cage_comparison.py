"""Cage comparison: a way of filling one cage that leaves a cage it sees no way.

Take a cage with a sum and one of its ways of filling (a set of values). Each value of
the way goes in one of the cage's cells that can hold it; a cell of another cage that
sees every one of those places cannot hold the value. If the other cage, its cells so
reduced, has no way left of making its sum, the first cage's way is out, and with it the
values only it gave the cage's cells: "cage at r1c1 (sum 5) as 1+4 would leave cage at
r1c3 (sum 6), whose cells see it, only 2+4 or 1+5, each needing a 1 or a 4: so 1+4 is
out". Most often the two cages lie in one row, column or box; a cage lying partly
outside it is compared by its cells that see the first.

Rated on Sudoku Explainer's scale at 3.5: each way of one cage is tried against the
ways of another, a short what-if rather than a pattern seen at once; SudokuWiki places
it after cage splitting and the cage/unit overlaps, and it is still below a naked triple
(3.6), as it reads only two cages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from ..geometry import Geometry, per_geometry
from .cage_combinations import CageState, cage_states, fillings
from .position import Position, bits_of
from .step import BASE, TARGET, Step

CAGE_COMPARISON = 3.5
COMPARED = "cage-compared"  # a cell of the cage a way leaves no room
# Ways of one cage tried against another, at most: a cage with more is left to other
# techniques (a big cage early on has dozens, and few of them rule anything out).
MOST_WAYS = 12
ROOMS_KEPT = 1 << 14


@per_geometry
def seeing_cages(geometry: Geometry) -> dict[int, tuple[int, ...]]:
    """For each cage with a sum, the other cages with sums one of whose cells sees one of
    its cells."""
    peer_masks = geometry.peer_masks
    masks = [sum(1 << cell for cell in cells) for cells in geometry.cages]
    summed = [number for number, total in enumerate(geometry.cage_totals) if total is not None]
    seen = {}
    for number in summed:
        near = 0
        for cell in geometry.cages[number]:
            near |= peer_masks[cell]
        seen[number] = tuple(
            other for other in summed if other != number and masks[other] & near & ~masks[number]
        )
    return seen


def cage_comparisons(position: Position) -> Iterator[Step]:
    """Every cage some of whose ways leave a cage its cells see no way of making its sum,
    with values only such ways gave a cell."""
    geometry, candidates = position.geometry, position.candidates
    states = {state.number: state for state in cage_states(position)}
    near = seeing_cages(geometry)
    for state in states.values():
        ways = state.combinations
        if len(ways) < 2 or len(ways) > MOST_WAYS:
            continue  # one way is the cage combinations' to use; many are left alone
        for other in near[state.number]:
            if other not in states:
                continue
            compared = states[other]
            leaves_room = _room_test(position, state, compared)
            out = [way for way in ways if not leaves_room(way)]
            if not out or len(out) == len(ways):
                continue  # every way fits, or none does: a contradiction for other steps
            left = [way for way in ways if way not in out]
            allowed = [0] * len(state.open_cells)
            for way in left:
                masks = tuple(candidates[cell] & way for cell in state.open_cells)
                for at, mask in enumerate(fillings(state.lacking, masks)[1]):
                    allowed[at] |= mask
            removed = tuple(
                (cell, value)
                for cell, mask in zip(state.open_cells, allowed, strict=True)
                for value in bits_of(candidates[cell] & ~mask)
            )
            if removed:
                yield _step(state, compared, tuple(left), tuple(out), removed)
                break


def _room_test(position: Position, state: CageState, compared: CageState) -> Callable[[int], bool]:
    """A test of each way of `state`'s cage: True when `compared` can still make its sum
    with the cage filled by the way, each of its cells losing the way's values whose every
    place in the cage it sees (what it reads of the position taken once for every way)."""
    candidates, peer_masks = position.candidates, position.geometry.peer_masks
    sight = tuple(
        sum(1 << at for at, cell in enumerate(state.open_cells) if peer_masks[other] >> cell & 1)
        for other in compared.open_cells
    )
    masks = tuple(candidates[cell] for cell in state.open_cells)
    other_masks = tuple(candidates[cell] for cell in compared.open_cells)

    def leaves_room(way: int) -> bool:
        return room_left(state.lacking, masks, way, compared.lacking, other_masks, sight)

    return leaves_room


@lru_cache(maxsize=ROOMS_KEPT)
def room_left(
    lacking: int,
    masks: tuple[int, ...],
    way: int,
    other_lacking: int,
    other_masks: tuple[int, ...],
    sight: tuple[int, ...],
) -> bool:
    """True when cells with candidates `other_masks` can make `other_lacking` once cells with
    candidates `masks` are filled by `way` (making `lacking`), cell i of the others seeing
    the cells of bit j in `sight[i]` (a path asks the same pairs step after step)."""
    allowed = fillings(lacking, tuple(mask & way for mask in masks))[1]
    reduced = []
    for mask, seen in zip(other_masks, sight, strict=True):
        for value in bits_of(way & mask):
            places = sum(1 << at for at, held in enumerate(allowed) if held >> value & 1)
            if not places & ~seen:
                mask &= ~(1 << value)
        reduced.append(mask)
    return bool(fillings(other_lacking, tuple(reduced))[0])


def _step(
    state: CageState,
    compared: CageState,
    left: tuple[int, ...],
    out: tuple[int, ...],
    removed: tuple[tuple[int, int], ...],
) -> Step:
    """The step of `state`'s cage losing the ways `out` against `compared`."""
    return Step(
        "cage-comparison",
        CAGE_COMPARISON,
        tuple(sorted({value for _, value in removed})),
        tuple((cell, BASE) for cell in state.open_cells)
        + tuple((cell, COMPARED) for cell in compared.open_cells)
        + tuple((cell, TARGET) for cell in dict.fromkeys(cell for cell, _ in removed)),
        (state.unit, compared.unit),
        eliminations=removed,
        cages=(state.cage, compared.cage),
        sums=(state.lacking, compared.lacking, len(left)),
        combinations=left + out,
    )
