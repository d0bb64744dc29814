"""The job queue's places shared between addresses, in both stores (a SQLite file and a real
Redis): the last JOB_QUEUE_RESERVE places go only to an address holding no job, so a few
addresses cannot deny everyone else, and a consumer takes each address's first job before
anyone's second (issue 35, point 7)."""

from __future__ import annotations

from itertools import permutations

import pytest
import redis
from job_apps import job_app

from webapp.jobs import QUEUE_KEY
from webapp.jobs.job import SOLVE
from webapp.jobs.queue import JobQueue, QueueFull

from puzzles import RATED_5_7_CODE


def codes(count: int) -> list[str]:
    """`count` different puzzles: RATED_5_7's digits relabelled."""
    found = []
    for order in permutations("123456789"):
        relabel = str.maketrans("123456789", "".join(order))
        found.append(RATED_5_7_CODE.translate(relabel))
        if len(found) == count:
            return found
    raise AssertionError("not so many relabellings")


@pytest.fixture(params=["sqlite", "redis"])
def queue(request, tmp_path) -> JobQueue:
    """The job queue of an app with the default limits and no consumer, in each store."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/jobs.sqlite3"
    else:
        url = request.getfixturevalue("redis_server").url
        redis.Redis.from_url(url).flushdb()
    app = job_app(tmp_path, JOB_IMMEDIATE=False, JOB_STORE=url)
    return app.extensions[QUEUE_KEY]


def client_at(app, address: str):
    """A test client whose requests come from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def take_all_it_may(queue: JobQueue, address: str, puzzles: list[str]) -> int:
    """Submit jobs from `address`, one per puzzle, until one is refused; how many it got."""
    taken = 0
    for code in puzzles:
        try:
            queue.submit_code(SOLVE, code, address)
        except QueueFull:  # a ClientBusy is one too
            break
        taken += 1
    return taken


def test_four_addresses_taking_all_they_may_leave_a_place_for_a_fifth(queue):
    # JOB_PER_CLIENT 2 x 4 addresses = JOB_QUEUE_DEPTH 8: a fifth address's Keep working got 503
    puzzles = codes(4 * 3 + 1)
    for number in range(4):
        mine = puzzles[number * 3 : number * 3 + 3]
        take_all_it_may(queue, f"203.0.113.{number + 1}", mine)
    person = queue.submit_code(SOLVE, puzzles[-1], "198.51.100.2")
    assert person.open


def test_it_takes_six_addresses_to_fill_the_queue(queue):
    puzzles = codes(7 * 3)
    for number in range(6):
        take_all_it_may(queue, f"203.0.113.{number + 1}", puzzles[number * 3 : number * 3 + 3])
    assert take_all_it_may(queue, "198.51.100.2", puzzles[-3:]) == 0


def test_an_address_holding_a_job_gets_no_second_once_the_queue_is_half_full(queue):
    puzzles = codes(6)
    for number, code in enumerate(puzzles[:4]):
        queue.submit_code(SOLVE, code, f"203.0.113.{number + 1}")
    assert take_all_it_may(queue, "203.0.113.1", puzzles[4:]) == 0


def test_a_consumer_takes_each_addresses_first_job_before_anyones_second(queue):
    # First come, first served: a person's accepted job waited behind all of an attacker's
    attacker, person = "203.0.113.1", "198.51.100.2"
    first, second, persons = codes(3)
    ids = [
        queue.submit_code(SOLVE, code, client).id
        for code, client in [(first, attacker), (second, attacker), (persons, person)]
    ]
    taken = [queue.huey.dequeue().args[0] for _ in range(3)]
    assert taken == [ids[0], ids[2], ids[1]]


def test_a_holder_refused_a_second_job_is_told_why_and_when_to_come_back(tmp_path):
    app = job_app(tmp_path, JOB_IMMEDIATE=False)
    puzzles = codes(5)
    for number, code in enumerate(puzzles[:4]):
        client_at(app, f"203.0.113.{number + 1}").post(f"/solve/{code}/work")
    refused = client_at(app, "203.0.113.1").post(f"/solve/{puzzles[4]}/work")
    told = "last places are kept for people without one" in refused.text
    assert (refused.status_code, refused.headers.get("Retry-After"), told) == (429, "30", True)
