"""Death blossom: a stem cell and one petal ALS for each of its candidates.

The petal for the stem's value d is an ALS (als_sets.py) whose every d sees the
stem. Whatever value d the stem takes, its petal loses d and is locked on its
other values. So a value z in every petal (and not in the stem) is in one of
the petals: z goes from every cell that sees all the z of all the petals.

Rated 8.5 (Sudoku Explainer has no such name; beside its cell forcing chains,
which this is with ALSs for branches). Petals may share cells (not the stem); a stem has at
most MAX_STEM candidates, and the search tries at most BUDGET petal choices
per call, so it cannot hang on a big grid.
"""

from __future__ import annotations

from collections.abc import Iterator

from .als_sets import Als, als_context, cells_of
from .position import Position, bits_of
from .step import TARGET, Step

DEATH_BLOSSOM = 8.5
MAX_STEM = 4
BUDGET = 50000
STEM = "stem"


def death_blossoms(position: Position) -> Iterator[Step]:
    """Every death blossom (within the bounds) that removes a candidate, one for each stem
    and set of removals."""
    context = als_context(position)
    sets, places = context.sets, context.places
    peers = position.geometry.peer_masks
    budget = [BUDGET]
    for stem, mask in enumerate(position.candidates):
        if not 2 <= mask.bit_count() <= MAX_STEM:
            continue
        stem_values = bits_of(mask)
        petals = [
            [
                als
                for als in sets
                if als.values >> value & 1
                and not als.members >> stem & 1
                and als.where[value] & ~peers[stem] == 0
            ]
            for value in stem_values
        ]
        shared = ~mask
        for options in petals:
            shared &= _union_of_values(options)
        for z in bits_of(shared):
            choices = [[als for als in options if als.values >> z & 1] for options in petals]
            shown: set[int] = set()  # other petals removing z from the same cells add nothing
            for chosen, targets in _blossoms(choices, z, places[z], budget):
                if targets in shown:
                    continue
                shown.add(targets)
                removed = [(cell, z) for cell in cells_of(targets)]
                cells = ((stem, STEM),) + tuple(
                    (cell, f"petal-{k + 1}") for k, als in enumerate(chosen) for cell in als.cells
                )
                yield Step(
                    "death-blossom",
                    DEATH_BLOSSOM,
                    tuple(stem_values),
                    cells + tuple((cell, TARGET) for cell in cells_of(targets)),
                    tuple((als.unit.kind, als.unit.index) for als in chosen),
                    eliminations=tuple(removed),
                )
            if budget[0] < 0:
                return


def _union_of_values(sets: list[Als]) -> int:
    """The values of any of `sets`."""
    union = 0
    for als in sets:
        union |= als.values
    return union


def _blossoms(
    choices: list[list[Als]], z: int, targets: int, budget: list[int]
) -> Iterator[tuple[list[Als], int]]:
    """Each choice of one petal per stem value, sharing no cell, leaving cells to remove z from.

    Depth first, narrowing the targets (cells with z that see every z so far) at
    each petal, and giving up a branch as soon as none are left.
    """
    chosen: list[Als] = []

    def pick(depth: int, left: int) -> Iterator[tuple[list[Als], int]]:
        if depth == len(choices):
            yield list(chosen), left
            return
        for als in choices[depth]:
            budget[0] -= 1
            if budget[0] < 0:
                return
            narrowed = left & als.seeing[z]
            if not narrowed:
                continue
            chosen.append(als)
            yield from pick(depth + 1, narrowed)
            chosen.pop()

    yield from pick(0, targets)
