"""Checking a practice answer: is it a right application of the technique in this position?

The engine may find several instances of a technique in one position (two
X-wings, a hidden single in each of three boxes). Each instance's removals and
placements are proven by the technique alone, there, so:

- an answer is RIGHT when it is exactly what one or more whole instances do:
  a player who saw two patterns and applied both did the technique twice, and
  refusing a sound removal would teach them it was unsound;
- PARTIAL when every item is one some instance does but some instance is left
  half done (or nothing was chosen): the answer names what that instance still
  removes or places;
- WRONG when any item is one no instance does: a true candidate removed, a
  wrong value placed, or a removal that is sound but not this technique's here.
  The answer names each such item and whether the solution contradicts it.

The instances may be searched within a work budget. The pages give none: the bank's
positions are a fixed set where the technique is the easiest step, its test checks every
one, and the slowest (grouped AICs, forcing chains) take under a second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum, unique
from itertools import islice

from ..grid import Grid
from ..logic import BY_SLUG, Position, Step
from ..logic.work import work_limit

Candidate = tuple[int, int]

# The most instances of one technique compared with an answer: more than any bank position
# has of the techniques that are its easiest step, and a bound on the search for chains.
MOST_INSTANCES = 200


@unique
class JudgementKind(StrEnum):
    """What a checked answer is."""

    RIGHT = "right"
    PARTIAL = "partial"
    WRONG = "wrong"


@dataclass(frozen=True)
class Attempt:
    """A player's answer: the candidates they remove and the values they place."""

    eliminations: frozenset[Candidate] = frozenset()
    placements: frozenset[Candidate] = frozenset()

    @classmethod
    def of_step(cls, step: Step) -> Attempt:
        """What `step` does, as an answer."""
        return cls(frozenset(step.eliminations), frozenset(step.placements))

    def __or__(self, other: Attempt) -> Attempt:
        return Attempt(self.eliminations | other.eliminations, self.placements | other.placements)

    def __le__(self, other: Attempt) -> bool:
        return self.eliminations <= other.eliminations and self.placements <= other.placements

    def __sub__(self, other: Attempt) -> Attempt:
        return Attempt(self.eliminations - other.eliminations, self.placements - other.placements)

    def __bool__(self) -> bool:
        return bool(self.eliminations or self.placements)


@dataclass(frozen=True)
class Judgement:
    """The kind of answer, and what it lacks or has wrong.

    `missing`: what the nearest instance still does that the answer leaves out (PARTIAL).
    `wrong`: the items no instance does (WRONG); `untrue`: those of them the solution
    contradicts (a removed candidate that is the cell's value, a placed value that is not).
    `instance`: the instance the answer is, or is nearest to.
    """

    kind: JudgementKind
    missing: Attempt
    wrong: Attempt
    untrue: Attempt
    instance: Step | None


def instances_of(position: Position, technique: str, work: float = math.inf) -> tuple[Step, ...]:
    """Every instance of `technique` in `position` (up to MOST_INSTANCES), within `work`."""
    with work_limit(work):
        return tuple(islice(BY_SLUG[technique](position), MOST_INSTANCES))


def check_answer(
    position: Position,
    technique: str,
    answer: Attempt,
    solution: Grid | None = None,
    work: float = math.inf,
) -> Judgement:
    """Whether `answer` is a right application of `technique` in `position` (its instances
    found within `work`); `solution`, when known, tells which wrong items are untrue."""
    return judge(instances_of(position, technique, work), answer, solution)


def judge(instances: tuple[Step, ...], answer: Attempt, solution: Grid | None = None) -> Judgement:
    """check_answer's verdict, given the technique's `instances` in the position: what a
    caller judging many answers at one position finds once."""
    effects = [Attempt.of_step(step) for step in instances]
    everything = Attempt()
    for effect in effects:
        everything |= effect
    wrong = answer - everything
    if wrong:
        return Judgement(
            JudgementKind.WRONG,
            Attempt(),
            wrong,
            _untrue(wrong, solution),
            _nearest(instances, answer),
        )
    whole = [effect for effect in effects if effect <= answer]
    covered = Attempt()
    for effect in whole:
        covered |= effect
    if answer and covered == answer:
        matched = next(
            step for step, effect in zip(instances, effects, strict=True) if effect in whole
        )
        return Judgement(JudgementKind.RIGHT, Attempt(), Attempt(), Attempt(), matched)
    nearest = _nearest(instances, answer - covered)
    missing = Attempt.of_step(nearest) - answer if nearest is not None else Attempt()
    return Judgement(JudgementKind.PARTIAL, missing, Attempt(), Attempt(), nearest)


def _nearest(instances: tuple[Step, ...], answer: Attempt) -> Step | None:
    """The instance sharing most with `answer`, then lacking least (the first on ties)."""

    def closeness(step: Step) -> tuple[int, int]:
        effect = Attempt.of_step(step)
        shared = len(effect.eliminations & answer.eliminations) + len(
            effect.placements & answer.placements
        )
        lacking = len((effect - answer).eliminations) + len((effect - answer).placements)
        return (-shared, lacking)

    return min(instances, key=closeness, default=None)


def _untrue(items: Attempt, solution: Grid | None) -> Attempt:
    """Those of `items` that `solution` contradicts."""
    if solution is None:
        return Attempt()
    values = solution.cells
    return Attempt(
        frozenset((cell, value) for cell, value in items.eliminations if values[cell] == value),
        frozenset((cell, value) for cell, value in items.placements if values[cell] != value),
    )
