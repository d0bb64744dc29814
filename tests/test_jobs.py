"""Jobs through the Flask test client: Keep working, Keep explaining, making a new puzzle, the
job page and JSON, joining the same work, a full queue, a queue that cannot be reached, and
putting back jobs whose consumer stopped. Jobs run inside the request here (Huey's immediate
mode) or not at all (no consumer); tests/test_job_consumer.py runs them in real consumer
processes."""

from __future__ import annotations

import re
import time

import pytest
from job_apps import job_app

from webapp.jobs import QUEUE_KEY, SHARED_KEY, shared
from webapp.jobs.job import DONE, EXPLAIN, FAILED, GENERATE, QUEUED, RUNNING, SOLVE, Job, job_id
from webapp.jobs.orders import order_of
from webapp.jobs.queue import LOST_SECONDS, MAX_ATTEMPTS, STALE_SECONDS
from webapp.jobs.store import BREAK_SECONDS
from webapp.sudoku import parse
from webapp.sudoku.generator import generate
from webapp.web.http_caching import DECIDED_SECONDS, PENDING_SECONDS
from webapp.web.solve.page_cache import PAGE_CACHE_KEY

from clocks import FakeClock
from puzzles import NORVIG_EASY_CODE, RATED_5_7, RATED_5_7_CODE, SEED_EASY
from redis_server import free_port

HARD, HARD_CODE = RATED_5_7, RATED_5_7_CODE
SEED_EASY_CODE = SEED_EASY.replace(".", "0")
OTHER_CODE = "1" + HARD_CODE[1:]  # a clash: no job needed, but a job may still be asked


def make_app(tmp_path, **config):
    """An app whose requests give up after one search node and stop explaining after 100 units,
    with a job store of its own, running jobs inside the request unless told otherwise."""
    stingy = {
        "SOLVE_BUDGET_NODES": 1,
        "EXPLAIN_BUDGET_WORK": 100,
        "RATING_BUDGET_WORK": 100,
    }
    return job_app(tmp_path, **{**stingy, **config})


@pytest.fixture
def client(tmp_path):
    """A client of an app that runs each job inside the request that submits it."""
    return make_app(tmp_path).test_client()


@pytest.fixture
def idle(tmp_path):
    """An app with a queue and no consumer: jobs wait."""
    return make_app(tmp_path, JOB_IMMEDIATE=False)


def form_action(html: str) -> str:
    """The action of the page's job form."""
    found = re.search(r'<form method="post" action="([^"]+/work)"><button type="submit">', html)
    assert found, "no job form on the page"
    return found.group(1)


def test_a_puzzle_the_page_gave_up_on_is_solved_by_keep_working(client):
    page = client.get(f"/solve/{HARD_CODE}")
    html = page.get_data(as_text=True)
    assert "Gave up" in html and "Keep working (up to 20 s)" in html
    submitted = client.post(form_action(html))
    assert submitted.status_code == 303
    assert submitted.headers["Location"] == f"/jobs/{job_id(SOLVE, HARD_CODE, 20)}"
    done = client.get(submitted.headers["Location"])
    job = job_id(SOLVE, HARD_CODE, 20)
    # an address no cache has kept: the share link's gave-up page may be kept for a moment
    assert done.status_code == 303 and done.headers["Location"] == f"/solve/{HARD_CODE}?job={job}"
    solved = client.get(done.headers["Location"]).get_data(as_text=True)
    assert '<h1 class="status status-solved">Solved</h1>' in solved
    assert "Keep working" not in solved
    assert f"/solve/{HARD_CODE}</" in solved  # its share link is the puzzle's own


def test_the_share_link_shows_the_job_s_answer_once_its_moment_is_up(tmp_path):
    app = make_app(tmp_path)
    clock = FakeClock()
    app.extensions[PAGE_CACHE_KEY].clock = clock
    client = app.test_client()
    assert "Gave up" in client.get(f"/solve/{HARD_CODE}").text
    client.get(client.post(f"/solve/{HARD_CODE}/work").headers["Location"])  # done at once
    assert "Gave up" in client.get(f"/solve/{HARD_CODE}").text  # kept for a moment
    clock.advance(PENDING_SECONDS)
    solved = client.get(f"/solve/{HARD_CODE}")
    assert '<h1 class="status status-solved">Solved</h1>' in solved.text
    assert solved.cache_control.max_age == DECIDED_SECONDS


def test_asking_twice_names_the_same_job(idle):
    client = idle.test_client()
    first = client.post(f"/solve/{HARD_CODE}/work").headers["Location"]
    second = client.post(f"/solve/{HARD_CODE}/work").headers["Location"]
    other = client.post(f"/explain/{HARD_CODE}/work").headers["Location"]
    assert first == second != other
    assert idle.extensions[QUEUE_KEY].huey.pending_count() == 2


def test_a_waiting_job_has_a_page_that_refreshes_itself_and_offers_the_way_back(idle):
    client = idle.test_client()
    location = client.post(f"/solve/{HARD_CODE}/work").headers["Location"]
    page = client.get(location)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert "Waiting for a free consumer to take it." in html
    assert "A 9x9 puzzle with 32 givens, for up to 20 s." in html
    assert f'href="/solve/{HARD_CODE}">Back to the puzzle' in html
    shared_page = client.get(f"/solve/{HARD_CODE}").get_data(as_text=True)
    assert "A job is already working on it" in shared_page
    assert f'href="{location}">Follow the job' in shared_page


def test_the_job_json_says_state_progress_and_where_the_result_is(idle):
    client = idle.test_client()
    location = client.post(f"/solve/{HARD_CODE}/work").headers["Location"]
    record = client.get(f"/api{location}").get_json()
    assert record["state"] == QUEUED and record["kind"] == SOLVE
    assert record["seconds"] == 20 and record["elapsed"] == 0 and record["attempts"] == 0
    assert record["job_url"] == f"http://localhost{location}"
    assert record["result_url"] == f"http://localhost/solve/{HARD_CODE}"


def test_the_api_starts_a_job(client):
    answer = client.post("/api/jobs", json={"kind": "explain", "puzzle": HARD})
    assert answer.status_code == 202
    assert answer.get_json()["job_url"] == "http://localhost" + answer.headers["Location"]
    assert answer.get_json()["state"] == DONE and answer.get_json()["outcome"] == "solved"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"kind": "generate", "puzzle": HARD}, 'send {"kind": "solve" or "explain"'),
        ({"puzzle": 5}, 'send {"kind"'),
        ({"puzzle": "12x4"}, "line 1, column 3: 'x' is not a Sudoku symbol"),
    ],
)
def test_the_api_refuses_a_job_it_cannot_read(client, body, message):
    answer = client.post("/api/jobs", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["status"] == "invalid" and message in answer.get_json()["error"]


def test_keep_explaining_finishes_the_explanation_the_page_stopped(tmp_path):
    client = make_app(tmp_path, SOLVE_BUDGET_NODES=10**6).test_client()
    html = client.get(f"/explain/{HARD_CODE}").get_data(as_text=True)
    assert "The path stops after" in html and "Keep explaining (up to 20 s)" in html
    location = client.post(form_action(html)).headers["Location"]
    assert client.get(location).headers["Location"] == f"/explain/{HARD_CODE}"
    explained = client.get(f"/explain/{HARD_CODE}").get_data(as_text=True)
    assert "The path stops after" not in explained and "Keep explaining" not in explained
    assert "units of work" not in explained  # the solve page shows the job's path too
    rated = client.get(f"/solve/{HARD_CODE}").get_data(as_text=True)
    assert "quick rating" not in rated


@pytest.mark.parametrize("id", ["solve-0123456789abcdef01234567", "x" * 80])
def test_an_unknown_job_is_not_found(client, id):
    assert client.get(f"/jobs/{id}").status_code == 404
    assert client.get(f"/api/jobs/{id}").status_code == 404


def test_a_full_queue_answers_503_and_says_to_come_back(tmp_path):
    client = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_QUEUE_DEPTH=1).test_client()
    assert client.post(f"/solve/{HARD_CODE}/work").status_code == 303
    refused = client.post(f"/explain/{HARD_CODE}/work")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    assert "Too many long jobs are waiting or running right now" in refused.get_data(as_text=True)
    # the work already queued is still joined, not refused
    assert client.post(f"/solve/{HARD_CODE}/work").status_code == 303


def client_at(app, address: str):
    """A test client whose requests come from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_one_address_cannot_take_the_queue_from_everyone_else(tmp_path):
    # One address following /new/25/... links, a GET every 5 s, filled the queue: another
    # person's Keep working got 30 of 30 503s
    app = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_QUEUE_DEPTH=8, JOB_PER_CLIENT=2)
    attacker, person = client_at(app, "203.0.113.7"), client_at(app, "198.51.100.2")
    links = [f"/new/25/easy/none/{seed}" for seed in range(1, 9)]
    statuses = [attacker.get(link).status_code for link in links]
    assert statuses[:2] == [303, 303] and set(statuses[2:]) == {429}
    refused = attacker.get(links[2])
    assert "You already have as many long jobs" in refused.text and refused.headers["Retry-After"]
    assert person.post(f"/solve/{HARD_CODE}/work").status_code == 303
    assert person.post(f"/explain/{HARD_CODE}/work").status_code == 303
    # joining work already under way takes no place of one's own
    assert attacker.post(f"/solve/{HARD_CODE}/work").status_code == 303


def test_a_batch_the_queue_refuses_writes_nothing_to_the_store(tmp_path):
    # 300 refused batches grew the store from 3.3 to 29.9 MB
    app = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_QUEUE_DEPTH=1, BATCH_REQUEST_PUZZLES=1)
    client = client_at(app, "203.0.113.9")
    assert client.post(f"/solve/{HARD_CODE}/work").status_code == 303  # the queue is full now
    board = app.extensions[QUEUE_KEY].board
    before = board._run("SELECT COUNT(*) FROM store_values")
    for number in range(5):
        text = "\n".join([HARD_CODE, OTHER_CODE, f"{number}" + HARD_CODE[1:]])
        answer = client_at(app, f"198.51.100.{number}").post(
            "/api/solve/batch", json={"text": text}
        )
        assert answer.status_code == 503
    assert board._run("SELECT COUNT(*) FROM store_values") == before


def test_a_client_s_place_comes_back_when_its_job_ends(tmp_path):
    app = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_PER_CLIENT=1)
    client = client_at(app, "203.0.113.8")
    assert client.post(f"/solve/{HARD_CODE}/work").status_code == 303
    assert client.post(f"/explain/{HARD_CODE}/work").status_code == 429
    queue = app.extensions[QUEUE_KEY]
    queue.run_job(job_id(SOLVE, HARD_CODE, queue.seconds), SOLVE, HARD_CODE, queue.seconds)
    assert client.post(f"/explain/{HARD_CODE}/work").status_code == 303


def test_a_queue_that_cannot_be_reached_refuses_jobs_but_pages_still_answer(tmp_path):
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    client = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_STORE=nowhere).test_client()
    page = client.get(f"/solve/{HARD_CODE}")
    assert page.status_code == 200 and "Keep working" in page.get_data(as_text=True)
    refused = client.post(f"/solve/{HARD_CODE}/work")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    assert "The job queue cannot be reached right now" in refused.get_data(as_text=True)
    assert client.get("/api/jobs/solve-0123456789abcdef01234567").status_code == 503
    assert client.get("/solve/" + "0" * 81).status_code == 200


def queue_of(app):
    return app.extensions[QUEUE_KEY]


def test_jobs_and_shared_solves_in_one_redis_go_through_one_store(tmp_path):
    """So that a Redis that hangs costs a page one timeout, not one for each use."""
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    app = make_app(tmp_path, JOB_IMMEDIATE=False, JOB_STORE=nowhere, SOLVE_CACHE_URL=nowhere)
    assert app.extensions[SHARED_KEY] is queue_of(app).board is queue_of(app).results


def test_a_job_whose_consumer_stopped_goes_back_on_the_queue(idle):
    queue = queue_of(idle)
    queue.clock = clock = FakeClock()
    job = queue.submit(SOLVE, parse(HARD_CODE))
    queue.huey.flush()  # the consumer took the message...
    queue._write(job.but(state=RUNNING, started=clock(), heartbeat=clock(), attempts=1))
    clock.advance(STALE_SECONDS + 1)
    assert queue.sweep() == [job.id]  # ...and stopped
    assert queue.sweep() == []
    back = queue.job(job.id)
    assert back.state == QUEUED and back.attempts == 1
    assert queue.huey.pending_count() == 1


def test_a_queued_job_whose_message_is_lost_goes_back_on_the_queue(idle):
    queue = queue_of(idle)
    queue.clock = clock = FakeClock()
    job = queue.submit(SOLVE, parse(HARD_CODE))
    queue.huey.flush()
    assert queue.sweep() == []  # just submitted: its message may still be on the way
    clock.advance(LOST_SECONDS)
    assert queue.sweep() == []
    clock.advance(1)
    assert queue.sweep() == [job.id]
    assert queue.huey.pending_count() == 1


def test_a_running_job_with_a_heartbeat_is_left_alone(idle):
    queue = queue_of(idle)
    queue.clock = clock = FakeClock()
    job = queue.submit(SOLVE, parse(HARD_CODE))
    queue._write(job.but(state=RUNNING, started=clock(), heartbeat=clock()))
    clock.advance(STALE_SECONDS)  # its last heartbeat is STALE_SECONDS old: not yet stale
    assert queue.sweep() == []


def test_a_job_that_keeps_stopping_its_consumer_fails_and_may_be_tried_again(idle):
    queue = queue_of(idle)
    job = queue.submit(SOLVE, parse(HARD_CODE))
    queue._write(job.but(attempts=MAX_ATTEMPTS))
    queue.run_job(job.id, SOLVE, HARD_CODE, 20)
    failed = queue.job(job.id)
    assert failed.state == FAILED and "stopped 3 times" in failed.outcome
    client = idle.test_client()
    html = client.get(f"/jobs/{job.id}").get_data(as_text=True)
    assert "Stopped: its consumer stopped 3 times before it finished." in html
    assert (
        f'action="/solve/{HARD_CODE}/work" class="inline"><button type="submit">Try again' in html
    )
    assert client.post(f"/solve/{HARD_CODE}/work").status_code == 303
    assert queue.job(job.id).state == QUEUED


def test_a_job_runs_in_a_consumer_and_reports_as_it_goes(idle):
    queue = queue_of(idle)
    job = queue.submit(SOLVE, parse(HARD_CODE))
    queue.run_job(job.id, job.kind, job.code, job.seconds)  # what a consumer does
    done = queue.job(job.id)
    assert done.state == DONE and done.outcome == "solved" and done.attempts == 1
    assert done.started is not None and done.finished >= done.started
    assert job.id not in queue.board.members("jobs:open")


def test_job_ids_follow_from_the_work():
    assert job_id(SOLVE, HARD_CODE, 60) == job_id(SOLVE, HARD_CODE, 60.0)
    kinds, codes, budgets = (SOLVE, EXPLAIN), (HARD_CODE, OTHER_CODE), (60, 30)
    ids = {job_id(kind, code, s) for kind in kinds for code in codes for s in budgets}
    assert len(ids) == 8


def test_a_record_reads_back_as_it_was_written():
    job = Job.new(EXPLAIN, HARD_CODE, 60).but(state=RUNNING, work=12, work_unit="conflicts")
    assert Job.from_bytes(job.to_bytes()) == job


def test_shared_results_let_one_server_answer_with_another_servers_solve(tmp_path, redis_server):
    import redis

    redis.Redis.from_url(redis_server.url).flushdb()
    patient = make_app(tmp_path / "a", SOLVE_CACHE_URL=redis_server.url, SOLVE_BUDGET_NODES=10**6)
    hasty = make_app(tmp_path / "b", SOLVE_CACHE_URL=redis_server.url)
    alone = make_app(tmp_path / "c")
    assert "status-gave_up" in alone.test_client().get(f"/solve/{HARD_CODE}").get_data(as_text=True)
    assert "status-solved" in patient.test_client().get(f"/solve/{HARD_CODE}").get_data(
        as_text=True
    )
    assert "status-solved" in hasty.test_client().get(f"/solve/{HARD_CODE}").get_data(as_text=True)


def test_pages_answer_while_the_shared_results_are_away_and_share_again_after(
    tmp_path, redis_server
):
    import redis

    shared = redis.Redis.from_url(redis_server.url)
    app = make_app(tmp_path, SOLVE_CACHE_URL=redis_server.url, SOLVE_BUDGET_NODES=10**6)
    app.extensions[SHARED_KEY].clock = clock = FakeClock()
    client = app.test_client()
    redis_server.stop()
    try:
        page = client.get(f"/solve/{HARD_CODE}")
        assert page.status_code == 200 and "status-solved" in page.get_data(as_text=True)
    finally:
        redis_server.start()
    client.get(f"/solve/{SEED_EASY_CODE}")
    assert shared.exists(f"sudoku:solve:{SEED_EASY_CODE}") == 0  # not tried: too soon
    clock.advance(BREAK_SECONDS)  # the store tries Redis again BREAK_SECONDS after a failure
    client.get(f"/solve/{NORVIG_EASY_CODE}")
    assert shared.exists(f"sudoku:solve:{NORVIG_EASY_CODE}") == 1


@pytest.mark.parametrize(
    ("unit", "line"),
    [
        ("SAT conflicts", "SAT conflicts so far: 129,658."),
        ("search nodes", "Search nodes so far: 129,658."),
    ],
)
def test_a_running_job_says_how_much_work_it_has_done(idle, unit, line):
    queue = queue_of(idle)
    job = queue.submit(SOLVE, parse(HARD_CODE))
    now = time.time()
    queue._write(job.but(state=RUNNING, started=now, heartbeat=now, work=129_658, work_unit=unit))
    assert line in idle.test_client().get(f"/jobs/{job.id}").get_data(as_text=True)
    assert line in idle.test_client().get(f"/api/jobs/{job.id}").get_json()["lines"]


GENERATE_CODE = "9/easy/rotational/1"


def test_a_generate_job_keeps_its_puzzle_and_its_solve_for_every_server(idle):
    queue = queue_of(idle)
    job = queue.submit_code(GENERATE, GENERATE_CODE)
    queue.run_job(job.id, job.kind, job.code, job.seconds)
    done = queue.job(job.id)
    assert done.state == DONE and done.outcome == "generated"
    assert (done.work, done.work_unit) == (1, "attempts")  # 9x9 easy from seed 1: the first
    made = generate(9, "easy", "rotational", 1)
    kept = shared.kept_generated(queue.results, order_of(GENERATE_CODE))
    assert kept.seconds == 20 and kept.generated.puzzle == made.puzzle
    assert (kept.generated.rating, kept.generated.hardest) == (made.rating, made.hardest)
    solve = shared.kept_solve(queue.results, made.puzzle).result
    assert solve.status == "solved" and solve.solution == made.solution


def test_a_generation_kept_under_another_orders_code_is_a_miss(idle):
    queue = queue_of(idle)
    made = generate(9, "easy", "rotational", 1)
    shared.keep_generated(queue.results, made, 20)
    record = queue.results.get(f"generated:{GENERATE_CODE}")
    queue.results.put("generated:9/easy/rotational/2", record)
    assert shared.kept_generated(queue.results, order_of("9/easy/rotational/2")) is None
    assert shared.kept_generated(queue.results, order_of(GENERATE_CODE)).generated == made


def test_a_failed_generate_job_offers_to_try_again(idle):
    queue = queue_of(idle)
    job = queue.submit_code(GENERATE, GENERATE_CODE)
    queue._write(job.but(attempts=MAX_ATTEMPTS))
    queue.run_job(job.id, job.kind, job.code, job.seconds)
    html = idle.test_client().get(f"/jobs/{job.id}").get_data(as_text=True)
    assert "Making a new puzzle" in html and "Stopped: its consumer stopped 3 times" in html
    assert (
        f'action="/new/{GENERATE_CODE}/work" class="inline"><button type="submit">Try again' in html
    )
    record = idle.test_client().get(f"/api/jobs/{job.id}").get_json()
    assert (
        record["kind"] == GENERATE
        and record["result_url"] == f"http://localhost/new/{GENERATE_CODE}"
    )
