"""The practice bank reaches what HoDoKu's library reaches: every technique that is the easiest
step at one of the library's positions has worked examples in the bank, though the bank holds
none of those positions (the library is GPL-3: the tests read it, the package does not ship it).

Which techniques the library reaches is worked out here, each position's next step found
within the bank's own work per path, so the list is the engine's, not one typed by hand.
"""

from __future__ import annotations

from functools import cache

import pytest

from webapp.sudoku import SOLVED, parse, solve
from webapp.sudoku.logic import next_step
from webapp.sudoku.puzzle import Puzzle
from webapp.web.learn.shipped import EXAMPLES, PRACTICE_WANTED, WITHOUT_EXAMPLES, positions

from reglib import candidates, read_cases

# Both tests ask the one walk of the library: one worker runs them, so that it is walked once.
pytestmark = pytest.mark.xdist_group("learn-reach")

# The bank command's work per path (webapp/cli/learn_bank.py's --work default).
WORK = 30_000


@cache
def reached_by_the_library() -> frozenset[str]:
    """The techniques that are the easiest step at some position of the library (one that
    has one solution and keeps every true candidate): the library's own cases, taken as
    the engine reads them."""
    found = set()
    for case in read_cases():
        result = solve(Puzzle(parse(case.givens.replace("+", ""))))
        if result.status != SOLVED or result.solution is None:
            continue
        solution = result.solution.cells
        if any(solution[cell] == value for cell, value in candidates(case.deleted)):
            continue
        step = next_step(case.position.assuming_unique(), WORK)
        if step is not None:
            found.add(step.technique)
    return frozenset(found)


def short_of(least: int) -> dict[str, int]:
    """The techniques the library reaches that have fewer than `least` positions on a 9x9,
    and how many they have."""
    return {
        slug: len(positions(slug, 9))
        for slug in reached_by_the_library()
        if len(positions(slug, 9)) < least
    }


def test_every_technique_the_library_reaches_has_worked_examples() -> None:
    assert short_of(EXAMPLES) == {}


# Every technique the library reaches has its full practice set on a 9x9, not only examples.
def test_every_technique_the_library_reaches_has_a_full_practice_set() -> None:
    assert short_of(PRACTICE_WANTED) == {}


# What a lesson short of examples says it is never the easiest step holds at every position
# of the library, its own cases of that technique included.
NEVER_EASIEST = sorted(
    slug for slug, why in WITHOUT_EXAMPLES.items() if "never the easiest step" in why
)


def test_what_is_said_never_to_be_the_easiest_step_never_is_in_the_library() -> None:
    assert sorted(reached_by_the_library() & set(NEVER_EASIEST)) == []
