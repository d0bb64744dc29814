"""Work budgets inside the logic engine: counted units that nest, searches that stop on them,
a wall-time ceiling that says so, and paths that are the same in every process."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import CEILING, SOLVED, STOPPED, Position, find_path, next_step
from webapp.sudoku.logic.work import (
    OutOfWork,
    PastCeiling,
    check_ceiling,
    spend,
    work_left,
    work_limit,
)
from webapp.sudoku.puzzle import Puzzle

from fresh_process import run_fresh
from puzzles import data_lines

ROOT = Path(__file__).parent.parent
HARDEST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def test_without_a_budget_work_is_free():
    assert work_left() == math.inf
    spend(10**9)  # does not raise
    check_ceiling()


def test_spending_past_the_limit_raises_and_the_block_ends_it():
    with work_limit(10) as work:
        spend(4)
        spend(6)
        assert work.spent == 10 and work_left() == 0
        with pytest.raises(OutOfWork):
            spend()
        assert work.spent == 10  # counted up to the limit, not past it
    assert work_left() == math.inf


def test_an_inner_budget_cannot_outlast_the_outer_one_and_spends_from_it():
    with work_limit(100) as outer:
        with work_limit(1000) as inner:
            assert work_left() == 100
            spend(30)
        assert inner.spent == 30 and outer.spent == 30
        with work_limit() as counting:
            spend(20)
        assert counting.spent == 20 and work_left() == 50
        with pytest.raises(OutOfWork), work_limit(1000):
            spend(51)
        assert outer.spent == 100


def test_past_the_ceiling_is_not_out_of_work():
    with work_limit(10**9, ceiling=0.0):
        with pytest.raises(PastCeiling):
            check_ceiling()
        with pytest.raises(PastCeiling):
            spend()


def test_a_25x25_path_stops_honestly_when_its_work_runs_out():
    grid = parse(data_lines("engine_25x25_answers.txt")[0][0])
    path = find_path(Puzzle(grid), work=2_000)
    assert path.status == STOPPED and path.work == 2_000
    # every step it did take is a real one: applying them gives the position it ended at
    position = Position.from_puzzle(Puzzle(grid))
    for step in path.steps:
        position = step.apply(position)
    assert position == path.end
    # and a bigger budget walks the same way further
    assert find_path(Puzzle(grid), work=4_000).steps[: len(path.steps)] == path.steps


def test_a_path_past_its_ceiling_says_so_and_not_that_it_needs_more_work():
    path = find_path(Puzzle(parse(HARDEST)), unique=True, ceiling_seconds=0.0)
    assert path.status == CEILING and path.steps == ()


def test_the_same_budget_gives_the_same_path_however_often_it_is_asked():
    grid = parse(HARDEST)
    first = find_path(Puzzle(grid), work=20_000, unique=True)
    assert first.status == STOPPED and first.steps
    assert find_path(Puzzle(grid), work=20_000, unique=True) == first  # now with warm memos
    assert find_path(Puzzle(grid), work=200_000, unique=True).status == SOLVED


def test_a_hint_out_of_work_raises_instead_of_guessing():
    position = Position.from_puzzle(Puzzle(parse(data_lines("engine_25x25_answers.txt")[0][0])))
    with pytest.raises(OutOfWork):
        next_step(position, work=0)


# Each child walks the paths of hard puzzles (in a given order: the memos then differ) and
# prints every step, the status, the work and the rating.
WALK = """
    import json, sys
    sys.path.insert(0, "tests")
    from webapp.sudoku import Puzzle, parse
    from webapp.sudoku.logic import find_path
    from webapp.records.path import StepRecord
    texts = json.loads(sys.argv[1])
    paths = {}
    for text in texts:
        grid = parse(text)
        path = find_path(Puzzle(grid), work=30_000, unique=True)
        steps = [StepRecord(Puzzle(grid).geometry, step).to_json() for step in path.steps]
        paths[text] = [path.status, path.work, path.rating, steps]
    print(json.dumps(paths))
"""


def _walk(texts: list[str], seed: str) -> dict[str, list[object]]:
    """The paths of `texts` in a fresh process with PYTHONHASHSEED `seed`."""
    paths: dict[str, list[object]] = run_fresh(WALK, json.dumps(texts), hash_seed=seed, timeout=300)
    return paths


def test_a_path_is_the_same_in_every_process_however_busy_the_machine():
    rated = sorted(data_lines("se_rated_sample.txt"), key=lambda row: -float(row[1]))
    # the hardest and easiest rated, and one a path cannot finish: each walk costs seconds
    texts = [row[0] for row in rated[:1] + rated[-1:]] + [HARDEST]
    first = _walk(texts, "0")
    statuses = {str(path[0]) for path in first.values()}
    assert statuses == {SOLVED, STOPPED}  # some complete, some cut short
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        busy = _walk(texts[::-1], "1")
    finally:
        burner.kill()
        burner.wait()
    assert busy == first  # in another order, with another hash seed, beside a busy core
