"""Results kept in the store for every server to read: decided solves, explanations and
generated puzzles.

What a share link's page shows of a final puzzle (its solve, count, rating path, dead end
and links elsewhere) is kept pickled too, so that no other server works it out again.

A solve is kept as JSON with the seconds of the budget that produced it, and its work
(nodes, SAT conflicts) says how far it went; one the wall-time ceiling stopped is never
kept. An explanation's path is kept pickled: it is
made of the engine's own values, and only the app's own consumers write it, into
a store that Huey trusts with pickled tasks too. Reading never raises: a store that
cannot be reached, or an entry that does not read back, is a miss.

A generation is kept as JSON by its order's code, with the seconds it had: a puzzle,
or a "none found", is the same for every server (the generator is deterministic),
and a generated puzzle's solve is kept beside it, so that its play page, on any
server, need not solve again what the generator has already proved.
"""

from __future__ import annotations

import json
import logging
import pickle
from dataclasses import dataclass, fields
from typing import Any

from ..sudoku import SOLVED, Puzzle, SolveResult, SolveStatus, find_conflicts, parse, read_code
from ..sudoku.generator import VERSION as GENERATOR_VERSION
from ..sudoku.generator import Generated, GenerationStatus, Order
from ..sudoku.logic import VERSION as LOGIC_VERSION
from ..sudoku.logic import Path
from .orders import order_code, order_of
from .store import Store, Unreachable

# Decided results never change; they leave the store only to free room.
KEEP_SECONDS = 30 * 24 * 3600
GRID_FIELDS = {"puzzle", "solutions", "conflicts"}

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Kept:
    """A solve read back from the store, and the seconds of the budget that produced it."""

    result: SolveResult
    seconds: float


def keep_solve(store: Store, result: SolveResult, seconds: float) -> bool:
    """Put `result`, found within `seconds`, where every server finds it; False if the store
    could not be reached, or if the wall-time ceiling stopped the solve: that says nothing
    about the puzzle, so it is never kept."""
    if result.stopped_by_ceiling:
        return False
    record = {
        field.name: getattr(result, field.name)
        for field in fields(result)
        if field.name not in GRID_FIELDS
    }
    record["puzzle"] = result.puzzle.code
    record["solutions"] = [solution.code for solution in result.solutions]
    record["seconds"] = seconds
    return _put(store, f"solve:{result.puzzle.code}", json.dumps(record).encode())


def kept_solve(store: Store, puzzle: Puzzle) -> Kept | None:
    """The solve of `puzzle` kept in the store, or None."""
    data = _get(store, f"solve:{puzzle.code}")
    if data is None:
        return None
    try:
        record: dict[str, Any] = json.loads(data)
        seconds = float(record.pop("seconds"))
        record["puzzle"] = puzzle
        record["solutions"] = tuple(parse(code) for code in record["solutions"])
        record["conflicts"] = find_conflicts(puzzle)
        record["status"] = SolveStatus(record["status"])
        return Kept(SolveResult(**record), seconds)
    except (ValueError, TypeError, KeyError) as error:
        log.warning("a kept solve of %d cells did not read back: %s", len(puzzle.cells), error)
        return None


@dataclass(frozen=True)
class KeptGeneration:
    """A generation read back from the store, and the seconds it had."""

    generated: Generated
    seconds: float


def generated_solve(generated: Generated) -> SolveResult:
    """What the generator proved of a puzzle it made, as a solve: one solution, exhausted."""
    assert (
        generated.status == GenerationStatus.GENERATED and generated.puzzle and generated.solution
    )
    return SolveResult(SOLVED, generated.puzzle, (generated.solution,), exhausted=True)


def keep_generated(store: Store, generated: Generated, seconds: float) -> bool:
    """Put `generated`, made within `seconds`, where every server finds it by its order, and
    a generated puzzle's solve beside it; False if the store could not be reached."""
    record = {
        "status": generated.status,
        "order": order_code(generated.order),
        "puzzle": generated.puzzle.code if generated.puzzle else None,
        "solution": generated.solution.code if generated.solution else None,
        "rating": generated.rating,
        "hardest": generated.hardest,
        "rated_to_end": generated.rated_to_end,
        "attempts": generated.attempts,
        "ms": generated.ms,
        "cpu_ms": generated.cpu_ms,
        "why": generated.why,
        "out_of_time": generated.out_of_time,
        "seconds": seconds,
    }
    key = _generated_key(order_code(generated.order))
    if not _put(store, key, json.dumps(record).encode()):
        return False
    if generated.status == GenerationStatus.GENERATED:
        return keep_solve(store, generated_solve(generated), seconds)
    return True


def kept_generated(store: Store, order: Order) -> KeptGeneration | None:
    """The generation of `order` kept in the store, or None."""
    code = order_code(order)
    data = _get(store, _generated_key(code))
    if data is None:
        return None
    try:
        record: dict[str, Any] = json.loads(data)
        seconds = float(record.pop("seconds"))
        if order_of(record.pop("order")) != order:
            raise ValueError("it is kept under another order's code")
        status = record.pop("status")
        puzzle = record.pop("puzzle")
        solution = record.pop("solution")
        made = Generated(
            **record,
            status=GenerationStatus(status),
            puzzle=puzzle and read_code(puzzle),
            solution=solution and parse(solution),
            order=order,
        )
        return KeptGeneration(made, seconds)
    except (ValueError, TypeError, KeyError) as error:
        log.warning("a kept generation of %s did not read back: %s", code, error)
        return None


def _generated_key(code: str) -> str:
    """Where the generation of the order `code` is kept: under this generator's version,
    as an older one made other puzzles for the same orders."""
    return f"generated:v{GENERATOR_VERSION}:{code}"


def keep_path(store: Store, puzzle: Puzzle, path: Path) -> bool:
    """Put the easiest-first path of `puzzle` where every server finds it."""
    return _put(store, _path_key(puzzle), pickle.dumps(path))


def kept_path(store: Store, puzzle: Puzzle) -> Path | None:
    """The path of `puzzle` kept in the store, or None."""
    data = _get(store, _path_key(puzzle))
    if data is None:
        return None
    try:
        path = pickle.loads(data)
    except Exception as error:  # an entry from another version of the app
        log.warning("a kept path did not read back: %s", error)
        return None
    return path if isinstance(path, Path) else None


def _path_key(puzzle: Puzzle) -> str:
    """Where the path of `puzzle` is kept: under the logic engine's version, as an older
    engine may have taken other steps."""
    return f"path:v{LOGIC_VERSION}:{puzzle.code}"


def keep_page_facts(store: Store, name: str, facts: object) -> bool:
    """Put what a share link's page shows of a puzzle, `facts` (pickled, like a path), where
    every server finds it under `name`: the puzzle's code and the budgets that decided it."""
    return _put(store, _page_key(name), pickle.dumps(facts))


def kept_page_facts(store: Store, name: str) -> object | None:
    """What a share link's page shows, kept under `name` by keep_page_facts, or None."""
    data = _get(store, _page_key(name))
    if data is None:
        return None
    try:
        facts: object = pickle.loads(data)
    except Exception as error:  # an entry from another version of the app
        log.warning("kept page facts did not read back: %s", error)
        return None
    return facts


def _page_key(name: str) -> str:
    """Where a page's facts are kept: under the logic engine's version, whose path rates it."""
    return f"page:v{LOGIC_VERSION}:{name}"


def _put(store: Store, key: str, value: bytes) -> bool:
    try:
        store.put(key, value, KEEP_SECONDS)
    except Unreachable as error:
        log.warning("not shared: %s", error)
        return False
    return True


def _get(store: Store, key: str) -> bytes | None:
    try:
        return store.get(key)
    except Unreachable as error:
        log.warning("shared results not read: %s", error)
        return None
