"""Combinations in a unit: the cages wholly inside a unit, and its other cells, share no value.

A unit holds each value once. The cages with sums lying wholly inside it, and the rest
of its cells (which make what the unit holds less the cages' sums: a cage of their own,
their cells seeing each other), are filled with sets of values that share none. A way
of filling one of them that no choice of ways for the others leaves room for goes, and
with it the values only it gave its cells: in a row, cages of 23 in three cells (6+8+9)
and 15 in two cells (6+9 or 7+8) leave the two cells only 7+8... which 8 rules out.

Rated on Sudoku Explainer's scale at 3.1: the ways of several cages are held in mind at
once and matched, more than a two-cell count of the rule of 45 (3.0), less than a naked
triple (3.6).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..cages import Cage
from ..geometry import Geometry, Unit, per_geometry
from .cage_combinations import cage_states, fillings
from .position import Position, bits_of
from .step import BASE, TARGET, Step

UNIT_COMBINATIONS = 3.1
REST = "rest"  # a cell of the unit in none of the cages counted
# Sets of values the first parts of a unit can have used, at most, at any one part (past
# it the unit is left alone: a 9x9 unit has at most 512 such sets, a 16x16 one more).
MOST_CHOICES = 20_000
CHOICES_KEPT = 1 << 13


@per_geometry
def units_with_cages(geometry: Geometry) -> tuple[tuple[Unit, tuple[int, ...], int], ...]:
    """Each unit with a cage with a sum wholly inside it: the unit, those cages' numbers,
    and the unit's other cells as a mask."""
    masks = [sum(1 << cell for cell in cells) for cells in geometry.cages]
    found = []
    for unit in geometry.units:
        inside = tuple(
            number
            for number, total in enumerate(geometry.cage_totals)
            if total is not None and not masks[number] & ~unit.mask
        )
        rest = unit.mask
        for number in inside:
            rest &= ~masks[number]
        if len(inside) + bool(rest) >= 2:
            found.append((unit, inside, rest))
    return tuple(found)


@lru_cache(maxsize=CHOICES_KEPT)
def compatible(parts: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...] | None:
    """For parts each with its ways (value sets as masks), the ways of each that some
    choice of one way a part, sharing no value, keeps; None past MOST_CHOICES.

    Worked out over the sets of values the parts chosen so far use (a unit's few values
    make few such sets), not over the choices themselves, which multiply."""
    # reached[i]: the sets of values some choice for the first i parts uses
    reached: list[set[int]] = [{0}]
    for ways in parts:
        found = {used | way for used in reached[-1] for way in ways if not used & way}
        if len(found) > MOST_CHOICES:
            return None
        reached.append(found)
    kept: list[tuple[int, ...]] = [()] * len(parts)
    # going back, the sets from which the remaining parts can still be chosen
    ending = reached[-1]
    for at in range(len(parts) - 1, -1, -1):
        ways, starting = parts[at], set()
        good = set()
        for used in reached[at]:
            for way in ways:
                if not used & way and used | way in ending:
                    starting.add(used)
                    good.add(way)
        kept[at] = tuple(way for way in ways if way in good)
        ending = starting
    return tuple(kept)


def unit_combinations(position: Position) -> Iterator[Step]:
    """Every unit whose cages wholly inside, and its other cells, leave a way of filling
    one of them no room, with values only such ways gave a cell."""
    geometry, values, candidates = position.geometry, position.values, position.candidates
    n = position.size
    states = {state.number: state for state in cage_states(position)}
    for unit, inside, rest in units_with_cages(geometry):
        parts = []  # (open cells, what they lack, their ways)
        caged: list[int] = []
        for number in inside:
            if number in states:
                state = states[number]
                parts.append((state.open_cells, state.lacking, state.combinations))
                caged += state.open_cells
        counted = sum(geometry.cage_totals[number] or 0 for number in inside)
        rest_cells = bits_of(rest)
        open_rest = tuple(cell for cell in rest_cells if not values[cell])
        if open_rest:
            lacking = n * (n + 1) // 2 - counted - sum(values[cell] for cell in rest_cells)
            masks = tuple(candidates[cell] for cell in open_rest)
            parts.append((open_rest, lacking, fillings(lacking, masks)[0]))
        if len(parts) < 2 or not all(ways for _, _, ways in parts):
            continue  # nothing to match, or a contradiction for other steps
        kept = compatible(tuple(ways for _, _, ways in parts))
        if kept is None or not all(kept):
            continue
        removed = []
        for (cells, lacking, ways), left in zip(parts, kept, strict=True):
            if len(left) == len(ways):
                continue
            allowed = [0] * len(cells)
            for way in left:
                masks = tuple(candidates[cell] & way for cell in cells)
                for at, mask in enumerate(fillings(lacking, masks)[1]):
                    allowed[at] |= mask
            removed += [
                (cell, value)
                for cell, mask in zip(cells, allowed, strict=True)
                for value in bits_of(candidates[cell] & ~mask)
            ]
        if not removed:
            continue
        changed = dict.fromkeys(cell for cell, _ in removed)
        yield Step(
            "unit-combinations",
            UNIT_COMBINATIONS,
            tuple(sorted({value for _, value in removed})),
            tuple((cell, BASE) for cell in caged)
            + tuple((cell, REST) for cell in open_rest)
            + tuple((cell, TARGET) for cell in changed),
            ((unit.kind, unit.index), *(("cage", number + 1) for number in inside)),
            eliminations=tuple(removed),
            cages=tuple(
                Cage(geometry.cages[number], geometry.cage_totals[number]) for number in inside
            ),
            sums=(n * (n + 1) // 2, counted),
        )
