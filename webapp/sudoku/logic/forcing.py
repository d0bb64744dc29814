"""Forcing chains by contradiction, the last resort: try a value and follow the singles.

Place a candidate and keep placing every single that follows (naked and
hidden). If that chain reaches a contradiction (a cell with no candidate
left, or a value with no place left in a unit that lacks it), the first
placement was false: the candidate goes. Each step keeps the chain of
placements it followed, so a person can replay it. Sudoku Explainer rates
such chains from 7.5 up, more for longer ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .position import Candidate, Position, bits_of
from .step import TARGET, Step

BASE_DIFFICULTY = 7.5
NODE = "node"
# Followed singles per candidate tried; a chain longer than this proves nothing here.
LONGEST = 120


def _single(position: Position) -> Candidate | None:
    """The first naked or hidden single of a position, or None."""
    for cell, mask in enumerate(position.candidates):
        if mask and not mask & (mask - 1):
            return cell, mask.bit_length() - 1
    for unit in position.geometry.units:
        for value in range(1, position.size + 1):
            places = position.places(unit, value)
            if len(places) == 1 and not position.holds(unit, value):
                return places[0], value
    return None


def _contradiction(position: Position) -> tuple[str | int, ...]:
    """What makes a position impossible: ("cell", cell) or ("unit", kind, index, value); ()."""
    for cell, (value, mask) in enumerate(zip(position.values, position.candidates, strict=True)):
        if not value and not mask:
            return ("cell", cell)
    for unit in position.geometry.units:
        for value in range(1, position.size + 1):
            if not position.places(unit, value) and not position.holds(unit, value):
                return ("unit", unit.kind, unit.index, value)
    return ()


def chain_from(
    position: Position, cell: int, value: int
) -> tuple[list[Candidate], tuple[str | int, ...]] | None:
    """The singles that follow placing `value` in `cell`, if they end in a contradiction,
    with the contradiction."""
    chain = [(cell, value)]
    position = position.place(chain)
    while len(chain) <= LONGEST:
        found = _contradiction(position)
        if found:
            return chain, found
        single = _single(position)
        if single is None:
            return None
        chain.append(single)
        position = position.place([single])
    return None


def difficulty(length: int) -> float:
    """7.5 for a short chain, up to 8.5 for a long one."""
    return BASE_DIFFICULTY + min(1.0, 0.1 * (length // 5))


def contradiction_chains(position: Position) -> Iterator[Step]:
    """Every candidate whose placement leads by singles to a contradiction.

    Cells with fewest candidates are tried first: their chains tend to be short.
    """
    order = sorted(
        (cell for cell, mask in enumerate(position.candidates) if mask),
        key=lambda cell: position.candidates[cell].bit_count(),
    )
    for cell in order:
        for value in bits_of(position.candidates[cell]):
            found = chain_from(position, cell, value)
            if found is not None:
                chain, contradiction = found
                yield Step(
                    "forcing-chain",
                    difficulty(len(chain)),
                    (value,),
                    ((cell, TARGET),) + tuple((node, NODE) for node, _ in chain[1:]),
                    (),
                    eliminations=((cell, value),),
                    chain=tuple(chain),
                    contradiction=contradiction,
                )


# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Callable[[Position], Iterator[Step]]], ...] = (
    ("forcing-chain", BASE_DIFFICULTY, contradiction_chains),
)
