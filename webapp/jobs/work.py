"""What each kind of job does with its puzzle (or order), reporting its phase and work as it
goes."""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..explanations.records import path_for
from ..sudoku import SOLVED, Budget, Puzzle, SolveResult, solve
from ..sudoku.generator import Generated, Order, generate
from ..sudoku.logic import Path
from ..sudoku.solver import SAT_CONFLICTS, SEARCH_NODES

# report(phase, work done, what the work counts): the job's progress, for its page.
Report = Callable[[str, int, str], None]
# What a generate job's work counts: the generator's attempts, each a puzzle tried.
ATTEMPTS = "attempts"
# The work of a "Keep explaining" job's path (logic/budget.py): twenty page explanations,
# about 40 s on one idle core, so that the path a job keeps is the same on any consumer.
# The job's seconds are only its ceiling: a path they stop is not kept.
EXPLAIN_JOB_WORK = 2_000_000


def keep_solving(puzzle: Puzzle, seconds: float, report: Report) -> SolveResult:
    """Solve `puzzle`, looking for two solutions, for up to `seconds` (no node limit)."""
    report("searching for solutions", 0, SEARCH_NODES)

    def counted(unit: str, done: int) -> None:
        phase = "the SAT solver at work" if unit == SAT_CONFLICTS else "searching for solutions"
        report(phase, done, unit)

    budget = Budget(nodes=sys.maxsize, seconds=seconds)
    return solve(puzzle, max_solutions=2, budget=budget, progress=counted)


def keep_explaining(
    puzzle: Puzzle, seconds: float, report: Report, decided: SolveResult | None = None
) -> tuple[SolveResult, Path | None]:
    """The easiest-first path of `puzzle` within EXPLAIN_JOB_WORK, after the exact solve that
    says it has one solution (`decided`, when already known, else made here), the two
    within `seconds`."""
    if decided is None or decided.status != SOLVED:
        report("checking the puzzle has one solution", 0, "")
        decided = keep_solving(puzzle, seconds, report)
    report("finding the easiest step at each point", 0, "")
    left = max(0.1, seconds - decided.ms / 1000)
    return decided, path_for(puzzle, decided, EXPLAIN_JOB_WORK, left)


def keep_generating(order: Order, seconds: float, report: Report) -> Generated:
    """Make the puzzle `order` asks for, trying for up to `seconds`; the same puzzle a
    request would have made, since only the time it may take differs."""

    def attempted(tried: int) -> None:
        report("trying puzzles until one has the level asked for", tried, ATTEMPTS)

    attempted(0)
    return generate(
        order.size, order.level, order.symmetry, order.seed, seconds=seconds, progress=attempted
    )
