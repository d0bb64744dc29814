"""The practice checker (webapp/sudoku/lessons/checker.py), over every position of the shipped
bank: the stored step is the engine's, nothing easier applies, every right application is
accepted and wrong ones are refused.

Finding every instance of a technique is the costly part, so each entry's instances are found
once (`instances`) and judged many times; the module runs in one xdist worker so that they are
found once in the whole run, not once a worker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import pytest

from webapp.sudoku import solve
from webapp.sudoku.grid import Grid
from webapp.sudoku.lessons import Attempt, BankEntry, JudgementKind, check_answer
from webapp.sudoku.lessons.bank import FIRST_FAMILIES
from webapp.sudoku.lessons.checker import instances_of, judge
from webapp.sudoku.logic import Position, Step, fish, next_step
from webapp.sudoku.parse import read_code
from webapp.web.learn.lessons import singles
from webapp.web.learn.shipped import shipped_bank

ENTRIES = shipped_bank().entries
# One test a technique for each check, over all its positions, naming every position that
# fails: the checks are those of one test a position, without 6,000 tests' overhead.
TECHNIQUES = sorted({entry.technique for entry in ENTRIES})
pytestmark = pytest.mark.xdist_group("learn-bank")


def entries_of(technique: str) -> list[BankEntry]:
    """The bank's positions of `technique`, of every size and variant."""
    return [entry for entry in ENTRIES if entry.technique == technique]


def failing(entries: Iterable[BankEntry], holds: Callable[[BankEntry], bool]) -> list[str]:
    """The entries `holds` is false of, each named by its technique and where the bank took
    it from."""
    return [f"{entry.technique}:{entry.source}" for entry in entries if not holds(entry)]


@cache
def position_of(entry: BankEntry) -> Position:
    """The entry's position, read once for the four tests that ask it."""
    return entry.position()


@cache
def instances(entry: BankEntry) -> tuple[Step, ...]:
    """Every instance of the entry's technique at its position."""
    return instances_of(position_of(entry), entry.technique)


def solution_of(entry: BankEntry) -> Grid:
    """The entry's puzzle's one solution."""
    return solution_of_puzzle(entry.puzzle)


# By the puzzle's share code: the bank's 1,333 positions come from 859 puzzles.
@cache
def solution_of_puzzle(code: str) -> Grid:
    """The one solution of the puzzle whose share code is `code`."""
    solution = solve(read_code(code)).solution
    assert solution is not None
    return solution


def stored(entry: BankEntry) -> Attempt:
    """What the bank says the step does."""
    return Attempt(frozenset(entry.eliminations), frozenset(entry.placements))


# The engine's next step is the first instance of the first technique, in the order a path
# asks them, that applies: so the stored step being it says too that nothing easier applies.
def is_the_engines_next_step(entry: BankEntry) -> bool:
    step = next_step(position_of(entry))
    return step is not None and (step.technique, Attempt.of_step(step)) == (
        entry.technique,
        stored(entry),
    )


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_the_stored_step_is_the_engines_next_step(technique: str) -> None:
    assert failing(entries_of(technique), is_the_engines_next_step) == []


def every_application_is_right(entry: BankEntry) -> bool:
    found = instances(entry)
    return {judge(found, Attempt.of_step(step)).kind for step in found} == {JudgementKind.RIGHT}


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_every_application_of_the_technique_is_right(technique: str) -> None:
    assert failing(entries_of(technique), every_application_is_right) == []


def a_true_removal_is_wrong_and_said_untrue(entry: BankEntry) -> bool:
    position, solution = position_of(entry), solution_of(entry)
    cell = next(cell for cell, value in enumerate(position.values) if not value)
    true = (cell, solution.cells[cell])
    verdict = judge(instances(entry), stored(entry) | Attempt(frozenset({true})), solution)
    return (verdict.kind, verdict.untrue) == (JudgementKind.WRONG, Attempt(frozenset({true})))


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_removing_a_true_candidate_is_wrong_and_said_untrue(technique: str) -> None:
    assert failing(entries_of(technique), a_true_removal_is_wrong_and_said_untrue) == []


def another_sound_removal_is_wrong(entry: BankEntry) -> bool:
    position, solution = position_of(entry), solution_of(entry)
    done = Attempt()
    for step in instances(entry):
        done |= Attempt.of_step(step)
    other = next(
        (cell, value)
        for cell, mask in enumerate(position.candidates)
        for value in range(1, position.size + 1)
        if mask >> value & 1
        and value != solution.cells[cell]
        and (cell, value) not in done.eliminations
    )
    verdict = judge(instances(entry), Attempt(frozenset({other})), solution)
    return (verdict.kind, verdict.untrue) == (JudgementKind.WRONG, Attempt())


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_a_sound_removal_of_another_technique_is_wrong(technique: str) -> None:
    assert failing(entries_of(technique), another_sound_removal_is_wrong) == []


# Techniques whose instances are whole patterns, each with all its removals: half of one is
# no other instance (a chain's instances may each remove one candidate, so half is right).
# They are the first families past the singles, and the plain fish.
SINGLES = frozenset(lesson.slug for lesson in singles.FAMILY.lessons)
PATTERNS = (FIRST_FAMILIES - SINGLES) | frozenset(fish.NAMES.values())


def half_is_partial_and_told_the_rest(entry: BankEntry) -> bool:
    half = Attempt(frozenset(entry.eliminations[:1]))
    verdict = judge(instances(entry), half)
    wholes = {Attempt.of_step(step) for step in instances(entry)}
    return (verdict.kind, half | verdict.missing in wholes) == (JudgementKind.PARTIAL, True)


@pytest.mark.parametrize(
    "technique",
    sorted(
        {
            entry.technique
            for entry in ENTRIES
            if entry.technique in PATTERNS and len(entry.eliminations) > 1
        }
    ),
)
def test_half_a_pattern_is_partial_and_told_the_rest_of_one(technique: str) -> None:
    halves = [entry for entry in entries_of(technique) if len(entry.eliminations) > 1]
    assert failing(halves, half_is_partial_and_told_the_rest) == []


def test_nothing_chosen_is_partial() -> None:
    entry = ENTRIES[0]
    verdict = check_answer(position_of(entry), entry.technique, Attempt())
    assert (verdict.kind, verdict.missing) == (JudgementKind.PARTIAL, stored(entry))
