"""The web's solve: held to the budget in the app's config, and a share link asked for again
is answered from the cache without solving again."""

from __future__ import annotations

import pytest

import webapp.web.cache
from webapp.sudoku import Budget, SolveResult, parse, solve
from webapp.sudoku.puzzle import Puzzle
from webapp.web.cache import CACHE_KEY, LruCache, solve_within_budget

from puzzles import NORVIG_IMPOSSIBLE

BUDGET = Budget()


def _result(code: str) -> SolveResult:
    """A stand-in result to store."""
    return SolveResult("gave_up", Puzzle(parse(code)))


@pytest.fixture
def solves(monkeypatch):
    """The codes the engine is asked to solve, in order."""
    asked: list[str] = []

    def counting_solve(puzzle, **kwargs):
        asked.append(puzzle.code)
        return solve(puzzle, **kwargs)

    monkeypatch.setattr(webapp.web.cache, "solve", counting_solve)
    return asked


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


def test_a_link_asked_for_again_is_solved_once(client, solves, unique_sample):
    for _ in range(3):
        assert client.get(f"/solve/{unique_sample.code}").status_code == 200
        assert client.get(f"/api/solve/{unique_sample.code}").json["status"] == "solved"
    assert solves == [unique_sample.code]


def test_every_spelling_of_a_puzzle_shares_one_entry(client, solves, unique_sample):
    client.post("/api/solve", json={"puzzle": unique_sample.puzzle})
    client.get(f"/api/solve/{unique_sample.puzzle}")
    client.get(f"/api/solve/{unique_sample.code}")
    assert solves == [unique_sample.code]


def test_a_cached_answer_is_the_same_answer(client, multiple_sample):
    first = client.get(f"/api/solve/{multiple_sample.code}").json
    again = client.get(f"/api/solve/{multiple_sample.code}").json
    assert again == first


def test_gave_up_is_cached_too(make_app, solves):
    client = make_app(SOLVE_BUDGET_NODES=20).test_client()
    for _ in range(2):
        assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "gave_up"
    assert len(solves) == 1


def test_a_different_budget_is_a_different_entry(make_app, solves):
    app = make_app(SOLVE_BUDGET_NODES=20)
    client = app.test_client()
    assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "gave_up"
    app.config["SOLVE_BUDGET_NODES"] = 250_000
    assert client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}").json["status"] == "no_solution"
    assert len(solves) == 2


def test_size_zero_turns_the_cache_off(make_app, solves, unique_sample):
    client = make_app(SOLVE_CACHE_SIZE=0).test_client()
    for _ in range(3):
        client.get(f"/api/solve/{unique_sample.code}")
    assert len(solves) == 3


def test_each_app_has_its_own_cache(make_app, solves, unique_sample):
    for _ in range(2):
        make_app().test_client().get(f"/api/solve/{unique_sample.code}")
    assert len(solves) == 2


def test_the_cache_is_bounded_by_its_size(make_app, solves):
    app = make_app(SOLVE_CACHE_SIZE=2)
    client = app.test_client()
    codes = [symbol + "0" * 15 for symbol in "1234"]
    for code in codes:
        client.get(f"/api/solve/{code}")
    assert len(app.extensions[CACHE_KEY]) == 2
    client.get(f"/api/solve/{codes[0]}")  # dropped, so solved again
    client.get(f"/api/solve/{codes[-1]}")  # still there
    assert solves == [*codes, codes[0]]


def test_beyond_its_size_the_app_drops_the_least_recently_used_link(make_app, solves):
    client = make_app(SOLVE_CACHE_SIZE=2).test_client()
    first, second, third = (symbol + "0" * 15 for symbol in "123")
    for code in (first, second, first, third):  # asking for `first` again makes it recent
        client.get(f"/api/solve/{code}")
    assert solves == [first, second, third]
    client.get(f"/api/solve/{first}")  # kept, though it came in first: it was used since
    client.get(f"/api/solve/{second}")  # dropped: the least recently used
    assert solves == [first, second, third, second]


def test_the_node_budget_comes_from_config(make_app, impossible_puzzle):
    puzzle = Puzzle(parse(impossible_puzzle.puzzle))
    with make_app(SOLVE_BUDGET_NODES=20).app_context():
        stingy = solve_within_budget(puzzle)
    with make_app(SOLVE_BUDGET_SECONDS=30.0).app_context():
        patient = solve_within_budget(puzzle)
    assert stingy.status == "gave_up"
    assert patient.status == "no_solution"


def test_it_looks_for_a_second_solution(app, multiple_puzzle):
    with app.app_context():
        result = solve_within_budget(Puzzle(parse(multiple_puzzle.puzzle)))
    assert result.status == "multiple"
    assert len(result.solutions) == 2
