"""The web's solve: held to the budget in the app's config, and a share link asked for again
is answered from the cache without solving again."""

from __future__ import annotations

import gc
import itertools
import sys
import tracemalloc
from pathlib import Path

import pytest

from webapp.jobs import shared
from webapp.jobs.store import SqliteStore
from webapp.sudoku import Budget, SolveResult, parse, solve
from webapp.sudoku.puzzle import Puzzle
from webapp.web.cache import CACHE_KEY, LruCache, engine_asked, solve_within_budget

from puzzles import NORVIG_IMPOSSIBLE

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from memory import new_jigsaws  # noqa: E402 (deploy/ is not a package)

BUDGET = Budget()


def _result(code: str) -> SolveResult:
    """A stand-in result to store."""
    return SolveResult("gave_up", Puzzle(parse(code)))


def solves(app) -> list[str]:
    """The codes `app` asked the engine to solve, in order."""
    return list(engine_asked(app).solves)


def test_the_cache_keeps_the_most_recently_used():
    cache = LruCache(2)
    first, second, third = ("1" + "0" * 15, "2" + "0" * 15, "3" + "0" * 15)
    cache.put((first, BUDGET), _result(first))
    cache.put((second, BUDGET), _result(second))
    assert cache.get((first, BUDGET)) is not None  # first is now the most recent
    cache.put((third, BUDGET), _result(third))
    assert len(cache) == 2
    assert cache.get((second, BUDGET)) is None
    assert cache.get((first, BUDGET)).puzzle.code == first
    assert cache.get((third, BUDGET)).puzzle.code == third


def test_a_cache_of_size_zero_keeps_nothing():
    cache = LruCache(0)
    cache.put(("0" * 16, BUDGET), _result("0" * 16))
    assert len(cache) == 0
    assert cache.get(("0" * 16, BUDGET)) is None


def test_a_link_asked_for_again_is_solved_once(app, client, unique_sample):
    for _ in range(3):
        assert client.get(f"/solve/{unique_sample.code}").status_code == 200
        assert client.get(f"/api/solve/{unique_sample.code}").json["status"] == "solved"
    assert solves(app) == [unique_sample.code]


def test_every_spelling_of_a_puzzle_shares_one_entry(app, client, unique_sample):
    client.post("/api/solve", json={"puzzle": unique_sample.puzzle})
    client.get(f"/api/solve/{unique_sample.puzzle}")
    client.get(f"/api/solve/{unique_sample.code}")
    assert solves(app) == [unique_sample.code]


def test_a_cached_answer_is_the_same_answer(client, multiple_sample):
    first = client.get(f"/api/solve/{multiple_sample.code}").json
    again = client.get(f"/api/solve/{multiple_sample.code}").json
    assert again == first


def test_gave_up_is_cached_too(make_app):
    app = make_app(SOLVE_BUDGET_NODES=20)
    client = app.test_client()
    for _ in range(2):
        assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "gave_up"
    assert len(solves(app)) == 1


def test_a_solve_the_ceiling_stopped_is_neither_cached_nor_shared(make_app):
    """It says the server was busy, not that the puzzle needs more work, and is solved again."""
    app = make_app(SOLVE_CEILING_SECONDS=0.0)
    client = app.test_client()
    for _ in range(2):
        body = client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json
        assert (body["status"], body["stopped_by_ceiling"]) == ("gave_up", True)
    assert len(solves(app)) == 2
    assert len(app.extensions[CACHE_KEY]) == 0
    page = client.get(f"/solve/{Puzzle(parse(NORVIG_IMPOSSIBLE)).code}")
    assert b"The server stopped this solve" in page.data
    assert b"more work" not in page.data
    assert page.headers["Cache-Control"] == "no-store"


def test_the_shared_results_never_keep_a_solve_the_ceiling_stopped(tmp_path):
    store = SqliteStore(tmp_path / "shared.sqlite3")
    puzzle = Puzzle(parse(NORVIG_IMPOSSIBLE))
    stopped = solve(puzzle, budget=Budget(ceiling_seconds=0.0))
    assert stopped.stopped_by_ceiling
    assert not shared.keep_solve(store, stopped, 60.0)
    assert shared.kept_solve(store, puzzle) is None
    out_of_work = solve(puzzle, budget=Budget(nodes=20))
    assert shared.keep_solve(store, out_of_work, 60.0)
    assert shared.kept_solve(store, puzzle).result == out_of_work


def test_a_different_budget_is_a_different_entry(make_app):
    app = make_app(SOLVE_BUDGET_NODES=20)
    client = app.test_client()
    assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "gave_up"
    app.config["SOLVE_BUDGET_NODES"] = 250_000
    assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "no_solution"
    assert len(solves(app)) == 2


def test_size_zero_turns_the_cache_off(make_app, unique_sample):
    app = make_app(SOLVE_CACHE_SIZE=0)
    client = app.test_client()
    for _ in range(3):
        client.get(f"/api/solve/{unique_sample.code}")
    assert len(solves(app)) == 3


def test_each_app_has_its_own_cache(make_app, unique_sample):
    apps = [make_app(), make_app()]
    for app in apps:
        app.test_client().get(f"/api/solve/{unique_sample.code}")
    assert [solves(app) for app in apps] == [[unique_sample.code]] * 2


def test_the_cache_is_bounded_by_its_size(make_app):
    app = make_app(SOLVE_CACHE_SIZE=2)
    client = app.test_client()
    codes = [symbol + "0" * 15 for symbol in "1234"]
    for code in codes:
        client.get(f"/api/solve/{code}")
    assert len(app.extensions[CACHE_KEY]) == 2
    client.get(f"/api/solve/{codes[0]}")  # dropped, so solved again
    client.get(f"/api/solve/{codes[-1]}")  # still there
    assert solves(app) == [*codes, codes[0]]


def test_beyond_its_size_the_app_drops_the_least_recently_used_link(make_app):
    app = make_app(SOLVE_CACHE_SIZE=2)
    client = app.test_client()
    first, second, third = (symbol + "0" * 15 for symbol in "123")
    for code in (first, second, first, third):  # asking for `first` again makes it recent
        client.get(f"/api/solve/{code}")
    assert solves(app) == [first, second, third]
    client.get(f"/api/solve/{first}")  # kept, though it came in first: it was used since
    client.get(f"/api/solve/{second}")  # dropped: the least recently used
    assert solves(app) == [first, second, third, second]


def test_the_node_budget_comes_from_config(make_app, impossible_puzzle):
    puzzle = Puzzle(parse(impossible_puzzle.puzzle))
    with make_app(SOLVE_BUDGET_NODES=20).app_context():
        stingy = solve_within_budget(puzzle)
    with make_app(SOLVE_BUDGET_NODES=200_000).app_context():
        patient = solve_within_budget(puzzle)
    assert stingy.status == "gave_up"
    assert patient.status == "no_solution"


def test_it_looks_for_a_second_solution(app, multiple_puzzle):
    with app.app_context():
        result = solve_within_budget(Puzzle(parse(multiple_puzzle.puzzle)))
    assert result.status == "multiple"
    assert len(result.solutions) == 2


# New 16x16 Jigsaws whose results a worker's solve cache is given, each holding its map's
# tables (about 0.8 MB), within RESULT_CACHE_MB: the old count bound (1,024) kept them all.
NEW_MAPS = 16
RESULT_MEGABYTES = 2


# Its two tests run in one worker (an xdist_group), so that the maps are made and weighed once.
@pytest.fixture(scope="module")
def after_new_results(make_app):
    """(bytes still held, what the solve cache weighs them) after NEW_MAPS results of new
    16x16 Jigsaws, their maps' tables built, went into an app's solve cache held to
    RESULT_MEGABYTES: held is what tracemalloc finds still allocated since before the first."""
    app = make_app(RESULT_CACHE_MB=RESULT_MEGABYTES)
    cache = app.extensions[CACHE_KEY]
    puzzles = new_jigsaws(seed=36)
    next(puzzles)  # the first map drawn and filled before measuring
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for puzzle in itertools.islice(puzzles, NEW_MAPS):
            assert puzzle.geometry.peers  # built, as a solve and a rating build them
            cache.put((puzzle.code, BUDGET), SolveResult("multiple", puzzle))
        del puzzle
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return held, cache.bytes_held


@pytest.mark.xdist_group("result-cache-weight")
def test_new_jigsaw_results_leave_no_more_bytes_than_the_result_cache_budget(after_new_results):
    held, _ = after_new_results
    assert held <= RESULT_MEGABYTES * 1024 * 1024


@pytest.mark.xdist_group("result-cache-weight")
def test_the_results_weigh_no_less_than_the_bytes_they_hold(after_new_results):
    held, weighed = after_new_results
    assert held <= weighed
