"""A share link's page is worked out once per puzzle and rendered once per address: a repeat
view asks the engine nothing, nothing a wall-time ceiling stopped is kept, and requests for
the same new puzzle share one turn at the solver seat."""

from __future__ import annotations

import threading

import pytest
from flask import template_rendered

from webapp import create_app
from webapp.sudoku import read_code
from webapp.web.cache import engine_asked
from webapp.web.http_caching import PENDING_SECONDS
from webapp.web.page_facts import FACTS_CACHE_KEY, decided_facts, facts_name
from webapp.web.solve.page_cache import PAGE_CACHE_KEY, RenderedPage, page_cache
from webapp.web.solver_seat import SolverSeat

from clocks import FakeClock
from puzzles import NORVIG_EASY_CODE, NORVIG_IMPOSSIBLE, RATED_5_7_CODE


def engine_calls(app) -> list[str]:
    """Every solve and every rating path `app` asked the engine for, by the puzzle's code."""
    asked = engine_asked(app)
    return [*asked.solves, *asked.paths]


@pytest.mark.parametrize(
    "query", ["", "?candidates=1", "?alphabet=hex"], ids=["plain", "candidates", "alphabet"]
)
def test_a_final_page_asked_again_is_the_same_page_without_the_engine(app, client, query):
    first = client.get(f"/solve/{RATED_5_7_CODE}{query}")
    again = client.get(f"/solve/{RATED_5_7_CODE}{query}")
    assert first.status_code == again.status_code == (200 if "hex" not in query else 400)
    assert again.data == first.data
    assert again.headers.get("ETag") == first.headers.get("ETag")
    assert len(engine_calls(app)) <= 2  # the first view's solve and rating, if any


def test_another_query_on_a_known_puzzle_renders_without_the_engine(app, client):
    client.get(f"/solve/{NORVIG_EASY_CODE}")
    page = client.get(f"/solve/{NORVIG_EASY_CODE}?candidates=1")
    assert page.status_code == 200
    assert engine_calls(app) == [NORVIG_EASY_CODE] * 2  # its solve and its rating, once


def test_a_pending_page_is_rendered_once_a_moment(make_app):
    # rated within 200 units only: a job may rate it in full, so the page is kept a moment
    app = make_app(RATING_BUDGET_WORK=200)
    clock = FakeClock()
    app.extensions[PAGE_CACHE_KEY].clock = clock
    client = app.test_client()
    rendered: list[str] = []

    def note(sender, template, context, **extra):
        rendered.append(template.name)

    with template_rendered.connected_to(note, app):
        first = client.get(f"/solve/{RATED_5_7_CODE}")
        clock.advance(PENDING_SECONDS - 0.1)
        again = client.get(f"/solve/{RATED_5_7_CODE}")
        assert rendered == ["result.html"]
        clock.advance(0.1)
        later = client.get(f"/solve/{RATED_5_7_CODE}")
    assert "at least" in first.text
    assert first.data == again.data == later.data
    assert rendered == ["result.html"] * 2
    assert first.cache_control.s_maxage == again.cache_control.s_maxage == PENDING_SECONDS


def test_a_kept_page_still_answers_304(client):
    etag = client.get(f"/solve/{NORVIG_EASY_CODE}").headers["ETag"]
    again = client.get(f"/solve/{NORVIG_EASY_CODE}", headers={"If-None-Match": etag})
    assert (again.status_code, again.data) == (304, b"")
    assert "public" in again.headers["Cache-Control"]


def test_the_dead_end_is_found_once_and_shown(client):
    code = NORVIG_IMPOSSIBLE.replace(".", "0")
    page = client.get(f"/solve/{code}")
    assert b"No solution" in page.data
    app = client.application
    with app.test_request_context(f"/solve/{code}"):
        facts = decided_facts(read_code(code))
    assert facts.final


def test_facts_a_ceiling_stopped_are_never_kept(make_app):
    app = make_app(RATING_CEILING_SECONDS=0.0)  # every rating stopped by the clock
    puzzle = read_code(RATED_5_7_CODE)
    with app.test_request_context(f"/solve/{RATED_5_7_CODE}"):
        facts = decided_facts(puzzle)
        assert facts.may_change and not facts.final
        assert app.extensions[FACTS_CACHE_KEY].get(facts_name(puzzle)) is None
    page = app.test_client().get(f"/solve/{RATED_5_7_CODE}")
    assert page.headers["Cache-Control"] == "no-store"


def test_a_different_rating_budget_is_a_different_entry():
    puzzle = read_code(NORVIG_EASY_CODE)
    names = set()
    for work in (10_000, 20_000):
        app = create_app({"TESTING": True, "RATING_BUDGET_WORK": work})
        with app.test_request_context("/"):
            names.add(facts_name(puzzle))
    assert len(names) == 2


def test_requests_for_the_same_new_puzzle_work_it_out_once(app):
    puzzle = read_code(RATED_5_7_CODE)
    results = []

    def ask() -> None:
        with app.test_request_context(f"/solve/{RATED_5_7_CODE}"):
            results.append(decided_facts(puzzle))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4 and all(facts == results[0] for facts in results)
    assert engine_calls(app) == [RATED_5_7_CODE] * 2  # its solve and its rating, once


def test_the_seat_taken_again_by_its_holder_is_not_waited_for():
    seat = SolverSeat(queue_depth=0)
    with seat.taken(), seat.taken():
        assert seat.wanting == 1
    assert seat.wanting == 0


def test_the_page_cache_is_bounded_by_bytes():
    cache = page_cache(800)
    for number in range(10):
        cache.put(str(number), RenderedPage(b"x" * 100, "etag", "solved", 1))
    assert cache.held <= 800 and len(cache) == 8
    assert cache.get("0") is None and cache.get("9") is not None
    cache.put("big", RenderedPage(b"x" * 101, "etag", "solved", 1))  # over an eighth
    assert cache.get("big") is None
