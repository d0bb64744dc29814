"""What a solve returns: a status, the solutions found and how much work it took."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from .conflicts import Conflict
from .grid import Grid
from .puzzle import Puzzle


@unique
class SolveStatus(StrEnum):
    """What the exact solver decided about a puzzle: how many solutions it has, or that its
    budget ran out first. The values are what JSON, links and stored results say."""

    SOLVED = "solved"  # exactly one solution
    MULTIPLE = "multiple"  # two or more
    NO_SOLUTION = "no_solution"
    GAVE_UP = "gave_up"  # the budget ran out before it was decided


# The members under their old names, which many callers use.
SOLVED = SolveStatus.SOLVED
MULTIPLE = SolveStatus.MULTIPLE
NO_SOLUTION = SolveStatus.NO_SOLUTION
GAVE_UP = SolveStatus.GAVE_UP
STATUSES = tuple(SolveStatus)

# Which solver's answer a result is: the exact search, or the SAT solver it hands
# big grids to (sat.py).
SEARCH = "search"
SAT = "sat"
ENGINES = (SEARCH, SAT)


def status_for(found: int, gave_up: bool) -> SolveStatus:
    """The status of a search that found `found` solutions and did or did not run out of budget."""
    if found >= 2:
        return MULTIPLE
    if gave_up:
        return GAVE_UP
    return SOLVED if found else NO_SOLUTION


@dataclass(frozen=True)
class Budget:
    """The most work one solve may do, and a safety ceiling.

    `nodes` (the search's) and `sat_conflicts` (CaDiCaL's, on big grids) decide the
    answer: the same puzzle and budget give the same result on any machine at any load.
    `ceiling_seconds` only keeps a busy server responsive: a solve it stops says so
    (SolveResult.stopped_by_ceiling), and that says nothing about the puzzle.
    The defaults take about a second on one idle core (docs/architecture.md, "Budgets").
    """

    nodes: int = 200_000
    sat_conflicts: int = 18_000
    ceiling_seconds: float = 10.0


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve.

    `status` is a SolveStatus. `solutions` holds what the search found, in
    order: one for solved, the first two (or up to the requested count) for
    multiple, possibly some for gave_up, none for no_solution. `conflicts`
    lists clashing givens when that is why there is no solution. `exhausted`
    is True when the whole search space was explored, so the number of
    solutions found is the exact count.

    `engine` says whose answer this is: SEARCH, or SAT when the search ran
    out of its share of time on a big grid and CaDiCaL had the rest (its
    answer stands, gave_up included; the solutions the search found come
    first). `nodes` and `propagated` are always the search's work;
    `sat_conflicts` is the SAT solver's, 0 when it did not run.

    `stopped_by_ceiling` is True when the budget's wall-time ceiling, not its work, ended
    a gave_up: an answer about the server at that moment, never cached, shared or shown as
    the puzzle's.
    """

    status: SolveStatus
    puzzle: Puzzle
    solutions: tuple[Grid, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    nodes: int = 0
    propagated: int = 0
    ms: float = 0.0
    exhausted: bool = False
    engine: str = SEARCH
    sat_conflicts: int = 0
    stopped_by_ceiling: bool = False

    @property
    def solution(self) -> Grid | None:
        """The unique solution when solved, else None."""
        return self.solutions[0] if self.status == SOLVED else None
