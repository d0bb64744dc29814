"""GET /api/generate: a new puzzle in JSON, the same for the same order; 202 and its job when
a request cannot make it; 400 naming a field that is not an order's; 422 when no such
puzzle is found; 503 when a job is needed and the queue cannot take it."""

from __future__ import annotations

import pytest

from webapp.jobs.job import DONE, GENERATE, QUEUED, job_id
from webapp.sudoku.generator import generate
from webapp.web.http_caching import DECIDED_SECONDS
from webapp.web.new.api import UNREADABLE

from redis_server import free_port


@pytest.fixture
def make_app(make_app):
    """Apps with a job store of their own and no consumer: jobs wait, 20 s each."""
    return lambda **config: make_app(**{"JOB_SECONDS": 20, **config})


@pytest.fixture
def client(make_app):
    """A client of an app whose jobs wait for a consumer."""
    return make_app().test_client()


def test_a_generated_puzzle_with_its_solution_rating_and_links(client):
    answer = client.get("/api/generate?size=9&level=hard&symmetry=mirror&seed=12")
    made = generate(9, "hard", "mirror", 12)
    body = answer.get_json()
    assert answer.status_code == 200
    assert body == {
        "status": "generated",
        "size": 9,
        "level": "hard",
        "symmetry": "mirror",
        "seed": 12,
        "variant": "classic",
        "puzzle": made.puzzle.code,
        "line": made.puzzle.grid.line,
        "givens": made.puzzle.givens,
        "solution": made.solution.code,
        "rating": made.rating,
        "rated_to_end": True,
        "hardest": made.hardest,
        "attempts": made.attempts,
        "ms": body["ms"],
        "links": {
            "play": f"http://localhost/play/{made.puzzle.code}",
            "share": "http://localhost/new/9/hard/mirror/12",
            "solve": f"http://localhost/solve/{made.puzzle.code}",
        },
    }
    assert list(body)[0] == "status"
    assert answer.cache_control.public and answer.cache_control.max_age == DECIDED_SECONDS
    assert client.get("/api/generate?size=9&level=hard&symmetry=mirror&seed=12").json == body


def test_without_a_seed_one_is_drawn_and_said(client):
    first = client.get("/api/generate?size=6&level=easy")
    second = client.get("/api/generate?size=6&level=easy")
    assert first.status_code == second.status_code == 200
    assert first.headers["Cache-Control"] == "no-store"
    assert first.json["seed"] != second.json["seed"]
    again = client.get(f"/api/generate?size=6&level=easy&seed={first.json['seed']}")
    assert again.json["puzzle"] == first.json["puzzle"]


def test_the_defaults_are_a_medium_rotational_9x9(client):
    body = client.get("/api/generate?seed=3").json
    assert (body["size"], body["level"], body["symmetry"]) == (9, "medium", "rotational")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("size=10", "size must be one of 4, 6, 9, 12, 16, 25, not 10"),
        ("size=big", "size must be a whole number such as 9, not 'big'"),
        ("level=insane", "level must be one of easy, medium, hard, expert, extreme, not 'insane'"),
        ("symmetry=spiral", "symmetry must be one of none, rotational, rotational-90, mirror"),
        ("seed=-1", "seed must be a whole number from 0 to 9223372036854775807, not '-1'"),
        ("seed=1e9", "seed must be a whole number from 0 to 9223372036854775807, not '1e9'"),
        ("seed=9223372036854775808", "seed must be a whole number from 0 to"),
    ],
)
def test_a_field_that_is_not_an_orders_is_a_400_naming_it(client, query, message):
    answer = client.get(f"/api/generate?{query}")
    assert answer.status_code == 400
    assert answer.json["status"] == "invalid" and answer.json["error"].startswith(message)


@pytest.mark.parametrize(
    ("field", "sent"),
    [
        ("level", "<script>alert(1)</script>"),
        ("level", 'hard"}, {"status": "generated'),
        ("symmetry", "mirror<b>"),
        ("variant", "jigsaw&amp;"),
        ("seed", "1<2"),
        ("size", "9'"),
    ],
)
def test_a_field_with_what_no_order_holds_is_a_400_naming_it_without_echoing_it(
    client, field, sent
):
    # the 400 quoted up to 30 characters of the value as sent, markup and all
    answer = client.get("/api/generate", query_string={field: sent})
    assert (answer.status_code, answer.json["error"]) == (400, f"{field} {UNREADABLE}")


def test_a_level_the_size_does_not_have_is_a_422_with_the_levels_there_are(client):
    answer = client.get("/api/generate?size=4&level=expert&seed=5")
    assert answer.status_code == 422
    assert answer.json == {
        "status": "gave_up",
        "error": "no puzzle was found: the generator finds 4x4 puzzles at level easy only",
        "levels": ["easy"],
        "size": 4,
        "level": "expert",
        "symmetry": "rotational",
        "seed": 5,
    }


def test_an_order_longer_than_a_request_is_a_202_with_its_job(client):
    answer = client.get("/api/generate?size=16&level=extreme&seed=1")
    id = job_id(GENERATE, "16/extreme/rotational/1", 20)
    assert answer.status_code == 202 and answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["Location"] == f"/jobs/{id}"
    assert answer.json["state"] == QUEUED and answer.json["kind"] == GENERATE
    assert answer.json["result_url"] == "http://localhost/new/16/extreme/rotational/1"


def test_a_job_done_inside_the_request_answers_with_its_puzzle(make_app):
    client = make_app(JOB_IMMEDIATE=True, GENERATE_SECONDS=0).test_client()
    answer = client.get("/api/generate?size=9&level=medium&seed=4")
    assert answer.status_code == 200
    assert answer.json["puzzle"] == generate(9, "medium", seed=4).puzzle.code
    record = client.get(f"/api/jobs/{job_id(GENERATE, '9/medium/rotational/4', 20)}").json
    assert record["state"] == DONE and record["outcome"] == "generated"


def test_a_job_the_queue_cannot_take_is_a_503(make_app):
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    client = make_app(JOB_STORE=nowhere).test_client()
    answer = client.get("/api/generate?size=25&level=easy&seed=1")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
    assert "The job queue cannot be reached right now" in answer.json["error"]
    # what a request can make does not need the queue
    assert client.get("/api/generate?size=4&level=easy&seed=1").status_code == 200


def test_a_full_queue_is_a_503(make_app):
    client = make_app(JOB_QUEUE_DEPTH=1).test_client()
    assert client.get("/api/generate?size=25&level=easy&seed=1").status_code == 202
    refused = client.get("/api/generate?size=25&level=easy&seed=2")
    assert refused.status_code == 503 and "Too many long jobs" in refused.json["error"]
