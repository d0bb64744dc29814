"""The engine's solve and easiest-first path for the web: held to the app's budgets, their
input bounded, their results remembered by share code."""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from flask import Flask, abort, current_app, g

from ..explanations.records import path_for
from ..jobs import job_queue, shared, shared_results
from ..sudoku import GAVE_UP, Budget, Puzzle, SolveResult, solve
from ..sudoku import SOLVED as ONE_SOLUTION
from ..sudoku.geometry import TABLES
from ..sudoku.held import held_bytes
from ..sudoku.logic import CEILING, SOLVED, Path, Position, encode_marks, path_from
from ..sudoku.puzzle import longest_code
from ..sudoku.shape import SHAPES_BY_CELLS
from .solver_seat import solver_seat

MEGABYTE = 1024 * 1024
CACHE_KEY = "webapp.solve_cache"
PATH_CACHE_KEY = "webapp.path_cache"
ASKED_KEY = "webapp.engine_asked"
# The codes EngineAsked keeps of each kind, newest last.
ASKED_KEPT = 256


@dataclass
class EngineAsked:
    """The puzzles (share codes) an app last asked the engine to solve and to find a path
    for, newest last, ASKED_KEPT of each: the work no cache answered, so what a repeat view
    saved can be seen from outside."""

    solves: deque[str] = field(default_factory=lambda: deque(maxlen=ASKED_KEPT))
    paths: deque[str] = field(default_factory=lambda: deque(maxlen=ASKED_KEPT))


def engine_asked(app: Flask) -> EngineAsked:
    """What `app` asked the engine to work out."""
    asked: EngineAsked = app.extensions[ASKED_KEY]
    return asked


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """The latest results by key, up to `size` of them in all as `weigh` counts them (each
    one 1 unless given, e.g. a rendered page by its bytes); the least recently used is
    dropped first, and a result weighing more than `largest` is not kept. With `most_bytes`,
    also no more than that many bytes in all as held_bytes weighs each result with its key
    (a Jigsaw's result with its map's tables), a result over half of them not kept.

    One per app, so one per gunicorn worker: a share link that goes viral
    costs each worker one solve. A lock keeps it sound under a threaded server.
    """

    def __init__(
        self,
        size: int,
        weigh: Callable[[V], int] | None = None,
        largest: int | None = None,
        most_bytes: int | None = None,
    ) -> None:
        self.size = size
        self.held = 0  # what the results weigh in all
        self.most_bytes = most_bytes
        self.bytes_held = 0  # what held_bytes finds in the results and their keys
        self._weigh = weigh or (lambda _: 1)
        self._largest = size if largest is None else largest
        self._results: OrderedDict[K, V] = OrderedDict()
        self._bytes: dict[K, int] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._results)

    def get(self, key: K) -> V | None:
        """The result stored under `key`, now the most recently used; None if absent."""
        with self._lock:
            result = self._results.get(key)
            if result is not None:
                self._results.move_to_end(key)
            return result

    def put(self, key: K, result: V) -> None:
        """Store `result` under `key`, dropping the least recently used beyond `size` (and
        `most_bytes`)."""
        weight = self._weigh(result)
        if self.size <= 0 or weight > self._largest:
            return
        nbytes = 0
        if self.most_bytes is not None:
            nbytes = held_bytes((key, result))
            if nbytes > self.most_bytes // 2:
                return
        with self._lock:
            old = self._results.pop(key, None)
            self.held += weight - (self._weigh(old) if old is not None else 0)
            self.bytes_held += nbytes - self._bytes.pop(key, 0)
            self._results[key] = result
            self._bytes[key] = nbytes
            while self.held > self.size or (
                self.most_bytes is not None and self.bytes_held > self.most_bytes
            ):
                dropped_key, dropped = self._results.popitem(last=False)
                self.held -= self._weigh(dropped)
                self.bytes_held -= self._bytes.pop(dropped_key)


def init_app(app: Flask) -> None:
    """Give `app` its solve and path caches, SOLVE_CACHE_SIZE results and RESULT_CACHE_MB
    each (0 turns them off); hold the engine's tables per geometry to GEOMETRY_CACHE_MB (one
    budget per process: the app started last sets it)."""
    size, most = int(app.config["SOLVE_CACHE_SIZE"]), result_cache_bytes(app)
    app.extensions[CACHE_KEY] = LruCache[tuple[str, Budget], SolveResult](size, most_bytes=most)
    app.extensions[PATH_CACHE_KEY] = LruCache[tuple[str, str, int], tuple[Path | None]](
        size, most_bytes=most
    )
    TABLES.budget = int(float(app.config["GEOMETRY_CACHE_MB"]) * MEGABYTE)
    app.extensions[ASKED_KEY] = EngineAsked()


def result_cache_bytes(app: Flask) -> int:
    """The bytes each of `app`'s caches of results may hold: RESULT_CACHE_MB."""
    return int(float(app.config["RESULT_CACHE_MB"]) * MEGABYTE)


def _solves() -> LruCache[tuple[str, Budget], SolveResult] | None:
    """This app's solves, by share code and budget (None when the app keeps none)."""
    cache: LruCache[tuple[str, Budget], SolveResult] | None = current_app.extensions.get(CACHE_KEY)
    return cache


def solve_within_budget(puzzle: Puzzle) -> SolveResult:
    """Solve `puzzle`, looking for two solutions, within SOLVE_BUDGET_NODES and
    SOLVE_BUDGET_CONFLICTS, with SOLVE_CEILING_SECONDS as a safety net.

    The outcome is noted on `g.solve` (status, nodes, whether it was cached)
    for the request log. gave_up is cached too: it is the dearest outcome, a
    whole budget of CPU, and the one a repeated link would multiply; the budget
    counts work, so the same budget gives the same gave_up on every server, and
    the entry ages out of the cache like any other. A solve the ceiling stopped
    says nothing about the puzzle, only about the moment: it is never cached nor
    shared. Before solving, and in place of a gave_up, a result kept in the shared
    results (by a job, or with SOLVE_CACHE_URL by any server) answers; a decided
    result is kept there for the others.
    """
    budget = solve_budget()
    cache = _solves()
    key = (puzzle.code, budget)
    result = cache.get(key) if cache is not None else None
    if result is None or result.status == GAVE_UP:
        # A job, or another server, may have decided it (or worked on it longer).
        kept = shared.kept_solve(job_queue().results, puzzle)
        if kept is not None and _at_least_as_far(kept.result, budget):
            result = kept.result
            if cache is not None:
                cache.put(key, result)
    cached = result is not None
    if result is None:
        with solver_seat().taken():
            engine_asked(current_app).solves.append(puzzle.code)
            result = solve(puzzle, max_solutions=2, budget=budget)
        if cache is not None and not result.stopped_by_ceiling:
            cache.put(key, result)
        everyone = shared_results()
        if everyone is not None and result.status != GAVE_UP:
            shared.keep_solve(everyone, result, budget.ceiling_seconds)
    g.solve = {"outcome": result.status, "nodes": result.nodes, "cached": cached}
    return result


def _at_least_as_far(kept: SolveResult, budget: Budget) -> bool:
    """Whether a kept solve answers for one within `budget`: decided, or it gave up after
    at least the work `budget` allows (a job's)."""
    if kept.status != GAVE_UP:
        return True
    if kept.stopped_by_ceiling:
        return False
    return kept.nodes >= budget.nodes or kept.sat_conflicts >= budget.sat_conflicts


def is_solve_cached(puzzle: Puzzle) -> bool:
    """Whether this worker has a solve of `puzzle` within the request's budget already."""
    cache = _solves()
    return cache is not None and cache.get((puzzle.code, solve_budget())) is not None


def remember_solve(result: SolveResult) -> None:
    """Remember a decided solve made elsewhere (the generator's proof that a puzzle it made
    has one solution) as this worker's solve of its puzzle: decided, it stands for any budget."""
    assert result.status != GAVE_UP
    cache = _solves()
    if cache is not None:
        cache.put((result.puzzle.code, solve_budget()), result)


def solve_budget() -> Budget:
    """The budget of a solve in a request: SOLVE_BUDGET_NODES and SOLVE_BUDGET_CONFLICTS, and
    SOLVE_CEILING_SECONDS."""
    config = current_app.config
    return Budget(
        nodes=int(config["SOLVE_BUDGET_NODES"]),
        sat_conflicts=int(config["SOLVE_BUDGET_CONFLICTS"]),
        ceiling_seconds=float(config["SOLVE_CEILING_SECONDS"]),
    )


def path_within_budget(
    puzzle: Puzzle,
    result: SolveResult,
    budget: str = "EXPLAIN",
    start: Position | None = None,
) -> Path | None:
    """The easiest-first path of `puzzle`, which the solver decided as `result`, found within
    the work of `budget` (EXPLAIN or RATING: the config's {budget}_BUDGET_WORK, and
    {budget}_CEILING_SECONDS as a safety net), holding the solver seat; None unless it has
    one solution. From `start` when given: pasted pencil marks on `puzzle`'s cells, checked
    by the caller (they keep the one solution), so uniqueness techniques may reason from them.

    Remembered like solves: stepping through an explanation asks for the same path once a
    step, and a path the budget cut short would cost the whole budget again each time (it
    is the same path on every server: the budget counts work). A path cut short gives way
    to a longer one a job kept in the shared results. One the ceiling stopped says nothing
    about the puzzle, only about the moment: it is never remembered.
    """
    work = int(current_app.config[f"{budget}_BUDGET_WORK"])
    ceiling = float(current_app.config[f"{budget}_CEILING_SECONDS"])
    cache: LruCache[tuple[str, str, int], tuple[Path | None]] | None = current_app.extensions.get(
        PATH_CACHE_KEY
    )
    marks = encode_marks(start) if start is not None else ""
    key = (puzzle.code, marks, work)
    kept = cache.get(key) if cache is not None else None
    if kept is not None:
        path = kept[0]
    elif start is not None:
        path = None
        if result.status == ONE_SOLUTION:
            with solver_seat().taken():
                engine_asked(current_app).paths.append(puzzle.code)
                path = path_from(start.assuming_unique(), work, ceiling)
    else:
        with solver_seat().taken():
            # A request for the same puzzle ahead in the line may have found it meanwhile.
            ahead = cache.get(key) if cache is not None else None
            if ahead is not None:
                path = ahead[0]
            else:
                engine_asked(current_app).paths.append(puzzle.code)
                path = path_for(puzzle, result, work, ceiling)
    if path is not None and path.status != SOLVED and not marks:
        # A "Keep explaining" job may have gone further.
        path = shared.kept_path(job_queue().results, puzzle) or path
    if cache is not None and kept is None and (path is None or path.status != CEILING):
        cache.put(key, (path,))
    return path


def refuse_long_code(text: str) -> None:
    """Answer 414 before any parsing when `text` is longer than any share code can be."""
    if len(text) > longest_code():
        abort(414)


def refuse_long_progress(text: str) -> None:
    """Answer 414 before any parsing when `text` is longer than any grid's code (a
    player's progress is a grid: no rules follow it)."""
    if len(text) > max(SHAPES_BY_CELLS):
        abort(414)
