"""HoDoKu's regression library (tests/data/hodoku_reglib_1.3.txt) as test cases.

Each case is a pencil-mark position and what one technique must remove or place
there, or, for a "-x" case, that it must find nothing. A family's test file
names its codes (HoDoKu's code -> our slug) and checks each case with `check`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import Position, Step
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines

Candidate = tuple[int, int]


def candidates(text: str) -> set[Candidate]:
    """HoDoKu's "<digit><row><col>" list as (cell, value) pairs."""
    return {((int(item[1]) - 1) * 9 + int(item[2]) - 1, int(item[0])) for item in text.split()}


@dataclass(frozen=True)
class Case:
    """One line of the library."""

    line: int  # its number among the library's cases, 1-based
    code: str  # HoDoKu's technique code, e.g. "0300"
    variant: str  # "" or the variant after the dash; "x": nothing may be found
    digits: frozenset[int]
    givens: str
    deleted: str
    eliminations: frozenset[Candidate]
    placements: frozenset[Candidate]
    extra: str

    @property
    def position(self) -> Position:
        """The pencil-mark position the case describes: its values placed, its deletions made."""
        grid = parse(self.givens.replace("+", ""))
        return Position.from_puzzle(Puzzle(grid)).eliminate(candidates(self.deleted))

    @property
    def fails(self) -> bool:
        """True for a "-x" case: the technique must find nothing."""
        return self.variant == "x"


def read_cases() -> Iterator[Case]:
    """Every case of the library, in order."""
    for number, fields in enumerate(data_lines("hodoku_reglib_1.3.txt", sep=":"), start=1):
        _, technique, digits, givens, deleted, eliminations, placements, *rest = fields
        code, _, variant = technique.partition("-")
        yield Case(
            number,
            code,
            variant,
            frozenset(int(d) for d in digits if d.isdigit()),
            givens,
            deleted,
            frozenset(candidates(eliminations)),
            frozenset(candidates(placements)),
            rest[0] if rest else "",
        )


def cases(codes: dict[str, str], deviations: dict[int, str] | None = None) -> list:
    """The library's cases of `codes` (HoDoKu code -> slug), one pytest param each.

    `deviations` maps a case's line number to why this engine differs there: those
    cases are expected to fail (strict, so a fixed one must leave the list).
    """
    deviations = deviations or {}
    found = []
    for case in read_cases():
        if case.code in codes:
            marks = ()
            if case.line in deviations:
                marks = (pytest.mark.xfail(strict=True, reason=deviations[case.line]),)
            found.append(pytest.param(case, id=f"{codes[case.code]}:{case.line}", marks=marks))
    return found


def check(
    case: Case,
    finder: Callable[[Position], Iterable[Step]],
    slug: str,
    about: Callable[[Step], bool] | None = None,
    exact: bool = True,
) -> None:
    """Assert that the instances `finder` finds in the case's position do what the case says.

    `about` picks the instances the case is about (by default: those on the case's
    digits). With `exact`, their eliminations and placements together are exactly
    the case's; without, they include the case's (a chain finder may find more
    instances, each sound, than the one HoDoKu names).
    """
    position = case.position
    found = list(finder(position))
    assert all(step.technique == slug for step in found)
    if case.fails:
        assert found == []
        return
    chosen = [step for step in found if (about(step) if about else set(step.digits) == case.digits)]
    eliminations = {candidate for step in chosen for candidate in step.eliminations}
    placements = {candidate for step in chosen for candidate in step.placements}
    if exact:
        assert (eliminations, placements) == (case.eliminations, case.placements)
    else:
        assert eliminations >= case.eliminations and placements >= case.placements
