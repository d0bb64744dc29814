"""What each kind of job does with its puzzle (or order), reporting its phase and work as it
goes."""

from __future__ import annotations

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
# The work of a "Keep explaining" job's path (logic/work.py): twenty page explanations,
# about 40 s on one idle core, so that the path a job keeps is the same on any consumer.
# The job's seconds are only its ceiling: a path they stop is not kept.
EXPLAIN_JOB_WORK = 2_000_000
# The work of a "Keep working" solve, in page budgets (a page's takes about a second on one
# idle core) per second of the job's: half its seconds' worth, so that the job's seconds stay
# a ceiling even on a busy consumer, and the answer it keeps is the same on any consumer.
PAGES_PER_SECOND = 0.5


def job_solve_budget(seconds: float) -> Budget:
    """The budget of a solve in a job of `seconds`: PAGES_PER_SECOND page budgets of work per
    second, and `seconds` as its ceiling."""
    page, pages = Budget(), seconds * PAGES_PER_SECOND
    return Budget(
        nodes=max(page.nodes, int(page.nodes * pages)),
        sat_conflicts=max(page.sat_conflicts, int(page.sat_conflicts * pages)),
        ceiling_seconds=seconds,
    )


def keep_solving(puzzle: Puzzle, seconds: float, report: Report) -> SolveResult:
    """Solve `puzzle`, looking for two solutions, within job_solve_budget(`seconds`)."""
    report("searching for solutions", 0, SEARCH_NODES)

    def counted(unit: str, done: int) -> None:
        phase = "the SAT solver at work" if unit == SAT_CONFLICTS else "searching for solutions"
        report(phase, done, unit)

    return solve(puzzle, max_solutions=2, budget=job_solve_budget(seconds), progress=counted)


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
        order.size,
        order.level,
        order.symmetry,
        order.seed,
        seconds=seconds,
        progress=attempted,
        variant=order.variant,
    )
