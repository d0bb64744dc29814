"""The generator for the web (webapp/web/generation.py): made in the request or in a job,
remembered per worker and shared, and a generated puzzle's play page never solving again
what the generator proved."""

from __future__ import annotations

import pytest

from webapp.jobs import QUEUE_KEY, shared
from webapp.sudoku.generator import LEVEL_NAMES, Generated, GenerationStatus, Order, generate
from webapp.web import generation

HARD = Order(9, "hard", "rotational", 5)


@pytest.fixture
def make_app(make_app, tmp_path):
    """Apps that share one job store, whose requests give up a solve after one node: a
    puzzle's play page then works only if the solve is already known."""
    settings = {
        "JOB_STORE": f"sqlite:///{tmp_path}/jobs.sqlite3",
        "JOB_IMMEDIATE": False,
        "JOB_SECONDS": 20,
        "SOLVE_BUDGET_NODES": 1,
    }
    return lambda **config: make_app(**{**settings, **config})


def play(client, link: str) -> str:
    """The play page a stable link leads to."""
    answer = client.get(link)
    assert answer.status_code == 303, answer.text
    return client.get(answer.headers["Location"]).text


def test_a_generated_puzzles_play_page_does_not_solve_it_again(make_app):
    html = play(make_app().test_client(), "/new/9/hard/rotational/5")
    assert "Play this puzzle" in html and "Nothing to play" not in html


def test_another_server_plays_a_generated_puzzle_from_the_shared_results(make_app):
    play(make_app().test_client(), "/new/9/hard/rotational/5")
    # same store, no generating (0 s) and no solving (1 node): all from the shared results
    other = make_app(GENERATE_SECONDS=0).test_client()
    html = play(other, "/new/9/hard/rotational/5")
    assert "Play this puzzle" in html and "Nothing to play" not in html


def test_a_none_found_cut_short_by_fewer_seconds_than_a_job_has_is_not_known(make_app):
    app = make_app(GENERATE_SECONDS=0)
    queue = app.extensions[QUEUE_KEY]
    why = "the 2 s ran out after 3 attempts"
    cut_short = Generated(GenerationStatus.GAVE_UP, HARD, attempts=3, why=why, out_of_time=True)
    shared.keep_generated(queue.results, cut_short, 2.0)
    answer = app.test_client().get("/new/9/hard/rotational/5")
    assert answer.headers["Location"].startswith("/jobs/generate-")  # made again, in a job
    shared.keep_generated(queue.results, cut_short, 20.0)  # a job's own: as far as it goes
    none_found = app.test_client().get("/new/9/hard/rotational/5")
    assert none_found.status_code == 422
    assert "A job tried for as long as a job may: the 2 s ran out" in none_found.text


def test_orders_the_deadline_does_not_reach_are_started_in_jobs(make_app):
    app = make_app()
    orders = [Order(9, level, "rotational", 7) for level in ("easy", "medium")]
    queue = app.extensions[QUEUE_KEY]
    with app.test_request_context():
        assert generation.within_deadline(orders, 0.0) == [None, None]
        assert queue.huey.pending_count() == 2
        # being made: the time a page has is not spent on them again
        assert generation.within_deadline(orders, 10.0) == [None, None]
        for id in queue.board.members("jobs:open"):
            job = queue.job(id)
            queue.run_job(job.id, job.kind, job.code, job.seconds)  # what a consumer does
        made = generation.within_deadline(orders, 0.0)
    assert [found.puzzle for found in made] == [generate(9, o.level, seed=7).puzzle for o in orders]


@pytest.mark.parametrize(
    ("order", "exists"),
    [
        (Order(4, "easy"), True),
        *((Order(4, level), False) for level in LEVEL_NAMES[1:]),
        *((Order(size, "extreme"), True) for size in (6, 9, 12, 16, 25)),
    ],
)
def test_which_orders_the_generator_finds_puzzles_for(order, exists):
    assert generation.exists(order) is exists


def test_while_a_job_makes_an_order_its_link_goes_straight_to_the_job(make_app):
    client = make_app(GENERATE_SECONDS=0).test_client()
    first = client.get("/new/9/easy/rotational/1").headers["Location"]  # no time: a job
    assert first.startswith("/jobs/generate-")
    # with time now, but the job is under way: no request spends its seconds on it again
    other = make_app(GENERATE_SECONDS=5).test_client()
    assert other.get("/new/9/easy/rotational/1").headers["Location"] == first
