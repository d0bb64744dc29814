"""How a read grid stands: one solution, clashing digits, more than one, or none.

Said beside a reading so that a misread is caught before Solve: a digit read wrong
usually makes two digits clash, or leaves a puzzle with no solution or several.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from webapp.sudoku import Budget, Conflict, Grid, Puzzle, SolveStatus, find_conflicts, solve
from webapp.sudoku.puzzle import CLASSIC, Rules
from webapp.wording import conflict_message, in_words

# A newspaper's puzzle is decided in a few hundred nodes; this bounds a misread's
# nearly empty grid, which could otherwise search for a second.
STANDING_BUDGET = Budget(nodes=20_000, sat_conflicts=0, ceiling_seconds=1.0)


@unique
class Standing(StrEnum):
    """What the read grid is as a puzzle; the JSON says the value."""

    ONE_SOLUTION = "one_solution"
    CLASHES = "clashes"
    MORE_THAN_ONE = "more_than_one"
    NO_SOLUTION = "no_solution"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class GridStanding:
    """The standing, the clashes behind it (if any), and a sentence saying it."""

    standing: Standing
    conflicts: tuple[Conflict, ...]
    sentence: str


SENTENCES = {
    Standing.ONE_SOLUTION: "The grid as read has one solution.",
    Standing.MORE_THAN_ONE: (
        "The grid as read has more than one solution: a digit may have been missed."
    ),
    Standing.NO_SOLUTION: "The grid as read has no solution: a digit may have been misread.",
    Standing.UNDECIDED: "Whether the grid as read has one solution was not decided quickly.",
}


def stand(grid: Grid, budget: Budget = STANDING_BUDGET, rules: Rules = CLASSIC) -> GridStanding:
    """How `grid` stands as a puzzle of `rules` (a photo's Jigsaw, else classic), decided
    within `budget`."""
    puzzle = Puzzle(grid, rules)
    conflicts = find_conflicts(puzzle)
    if conflicts:
        clashes = in_words(conflict_message(c) for c in conflicts)
        return GridStanding(
            Standing.CLASHES, conflicts, f"The grid as read has clashing digits: {clashes}."
        )
    standing = {
        SolveStatus.SOLVED: Standing.ONE_SOLUTION,
        SolveStatus.MULTIPLE: Standing.MORE_THAN_ONE,
        SolveStatus.NO_SOLUTION: Standing.NO_SOLUTION,
        SolveStatus.GAVE_UP: Standing.UNDECIDED,
    }[solve(puzzle, budget=budget).status]
    return GridStanding(standing, (), SENTENCES[standing])
