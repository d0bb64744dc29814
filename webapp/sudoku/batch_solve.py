"""Solving a batch: each puzzle solved by the exact solver and, with one solution, rated on
its easiest-first path, each within its own budget and all within the batch's.

Every row says honestly what was done: a puzzle the solver could not decide in its budget
is gave_up; one the batch's time ran out before is gave_up too, and says it was not tried;
a rating cut short by its work is a floor (`rated_to_end` False), the same on every
server. The batch's seconds are only a ceiling that keeps a request responsive: a row
the ceiling stopped says so, and that it is about the server, not the puzzle.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from .alphabet import STANDARD
from .batch import Entry
from .logic import PathStatus, find_path
from .logic.levels import level_of
from .result import SAT, Budget, SolveResult, SolveStatus
from .solver import solve

# What a row says when the batch's ceiling, not its work, stopped its solve.
STOPPED_BY_CEILING = "not decided: the server stopped the batch to stay responsive (try again)"


@unique
class RowStatus(StrEnum):
    """What became of one line of a batch (or of `sudoku solve`): the exact solver's status,
    or that the line cannot be read as a puzzle."""

    SOLVED = SolveStatus.SOLVED.value
    MULTIPLE = SolveStatus.MULTIPLE.value
    NO_SOLUTION = SolveStatus.NO_SOLUTION.value
    GAVE_UP = SolveStatus.GAVE_UP.value
    INVALID = "invalid"


# Below this many seconds left under the batch's ceiling, a rating is not begun.
LEAST_RATING_SECONDS = 0.005

# progress(rows done, rows in all), after each row.
OnProgress = Callable[[int, int], None]


@dataclass(frozen=True)
class BatchBudget:
    """The work a batch may do: each puzzle's solve, each puzzle's rating, and in all."""

    solve: Budget
    rating_work: int  # units of work for each rating (logic/work.py)
    seconds: float  # a ceiling for the whole batch


@dataclass(frozen=True)
class Row:
    """What became of one puzzle of a batch: its place, status, share code, givens, and its
    rating, level and hardest technique when it has one solution and was rated; `message`
    says why it could not be read, decided or rated to the end."""

    index: int
    line: int | None
    text: str
    status: RowStatus
    code: str | None = None
    size: int | None = None
    givens: int | None = None
    rating: float | None = None
    level: str | None = None
    hardest: str | None = None
    rated_to_end: bool = False
    message: str = ""
    alphabet: str = STANDARD  # what the line was written in: its links show it so


def solve_batch(
    entries: Iterable[Entry], budget: BatchBudget, progress: OnProgress | None = None
) -> tuple[Row, ...]:
    """A row for each entry (batch.py), in order, solved and rated within `budget`."""
    entries = tuple(entries)
    deadline = time.perf_counter() + budget.seconds
    rows = []
    for entry in entries:
        rows.append(_row(entry, budget, deadline))
        if progress is not None:
            progress(len(rows), len(entries))
    return tuple(rows)


def counts(rows: Iterable[Row]) -> dict[str, int]:
    """How many rows have each status (every status named, 0 included), and in all."""
    found = Counter(row.status for row in rows)
    return {**{status: found[status] for status in RowStatus}, "total": found.total()}


def _work(result: SolveResult) -> str:
    """The work a solve did, in words: "250,000 search nodes", with the SAT solver's."""
    work = f"{result.nodes:,} search node{'' if result.nodes == 1 else 's'}"
    if result.engine == SAT:
        work += f" and {result.sat_conflicts:,} SAT conflicts"
    return work


def _row(entry: Entry, budget: BatchBudget, deadline: float) -> Row:
    """The row of one entry: read, solved and rated in what is left of the batch's time."""
    if entry.puzzle is None:
        message = entry.error.message if entry.error is not None else "it is not a puzzle"
        return Row(entry.index, entry.line, entry.text, RowStatus.INVALID, message=message)
    puzzle = entry.puzzle
    read = Row(
        entry.index,
        entry.line,
        entry.text,
        RowStatus.GAVE_UP,
        code=puzzle.code,
        size=puzzle.size,
        givens=puzzle.givens,
        alphabet=entry.alphabet or STANDARD,
    )
    left = deadline - time.perf_counter()
    if left <= 0:
        return replace(read, message=f"not tried: the batch's {budget.seconds:g} s ran out first")
    # The row's work decides it; what is left of the batch's seconds is only a ceiling.
    ceiling = min(budget.solve.ceiling_seconds, left)
    result = solve(puzzle, max_solutions=2, budget=replace(budget.solve, ceiling_seconds=ceiling))
    if result.stopped_by_ceiling:
        return replace(read, message=STOPPED_BY_CEILING)
    if result.status == SolveStatus.GAVE_UP:
        return replace(read, message=f"not decided within its work budget ({_work(result)})")
    if result.status != SolveStatus.SOLVED:
        return replace(read, status=RowStatus(result.status))
    solved = replace(read, status=RowStatus.SOLVED)
    left = deadline - time.perf_counter()
    busy = "not rated: the server stopped the batch to stay responsive (try again)"
    if left < LEAST_RATING_SECONDS:
        return replace(solved, message=busy)
    path = find_path(puzzle, work=budget.rating_work, unique=True, ceiling_seconds=left)
    if path.status == PathStatus.CEILING:
        return replace(solved, message=busy)
    complete = path.status == PathStatus.SOLVED
    if not path.steps and not complete:
        return replace(solved, message="not rated: its first step needs more work")
    message = ""
    if not complete:
        stopped = path.status == PathStatus.STOPPED
        why = "its work ran out" if stopped else "the engine lacks the technique"
        message = f"rated up to where {why}: the rating is a floor"
    return replace(
        solved,
        rating=path.rating,
        level=level_of(path.rating),
        hardest=path.hardest,
        rated_to_end=complete,
        message=message,
    )
