"""What a share link's page shows of its puzzle, worked out once: the solve, the count of
solutions, the rating's path, the dead end of a puzzle with no solution, and the links that
open it on other sites.

Each worker keeps them by the puzzle's code and the budgets that decided them, so a repeat
view only renders; a final page's facts also go to the shared results, for every server.
Nothing a wall-time ceiling stopped is kept: it says something about the moment, not the
puzzle. A new puzzle's facts are worked out in one turn at the solver seat, so requests for
the same new puzzle that queue behind it find them there instead of each working them out.

facts_of adds what the job queue knows of the work the page offers to hand on (a solve
that gave up, a rating that took no step), asked afresh each time: the page's one read of
its facts (solve/view.py's share_page words them; no view model reads the queue).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app, g

from ..jobs import job_queue, shared, shared_results
from ..jobs.job import EXPLAIN, SOLVE
from ..sudoku import GAVE_UP, NO_SOLUTION, DeadEnd, Puzzle, SolveResult, find_dead_end
from ..sudoku.counting import TIME, SolutionCount
from ..sudoku.links import open_in
from ..sudoku.logic import CEILING, SOLVED, STOPPED, Path
from .cache import LruCache, is_solve_cached, path_within_budget, result_cache_bytes, solve_budget
from .cache import solve_within_budget as solve_of
from .job_facts import JobFacts, job_facts
from .solution_counts import count_within_budget
from .solver_seat import solver_seat

FACTS_CACHE_KEY = "webapp.page_facts"


@dataclass(frozen=True)
class PageFacts:
    """Everything a share link's page shows that the engine decides, for one puzzle."""

    result: SolveResult
    count: SolutionCount | None  # None unless it has more than one solution
    path: Path | None  # the rating's path; None unless it has one solution
    dead_end: DeadEnd | None  # where singles run out, for a no_solution without clashes
    elsewhere: tuple[tuple[str, str], ...]  # "Open in" labels and addresses

    @property
    def counted_in_full(self) -> bool:
        """False when the count's budget cut it short."""
        return self.count is None or not self.count.cut_short

    @property
    def final(self) -> bool:
        """Whether the page says all there is to say: decided, counted in full and rated to
        the end. Such a page is the same on every server, today and tomorrow."""
        rated = self.path is None or self.path.status == SOLVED
        return self.result.status != GAVE_UP and self.counted_in_full and rated

    @property
    def of_the_moment(self) -> bool:
        """Whether wall time cut some of it short: then it says something of the moment, not
        of the puzzle, and is never kept or shared."""
        return (
            self.result.stopped_by_ceiling
            or (self.count is not None and self.count.stopped_by == TIME)
            or (self.path is not None and self.path.status == CEILING)
        )

    @property
    def may_change(self) -> bool:
        """Whether another moment could give another answer: wall time cut some of it short,
        or a job may yet decide it (a gave_up solve). Such facts are never kept."""
        return self.result.status == GAVE_UP or self.of_the_moment


def init_app(app: Flask) -> None:
    """Give `app` its cache of page facts, SOLVE_CACHE_SIZE of them and RESULT_CACHE_MB (0
    turns it off)."""
    size, most = int(app.config["SOLVE_CACHE_SIZE"]), result_cache_bytes(app)
    app.extensions[FACTS_CACHE_KEY] = LruCache[str, PageFacts](size, most_bytes=most)


def _kept_facts() -> LruCache[str, PageFacts] | None:
    """This worker's page facts, by facts_name (None when it keeps none)."""
    cache: LruCache[str, PageFacts] | None = current_app.extensions.get(FACTS_CACHE_KEY)
    return cache


@dataclass(frozen=True)
class ShareFacts:
    """Everything a share link's page shows of its puzzle: what the engine decided (kept,
    `decided`) and what the job queue knows of the work the page offers to hand on (asked
    afresh each time: a job starts and ends meanwhile), with the links elsewhere."""

    decided: PageFacts
    job: JobFacts | None  # a solve that gave up, or a rating that took no step in its work

    @property
    def result(self) -> SolveResult:
        """The solve."""
        return self.decided.result

    @property
    def count(self) -> SolutionCount | None:
        """The count of solutions of one with more than one."""
        return self.decided.count

    @property
    def path(self) -> Path | None:
        """The rating's path of one with one solution."""
        return self.decided.path

    @property
    def dead_end(self) -> DeadEnd | None:
        """Where singles run out in one with no solution and no clashes."""
        return self.decided.dead_end

    @property
    def elsewhere(self) -> tuple[tuple[str, str], ...]:
        """The "Open in" labels and addresses."""
        return self.decided.elsewhere

    @property
    def counted_in_full(self) -> bool:
        """False when the count's budget cut it short."""
        return self.decided.counted_in_full

    @property
    def of_the_moment(self) -> bool:
        """Whether wall time cut some of it short (PageFacts.of_the_moment)."""
        return self.decided.of_the_moment


def facts_of(puzzle: Puzzle) -> ShareFacts:
    """Everything the share link of `puzzle` shows: what the engine decided (decided_facts)
    and, when its work ran out of a page's budget, what the queue knows of a job on it."""
    decided = decided_facts(puzzle)
    result, path = decided.result, decided.path
    if result.status == GAVE_UP:
        return ShareFacts(decided, job_facts(SOLVE, puzzle))
    if path is not None and path.status == STOPPED and not path.steps:
        return ShareFacts(decided, job_facts(EXPLAIN, puzzle))  # not rated: a job may go on
    return ShareFacts(decided, None)


def decided_facts(puzzle: Puzzle) -> PageFacts:
    """What the engine decides of `puzzle` for its share link, from this worker, the shared
    results, or worked out within the app's budgets. The request log's `g.solve` says which."""
    cache = _kept_facts()
    name = facts_name(puzzle)
    facts = cache.get(name) if cache is not None else None
    if facts is None:
        facts = _shared_facts(name)
        if facts is not None and cache is not None:
            cache.put(name, facts)
    if facts is not None and facts.final:
        return _noted(facts)
    if facts is None and not is_solve_cached(puzzle):
        # One turn at the seat for the solve, count and rating together; a request for the
        # same puzzle ahead in the line may have worked it all out meanwhile.
        with solver_seat().taken():
            facts = cache.get(name) if cache is not None else None
            if facts is not None and facts.final:
                return _noted(facts)
            return _work_out(puzzle, name)
    # Known in part: the caches below answer, and a job may have gone further since.
    return _work_out(puzzle, name, facts)


def _noted(facts: PageFacts) -> PageFacts:
    """`facts`, found kept, noted for the request log as a cached solve."""
    g.solve = {"outcome": facts.result.status, "nodes": facts.result.nodes, "cached": True}
    return facts


def facts_name(puzzle: Puzzle) -> str:
    """The key of a puzzle's facts: its code (rules included) and every budget that decides
    what its page shows (the solve's, the count's nodes, the rating's work)."""
    config = current_app.config
    budget = solve_budget()
    counting = config["COUNT_BUDGET_NODES"]
    rating = int(config["RATING_BUDGET_WORK"])
    return f"{puzzle.code}:{budget.nodes}:{budget.sat_conflicts}:{counting}:{rating}"


def _work_out(puzzle: Puzzle, name: str, known: PageFacts | None = None) -> PageFacts:
    """Ask the engine (through the per-feature caches) for everything the page shows; the
    links elsewhere, which depend on the puzzle alone, from the facts `known` before."""
    result = solve_of(puzzle)
    facts = PageFacts(
        result,
        count_within_budget(result),
        path_within_budget(puzzle, result, "RATING"),
        dead_end_of(result),
        known.elsewhere if known is not None else open_elsewhere(puzzle),
    )
    if facts.may_change:
        return facts
    cache = _kept_facts()
    if cache is not None:
        cache.put(name, facts)
    everyone = shared_results()
    if everyone is not None and facts.final:
        shared.keep_page_facts(everyone, name, facts)
    return facts


def dead_end_of(result: SolveResult) -> DeadEnd | None:
    """Where singles run out from the givens of a puzzle `result` proved has no solution and
    whose givens do not clash; None for any other."""
    if result.status != NO_SOLUTION or result.conflicts:
        return None
    return find_dead_end(result.puzzle)


def _shared_facts(name: str) -> PageFacts | None:
    """A final page's facts another server (or this one, before a restart) kept."""
    kept = shared.kept_page_facts(job_queue().results, name)
    return kept if isinstance(kept, PageFacts) and kept.final else None


def open_elsewhere(puzzle: Puzzle) -> tuple[tuple[str, str], ...]:
    """Links that open a 9x9 puzzle in other solvers (links.open_in); none for others."""
    return tuple((f"Open in {link.site}", link.url) for link in open_in(puzzle))
