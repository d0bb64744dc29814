"""Scale-out: `deploy/stack --redis --app-servers 2`, real nginx, gunicorn and Redis.

A job started through one app server is run by the stack's consumer and its result is
served by the other; a consumer killed in the middle of a job is started again by the
stack and the job finishes; Redis paused under load costs no 5xx, refuses new
jobs with a page that says so, and shares decided solves again once it is back. No test
sleeps: each waits, bounded, for what the servers do (tests/waiting.py).
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import random
import signal
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from shared_stacks import tools_missing

from webapp.cli.soundness import disguise
from webapp.sudoku import parse

from puzzles import NORVIG_EASY_CODE, RATED_5_7_CODE, SEED_EASY, eased_25x25

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import stack  # noqa: E402

from waiting import until

# The module shares one stack (`scaled`): one worker runs all of it.
pytestmark = pytest.mark.xdist_group("scaleout")

# The app servers give up after 5 search nodes, before a 25x25 would go to CaDiCaL (at
# HANDOVER_NODES), so a share link of either 25x25 below can only show "solved" with a job's
# result, whatever the machine's speed; a job has its own, far larger work budget and
# JOB_SECONDS as its ceiling.
#
# A killed consumer's job is put back once silent JOB_STALE_SECONDS: 2.5 s (five heartbeats
# missed), not the 5 s it is by default, which the tests that kill a consumer would wait out.
SETTINGS = {
    "FLASK_SOLVE_BUDGET_NODES": "5",
    "FLASK_JOB_SECONDS": "20",
    "FLASK_JOB_STALE_SECONDS": "2.5",
}
QUICK_25 = eased_25x25(1, 16)  # about 1,300 nodes: half a second for a job
LONGER_25 = eased_25x25(2, 8)  # about 8,400 nodes: three seconds or so
# CaDiCaL, which takes over from the search after 650 nodes, decides LONGER_25 in a quarter of
# a second; this one takes it some 65,000 conflicts, about 5 s of a job.
SLOWER_25 = eased_25x25(0, 2)
# The load's own share links: decided in a node or two, or given up at once (RATED_5_7).
LOAD_PATHS = ["/healthz", f"/solve/{NORVIG_EASY_CODE}", f"/solve/{RATED_5_7_CODE}"]
LOAD_PATHS.append(f"/solve/{QUICK_25}")


@pytest.fixture(scope="module")
def scaled(tmp_path_factory):
    """One stack of two app servers, the stack's consumer and Redis, for the module."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("scaleout") / "stack.log"
    options = ("--redis", "--app-servers", "2", "--workers", "1", "--exempt", "127.0.0.1")
    with stack(*options, env=SETTINGS, log=log) as running:
        yield running


def request(port: int, method: str, path: str) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of one request to 127.0.0.1:port."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        connection.request(method, path, headers={"Host": "127.0.0.1"})
        response = connection.getresponse()
        return response.status, dict(response.headers), response.read().decode()
    finally:
        connection.close()


def job_json(port: int, job_url: str) -> dict:
    """The record of the job at `job_url` (/jobs/<id>), as app server `port` reads it."""
    status, _, body = request(port, "GET", f"/api{job_url}")
    assert status == 200, body
    return json.loads(body)


def start_job(port: int, code: str) -> str:
    """Press "Keep working" on app server `port`'s page of `code`; the job's page."""
    status, _, html = request(port, "GET", f"/solve/{code}")
    assert status == 200 and "Keep working (up to 20 s)" in html
    status, headers, _ = request(port, "POST", f"/solve/{code}/work")
    assert status == 303 and headers["Location"].startswith("/jobs/solve-")
    return headers["Location"]


def test_a_job_started_on_one_server_is_served_by_the_other(scaled):
    first, second = scaled.app_ports
    job_url = start_job(first, QUICK_25)
    done = until(lambda: (job := job_json(second, job_url))["state"] == "done" and job, "done")
    assert done["outcome"] == "solved" and done["attempts"] == 1
    status, headers, _ = request(second, "GET", job_url)
    assert status == 303 and headers["Location"] == f"/solve/{QUICK_25}?job={done['id']}"
    status, _, html = request(second, "GET", f"/solve/{QUICK_25}")
    # Five nodes would have given up: the page shows the job's solve, read from Redis.
    assert status == 200 and '<h1 class="status status-solved">Solved</h1>' in html


def test_a_killed_consumer_is_started_again_and_finishes_the_job(scaled):
    first, second = scaled.app_ports
    killed = scaled.consumer_pid
    job_url = start_job(second, LONGER_25)
    until(lambda: job_json(first, job_url)["state"] == "running", "the consumer takes the job")
    os.killpg(killed, signal.SIGKILL)  # the consumer and its workers, as a crash would
    until(lambda: scaled.consumer_pid != killed, "the stack starts another consumer")
    done = until(lambda: (job := job_json(first, job_url))["state"] == "done" and job, "done")
    assert done["attempts"] == 2 and done["outcome"] == "solved", scaled.output
    assert scaled.process.poll() is None


def test_a_redis_restart_loses_no_queued_or_running_job(scaled):
    # In memory only, a restarted Redis had lost every queued job, and their pages then said
    # "There is no such job"
    first, second = scaled.app_ports
    # The first job runs for seconds, so that the other two are still queued when Redis goes:
    # of LONGER_25, all three were done before the first was seen running.
    slower, quicker = parse(SLOWER_25), parse(LONGER_25)
    codes = [disguise(slower, random.Random(101)).code]
    codes += [disguise(quicker, random.Random(seed)).code for seed in (102, 103)]
    urls = [start_job(second, code) for code in codes]
    until(lambda: job_json(first, urls[0])["state"] == "running", "the first job runs")
    assert {job_json(first, url)["state"] for url in urls[1:]} == {"queued"}
    killed, port = scaled.redis
    os.kill(killed, signal.SIGTERM)  # a restart: Redis writes its file out and stops
    until(lambda: scaled.redis[0] != killed, "the stack starts Redis again")
    assert scaled.redis[1] == port
    for url in urls:
        done = until(lambda url=url: finished(first, url), f"{url} is done", seconds=120)
        assert done["outcome"] == "solved", scaled.output
    assert scaled.process.poll() is None


def finished(port: int, job_url: str) -> dict | None:
    """The job's record once it is done, else None (also while Redis is away)."""
    status, _, body = request(port, "GET", f"/api{job_url}")
    if status != 200:
        return None
    job = json.loads(body)
    return job if job["state"] == "done" else None


class Load:
    """Threads asking for share links and /healthz through nginx until stopped; every answer's
    status, and what failed to answer at all."""

    def __init__(self, port: int, threads: int = 4) -> None:
        self.port = port
        self.statuses: Counter[int] = Counter()
        self.failures: list[str] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.ask, args=(n,)) for n in range(threads)]

    def ask(self, offset: int) -> None:
        count = offset
        while not self.stop.is_set():
            path = LOAD_PATHS[count % len(LOAD_PATHS)]
            count += 1
            try:
                status, _, _ = request(self.port, "GET", path)
            except OSError as error:
                self.failures.append(f"{path}: {error!r}")
                continue
            self.statuses[status] += 1

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    @property
    def answered(self) -> int:
        """How many answers came so far."""
        return sum(self.statuses.values())

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()


def fresh_codes() -> Iterator[str]:
    """Share codes no server has solved yet: SEED_EASY relabelled, a new way each time."""
    grid = parse(SEED_EASY)
    for seed in itertools.count():
        yield disguise(grid, random.Random(seed)).code


def test_redis_paused_under_load_costs_no_5xx_and_sharing_comes_back(scaled):
    redis_pid, redis_port = scaled.redis
    shared = redis.Redis(port=redis_port, socket_timeout=2)
    new_codes, asked = fresh_codes(), []

    def shared_again() -> bool:
        asked.append(next(new_codes))
        assert request(scaled.port, "GET", f"/solve/{asked[-1]}")[0] == 200
        return any(shared.exists(f"sudoku:solve:{code}") for code in asked)

    with Load(scaled.port) as load:
        until(lambda: load.answered >= 20, "the load is answered")
        os.kill(redis_pid, signal.SIGSTOP)  # Redis stops answering, as a hung server would
        try:
            before = load.answered
            # The store's READ_TIMEOUT (1 s) passes before the servers know Redis is away.
            status, headers, html = request(scaled.port, "POST", f"/solve/{RATED_5_7_CODE}/work")
            until(lambda: load.answered - before > 20, "the load is answered while Redis is away")
            during = load.answered - before
        finally:
            os.kill(redis_pid, signal.SIGCONT)
        # Each server tries Redis again a second after its last failure (store.BREAK_SECONDS):
        # a solve no server has seen is shared once its server has.
        until(shared_again, "a new solve is shared again", 15)
        after = load.answered
        until(lambda: load.answered - after > 20, "the load is answered after Redis is back")
    assert status == 503 and headers["Retry-After"] == "30"
    assert "The job queue cannot be reached right now" in html
    assert not load.failures, load.failures[:5]
    assert all(status < 500 for status in load.statuses), load.statuses
    assert during > 20, load.statuses  # the load was answered while Redis was away
