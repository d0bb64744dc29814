"""The practice checker (webapp/sudoku/lessons/checker.py), over every position of the shipped
bank: the stored step is the engine's, nothing easier applies, every right application is
accepted and wrong ones are refused."""

from __future__ import annotations

from functools import cache

import pytest

from webapp.sudoku import solve
from webapp.sudoku.grid import Grid
from webapp.sudoku.lessons import Answer, BankEntry, VerdictKind, check_answer
from webapp.sudoku.lessons.checker import instances_of
from webapp.sudoku.logic import next_step
from webapp.sudoku.logic.techniques import techniques_for
from webapp.sudoku.parse import read_code
from webapp.web.learn.shipped import shipped_bank

ENTRIES = shipped_bank().entries
IDS = [f"{entry.technique}:{entry.source}" for entry in ENTRIES]


@cache
def solution_of(entry: BankEntry) -> Grid:
    """The entry's puzzle's one solution."""
    solution = solve(read_code(entry.puzzle)).solution
    assert solution is not None
    return solution


def stored(entry: BankEntry) -> Answer:
    """What the bank says the step does."""
    return Answer(frozenset(entry.eliminations), frozenset(entry.placements))


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_the_stored_step_is_the_engines_next_step(entry: BankEntry) -> None:
    step = next_step(entry.position())
    assert step is not None
    assert (step.technique, Answer.of_step(step)) == (entry.technique, stored(entry))


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_no_easier_technique_applies(entry: BankEntry) -> None:
    # "easier" as a path asks: every other technique listed before this one's first listing
    # (a chain's length can rate it above a later-listed technique that a path never reaches)
    position = entry.position()
    listed = techniques_for(position.geometry)
    first = next(place for place, (slug, _, _) in enumerate(listed) if slug == entry.technique)
    easier = [
        slug
        for slug, _, finder in listed[:first]
        if slug != entry.technique and next(finder(position), None) is not None
    ]
    assert easier == []


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_every_application_of_the_technique_is_right(entry: BankEntry) -> None:
    position = entry.position()
    kinds = {
        check_answer(position, entry.technique, Answer.of_step(step)).kind
        for step in instances_of(position, entry.technique)
    }
    assert kinds == {VerdictKind.RIGHT}


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_removing_a_true_candidate_is_wrong_and_said_untrue(entry: BankEntry) -> None:
    position, solution = entry.position(), solution_of(entry)
    cell = next(cell for cell, value in enumerate(position.values) if not value)
    true = (cell, solution.cells[cell])
    verdict = check_answer(
        position, entry.technique, stored(entry) | Answer(frozenset({true})), solution
    )
    assert (verdict.kind, verdict.untrue) == (VerdictKind.WRONG, Answer(frozenset({true})))


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_a_sound_removal_of_another_technique_is_wrong(entry: BankEntry) -> None:
    position, solution = entry.position(), solution_of(entry)
    done = Answer()
    for step in instances_of(position, entry.technique):
        done |= Answer.of_step(step)
    other = next(
        (cell, value)
        for cell, mask in enumerate(position.candidates)
        for value in range(1, position.size + 1)
        if mask >> value & 1
        and value != solution.cells[cell]
        and (cell, value) not in done.eliminations
    )
    verdict = check_answer(position, entry.technique, Answer(frozenset({other})), solution)
    assert (verdict.kind, verdict.untrue) == (VerdictKind.WRONG, Answer())


# Techniques whose instances are whole patterns, each with all its removals: half of one is
# no other instance (a chain's instances may each remove one candidate, so half is right).
PATTERNS = frozenset(
    {
        "pointing",
        "claiming",
        "locked-pair",
        "naked-pair",
        "hidden-pair",
        "locked-triple",
        "naked-triple",
        "hidden-triple",
        "naked-quad",
        "hidden-quad",
        "x-wing",
        "swordfish",
        "jellyfish",
    }
)


@pytest.mark.parametrize(
    "entry",
    [entry for entry in ENTRIES if entry.technique in PATTERNS and len(entry.eliminations) > 1],
    ids=lambda entry: f"{entry.technique}:{entry.source}",
)
def test_half_a_pattern_is_partial_and_told_the_rest_of_one(entry: BankEntry) -> None:
    position, half = entry.position(), Answer(frozenset(entry.eliminations[:1]))
    verdict = check_answer(position, entry.technique, half)
    wholes = {Answer.of_step(step) for step in instances_of(position, entry.technique)}
    assert (verdict.kind, half | verdict.missing in wholes) == (VerdictKind.PARTIAL, True)


def test_nothing_chosen_is_partial() -> None:
    entry = ENTRIES[0]
    verdict = check_answer(entry.position(), entry.technique, Answer())
    assert (verdict.kind, verdict.missing) == (VerdictKind.PARTIAL, stored(entry))
