"""Cage/unit overlap: a value a cage must hold, and a unit's value only a cage can hold.

- cage/unit overlap: every way of filling a cage's open cells holds value v, so one of
  the cage's cells that can hold v does; a cell outside the cage that sees all of
  them cannot be v (when they lie in one unit: v goes nowhere else in it). Pointing,
  with a cage for the box;
- unit/cage overlap: in a unit, every place left for v lies in one cage, so that cage
  holds v there: its cells outside the unit cannot be v, and its ways of filling that
  lack v are out, with the values only they gave its cells. Claiming, with a cage for
  the box, and the cage's sum doing the rest.

Rated on Sudoku Explainer's scale beside the intersections they resemble (pointing
2.6, claiming 2.8), a tenth above each: the value a cage must hold comes from its
ways of making its sum, which have to be worked out first (2.7); a unit's value locked
in a cage also prunes the cage's ways (2.9).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..geometry import Geometry, per_geometry
from .cage_combinations import cage_states, fillings
from .position import Position, bits_of
from .step import BASE, TARGET, Step

CAGE_UNIT_OVERLAP = 2.7
UNIT_CAGE_OVERLAP = 2.9


def cage_unit_overlaps(position: Position) -> Iterator[Step]:
    """Every value all of a cage's ways hold, removed from the cells outside the cage that
    see each of the cage's cells that can hold it."""
    geometry = position.geometry
    peer_masks, has = geometry.peer_masks, position.value_cells
    for state in cage_states(position):
        if not state.combinations:
            continue
        must = ~0
        for combination in state.combinations:
            must &= combination
        cage_mask = sum(1 << cell for cell in state.cage.cells)
        for value in bits_of(must):
            places = [
                cell
                for cell, allowed in zip(state.open_cells, state.allowed, strict=True)
                if allowed >> value & 1
            ]
            seeing = has[value] & ~cage_mask
            for cell in places:
                seeing &= peer_masks[cell]
            if not seeing:
                continue
            shared = [
                (unit.kind, unit.index)
                for unit in geometry.units
                if all(unit.mask >> cell & 1 for cell in places)
            ]
            yield Step(
                "cage-unit-overlap",
                CAGE_UNIT_OVERLAP,
                (value,),
                tuple((cell, BASE) for cell in places)
                + tuple((cell, TARGET) for cell in bits_of(seeing)),
                (state.unit, *shared),
                eliminations=tuple((cell, value) for cell in bits_of(seeing)),
                cages=(state.cage,),
                sums=(state.lacking,),
                combinations=state.combinations,
            )


@per_geometry
def _cage_masks(geometry: Geometry) -> tuple[int, ...]:
    """Each cage's cells, as one int (bit c for cell c)."""
    return tuple(sum(1 << cell for cell in cells) for cells in geometry.cages)


def unit_cage_overlaps(position: Position) -> Iterator[Step]:
    """Every unit whose places for a value all lie in one cage with a sum: the cage holds
    the value there, so its other cells lose it, and its ways without it go."""
    geometry, candidates = position.geometry, position.candidates
    has = position.value_cells
    states = {state.number: state for state in cage_states(position)}
    cell_cage, cage_masks = geometry.cell_cage, _cage_masks(geometry)
    for unit in geometry.units:
        for value in range(1, position.size + 1):
            places = has[value] & unit.mask
            if not places:
                continue
            number = cell_cage[(places & -places).bit_length() - 1]
            if number is None or number not in states or places & ~cage_masks[number]:
                continue  # a place outside a cage with a sum, or in two cages
            if position.holds(unit, value):
                continue
            cells = bits_of(places)
            state = states[number]
            bit = 1 << value
            # the cage's cells outside the unit lose the value; the cage must hold it
            masks = tuple(
                candidates[cell] & ~bit if not unit.mask >> cell & 1 else candidates[cell]
                for cell in state.open_cells
            )
            combinations, allowed = fillings(state.lacking, masks, bit)
            if not combinations:
                continue  # a contradiction, for other steps to run into
            removed = tuple(
                (cell, gone)
                for cell, mask in zip(state.open_cells, allowed, strict=True)
                for gone in bits_of(candidates[cell] & ~mask)
            )
            if not removed:
                continue
            yield Step(
                "unit-cage-overlap",
                UNIT_CAGE_OVERLAP,
                (value,),
                tuple((cell, BASE) for cell in cells)
                + tuple((cell, TARGET) for cell in dict.fromkeys(cell for cell, _ in removed)),
                ((unit.kind, unit.index), state.unit),
                eliminations=removed,
                cages=(state.cage,),
                sums=(state.lacking,),
                combinations=combinations,
            )
