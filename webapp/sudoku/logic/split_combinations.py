"""Split combinations: a cage lying across units, each of its ways split between them.

A unit holds each value once. The cages with sums that reach into it each put some of
their values in it: a cage wholly inside puts a whole way of filling it; a cage lying
across the unit's edge puts the part of a way that falls on its cells in the unit
(13 in r1c1 + r1c2 + r2c1 is 1+3+9, 1+4+8, ...: in row 1 that may be 1+3, 1+9, 3+9,
1+4...), and those parts are known only from the cage's ways and its cells'
candidates. The unit's other open cells hold one candidate each. Choosing a way for
each of them that shares no value with the others, every one of the unit's missing
values is placed once: a part (a way's share of the unit) no such choice keeps goes,
and with it what only it gave the cage's cells, inside the unit and outside it. So a
cage lying across two rows tells each row which pairs it may hold, and each row tells
the cage which of its ways are left.

Rated on Sudoku Explainer's scale at 3.3: unit combinations (3.1) match the ways of
cages wholly inside a unit; here a cage's ways are also split between the units it
lies in, and each split matched, a step more to keep in mind (still below the naked
triple, 3.6, which it often stands in for).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..geometry import Unit
from .cage_combinations import CageState, cage_states, split_allowed, split_fillings
from .memo import FRUITLESS, Fruitless
from .position import Position, bits_of
from .step import BASE, TARGET, Step
from .unit_combinations import REST, compatible

SPLIT_COMBINATIONS = 3.3
SPLIT_COMBINATIONS_KEY = "split-combinations"  # its memo keys' first item
OUTSIDE = "cage-outside"  # a cell of a cage counted, outside the unit


def split_combinations(position: Position, fruitless: Fruitless = FRUITLESS) -> Iterator[Step]:
    """Every unit whose cages lying across its edge (and those inside it, and its other
    open cells) leave a part of a cage's way no room, with values only such parts gave a
    cell of the cage. A unit whose cages and cells are as when it last found nothing is
    skipped (`fruitless`: a path asks every unit again at each step, and few changed)."""
    geometry, candidates, open_mask = position.geometry, position.candidates, position.open_cells
    states = cage_states(position)
    masks_of = {state.number: sum(1 << cell for cell in state.open_cells) for state in states}
    for unit in geometry.units:
        inside = unit.mask & open_mask
        if not inside:
            continue
        touching = [state for state in states if masks_of[state.number] & inside]
        crossing = [state for state in touching if masks_of[state.number] & ~unit.mask]
        if not crossing or not all(state.combinations for state in touching):
            continue  # nothing split here, or a contradiction for other steps
        # Everything the unit's search reads: its cells, and each cage's open cells, what
        # they lack and their candidates, and the candidates of the unit's other cells.
        key = (
            SPLIT_COMBINATIONS_KEY,
            unit.mask,
            inside,
            tuple(
                (state.open_cells, state.lacking, tuple(candidates[c] for c in state.open_cells))
                for state in touching
            ),
            tuple(candidates[cell] for cell in bits_of(inside)),
        )
        if key not in fruitless:
            yield from fruitless.search(key, _in_unit(position, unit, touching, masks_of))


def _in_unit(
    position: Position, unit: Unit, touching: list[CageState], masks_of: dict[int, int]
) -> Iterator[Step]:
    """The step of split combinations in `unit`, whose open cells `touching` cages reach
    (some across its edge), if it has one."""
    candidates, inside = position.candidates, unit.mask & position.open_cells
    crossing = [state for state in touching if masks_of[state.number] & ~unit.mask]
    parts: list[tuple[int, ...]] = []
    owners: list[CageState | int] = []  # each part's cage, or its lone cell
    splits = {}
    covered = 0
    for state in touching:
        mask = masks_of[state.number]
        covered |= mask & inside
        if mask & ~unit.mask:
            flags = tuple(bool(unit.mask >> cell & 1) for cell in state.open_cells)
            masks = tuple(candidates[cell] for cell in state.open_cells)
            found = split_fillings(state.lacking, masks, flags)
            splits[state.number] = (masks, flags, found)
            parts.append(tuple(sorted({part for _, part in found})))
        else:
            parts.append(state.combinations)
        owners.append(state)
    for cell in bits_of(inside & ~covered):
        parts.append(tuple(1 << value for value in bits_of(candidates[cell])))
        owners.append(cell)
    kept = compatible(tuple(parts))
    if kept is None or not all(kept):
        return  # too many choices, or a contradiction for other steps
    removed = []
    narrowed = []  # the cages across the edge that lose a candidate
    for state in crossing:
        at = owners.index(state)
        if len(kept[at]) == len(parts[at]):
            continue
        masks, flags, found = splits[state.number]
        left = tuple(pair for pair in found if pair[1] in kept[at])
        allowed = split_allowed(state.lacking, masks, flags, left)
        gone = [
            (cell, value)
            for cell, mask in zip(state.open_cells, allowed, strict=True)
            for value in bits_of(candidates[cell] & ~mask)
        ]
        if gone:
            removed += gone
            narrowed.append(state)
    if removed:  # else what is left to other techniques: subsets, unit combinations
        yield _step(unit, narrowed, owners, tuple(removed))


def _step(
    unit: Unit,
    crossing: list[CageState],
    owners: list[CageState | int],
    removed: tuple[tuple[int, int], ...],
) -> Step:
    """The step of a unit whose cages `crossing` its edge lose `removed`: those are named,
    the unit's other cages and cells are its pattern."""
    counted = [owner for owner in owners if not isinstance(owner, int)]
    lone = [owner for owner in owners if isinstance(owner, int)]
    cells: list[tuple[int, str]] = []
    for state in counted:
        cells += [(cell, BASE if unit.mask >> cell & 1 else OUTSIDE) for cell in state.open_cells]
    cells += [(cell, REST) for cell in lone]
    cells += [(cell, TARGET) for cell in dict.fromkeys(cell for cell, _ in removed)]
    return Step(
        "split-combinations",
        SPLIT_COMBINATIONS,
        tuple(sorted({value for _, value in removed})),
        tuple(cells),
        ((unit.kind, unit.index), *(state.unit for state in crossing)),
        eliminations=removed,
        cages=tuple(state.cage for state in crossing),
        sums=tuple(state.lacking for state in crossing),
    )
