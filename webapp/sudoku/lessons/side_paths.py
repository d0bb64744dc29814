"""Side paths: positions beside a path, reached by taking true removals in another order.

A path takes the first instance of the easiest technique at each position, so a technique
that is seldom the easiest step (a hidden quad, a Killer's split combinations) is seldom
met on it. But at a position where a hard step is taken, the same puzzle could be carried
on in other true orders: taking one of that step's removals alone, or another technique's
step there (another instance, a harder technique) or one of its removals. Each is a true
removal, so the position it leads to has the puzzle's one solution; walked on easiest
first, its side path soon meets a step as hard again, and sometimes that is the technique
wanted, where the path itself met another.

Everything is bounded by counts: the side paths branched per source (`budget`), the steps
of a side path, the instances asked of each technique for the branches, the work of each
search. The same source and counts give the same positions, in the same order.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator

from ..logic import Position, Step, next_step
from ..logic.techniques import TECHNIQUES, techniques_for
from ..logic.work import OutOfWork, work_limit

Candidate = tuple[int, int]
Removal = tuple[Candidate, ...]

# The easiest difficulty each technique is listed at (its first listing).
EASIEST = {slug: difficulty for slug, difficulty, _ in reversed(TECHNIQUES)}

# Steps a side path takes at most before it gives up meeting a wanted technique.
SIDE_STEPS = 60
# Instances of each technique asked for branches at one position.
INSTANCES = 2
# Techniques side paths do not look for (may_arise says why).
NOT_SOUGHT = frozenset({"als-xz"})


def may_arise(technique: str, position: Position) -> bool:
    """False when side paths from `position` are not walked for `technique`. A hidden quad
    is the easiest step only in a unit with nine open cells (in one with fewer, the cells
    outside it are a naked subset of four or fewer, asked first, which removes the same),
    and removals never open a cell: none can arise. An ALS-XZ is not sought: it comes after
    every chain, and where its sets are small a grouped AIC through them makes its removals
    first; side paths from 300 of the generator's extreme puzzles met none, nor, tried
    again, from the Sudoku Exchange sample's hardest or at the ALS step of each puzzle the
    bank's come from, and its branches (from steps of 7.5 or more, forcing chains) cost the
    most (docs/api.md)."""
    if technique == "hidden-quad":
        return any(
            sum(1 for cell in unit.cells if not position.values[cell]) >= 9
            for unit in position.geometry.units
        )
    return technique not in NOT_SOUGHT


def side_steps(
    walked: Iterable[tuple[Position, Step]],
    wanted: frozenset[str],
    keep: Callable[[Position, Step], bool],
    budget: int,
    work: float,
) -> Iterator[tuple[int, Position, Step]]:
    """(branch number from 1, position, its easiest step) for each side path from the
    positions and steps of a path, `walked`, that meets a technique of `wanted` whose step
    `keep`s; at most `budget` side paths, each search within `work` units.

    A position of the path is branched from when its step is at least as hard as a wanted
    technique that may still arise there: such a technique is then not ahead of it."""
    branch = 0
    for position, step in walked:
        if branch >= budget:
            return
        reached = [
            technique
            for technique in sorted(wanted)
            if step.difficulty >= EASIEST.get(technique, 0.0) and may_arise(technique, position)
        ]
        if not reached:
            continue
        lowest = min(EASIEST.get(technique, 0.0) for technique in reached)
        highest = max(EASIEST.get(technique, 0.0) for technique in reached)
        for removal in _branches(position, step, lowest, budget - branch, work):
            branch += 1
            met = _walk(position.eliminate(removal), wanted, keep, highest, work)
            if met is not None:
                yield branch, *met


def _branches(
    position: Position, step: Step, lowest: float, most: int, work: float
) -> list[Removal]:
    """Up to `most` true removals at `position` other than `step`'s own: each of its removals
    alone, then, technique by technique from `lowest` difficulty up, the first INSTANCES
    steps of each, whole and each removal alone."""
    found: list[Removal] = []
    taken = tuple(sorted(step.eliminations))

    def add(eliminations: Iterable[Candidate]) -> None:
        removals = tuple(sorted(eliminations))
        if len(removals) > 1:
            options = [removals, *((candidate,) for candidate in removals)]
        else:
            options = [removals]
        for removal in options:
            if removal and removal != taken and removal not in found:
                found.append(removal)

    if len(taken) > 1:
        for candidate in taken:
            found.append((candidate,))
    try:
        with work_limit(work):
            for _, difficulty, finder in techniques_for(position.geometry):
                if len(found) >= most:
                    break
                if difficulty < lowest:
                    continue
                for other in itertools.islice(finder(position), INSTANCES):
                    add(other.eliminations)
    except OutOfWork:
        pass  # the branches found so far, the same on every run
    return found[:most]


def _walk(
    position: Position,
    wanted: frozenset[str],
    keep: Callable[[Position, Step], bool],
    highest: float,
    work: float,
) -> tuple[Position, Step] | None:
    """The first position on the easiest-first path from `position` whose step is of a
    `wanted` technique and is kept, if one comes within SIDE_STEPS steps before a step of
    `highest` difficulty or more (where the wanted ones would have come first)."""
    for _ in range(SIDE_STEPS):
        if position.is_solved:
            return None
        try:
            step = next_step(position, work)
        except OutOfWork:
            return None
        if step is None:
            return None
        if step.technique in wanted and keep(position, step):
            return position, step
        if step.difficulty >= highest:
            return None
        position = step.apply(position)
    return None
