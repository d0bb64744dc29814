"""How many solutions a puzzle with more than one has, for the web: counted after its solve
within a budget of its own, holding the solver seat, and remembered by share code.

The caps: a count goes up to COUNTED (1,000) solutions, and a page or the API lists at
most listed_for(shape) of them: 100 boards up to 9x9, fewer on bigger grids so that a
page holds about as many cells (8,100) whatever the size.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Flask, abort, current_app
from werkzeug.datastructures import MultiDict

from ..sudoku import MULTIPLE, Budget, Shape, SolveResult
from ..sudoku.counting import COUNTED, SolutionCount, count_solutions_of, counting_budget
from .cache import LruCache, result_cache_bytes
from .solver_seat import solver_seat

COUNT_CACHE_KEY = "webapp.count_cache"

# The most solutions listed, and the most cells of them: 100 boards of 9x9, 12 of 25x25.
LISTED_AT_MOST = 100
LISTED_CELLS = 8_100

ALL_USAGE = "all must be 1 to list every solution, or left out."


def init_app(app: Flask) -> None:
    """Give `app` its cache of counts, COUNT_CACHE_SIZE of them and RESULT_CACHE_MB (0 turns
    it off)."""
    size, most = int(app.config["COUNT_CACHE_SIZE"]), result_cache_bytes(app)
    app.extensions[COUNT_CACHE_KEY] = LruCache[tuple[str, Budget], SolutionCount](
        size, most_bytes=most
    )


def listed_for(shape: Shape) -> int:
    """How many solutions of a grid of `shape` a page or an answer lists at most."""
    return min(LISTED_AT_MOST, LISTED_CELLS // shape.cell_count)


def wants_all(args: MultiDict[str, str]) -> bool:
    """Whether the query asks for every solution (all=1); 400 for any other value of all."""
    value = args.get("all")
    if value is None:
        return False
    if value != "1":
        abort(400, description=ALL_USAGE)
    return True


def count_within_budget(result: SolveResult) -> SolutionCount | None:
    """How many solutions the puzzle `result` found more than one for has, and the first
    listed_for(shape) of them; None when it does not have more than one.

    A solve that explored everything already knows the count. Otherwise the count runs
    within COUNT_BUDGET_NODES (by default the engine's COUNT_NODES for the grid's size),
    with SOLVE_CEILING_SECONDS as a safety net, and is never less than the solutions the
    solve found. A count the ceiling stopped is about the moment, not the puzzle: it is
    never remembered.
    """
    if result.status != MULTIPLE:
        return None
    if result.exhausted:
        return SolutionCount(len(result.solutions), exact=True, solutions=result.solutions)
    puzzle = result.puzzle
    budget = _count_budget(puzzle.shape)
    cache: LruCache[tuple[str, Budget], SolutionCount] | None = current_app.extensions.get(
        COUNT_CACHE_KEY
    )
    key = (puzzle.code, budget)
    count = cache.get(key) if cache is not None else None
    if count is None:
        with solver_seat().taken():
            count = count_solutions_of(puzzle, COUNTED, budget, keep=listed_for(puzzle.shape))
        count = count.at_least(result.solutions)
        if cache is not None and not count.stopped_by_ceiling:
            cache.put(key, count)
    return count


def _count_budget(shape: Shape) -> Budget:
    """The budget of a count in a request: COUNT_BUDGET_NODES (None: the engine's figure
    for the size), and SOLVE_CEILING_SECONDS as its ceiling."""
    config = current_app.config
    budget = counting_budget(shape, float(config["SOLVE_CEILING_SECONDS"]))
    nodes = config["COUNT_BUDGET_NODES"]
    return budget if nodes is None else replace(budget, nodes=int(nodes))
