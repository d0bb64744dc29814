"""Two faults at once, with jobs running and waiting: the consumer killed (SIGKILL) while
Redis restarts, under `deploy/stack --redis` and under `sudoku serve` with the shipped
Redis settings (deploy/stackredis.py). Every job finishes; none is lost.

Each job is a 25x25 that pages give up on (5 search nodes) and a job solves in a few
seconds, so some are running and some waiting when the faults come.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_job_consumer import CONSUMER_STARTED, assert_none_left, running
from test_scaleout import (
    LONGER_25,
    SETTINGS,
    finished,
    job_json,
    start_job,
    tools_missing,
)

from webapp.cli.soundness import disguise
from webapp.sudoku import parse

from redis_server import answers, free_port, redis_binary
from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackredis import redis_command  # noqa: E402
from stackrun import stack  # noqa: E402

pytestmark = pytest.mark.xdist_group("stack-faults")


def new_codes(count: int, first_seed: int) -> list[str]:
    """Share codes of `count` puzzles as hard as LONGER_25, each new to every server."""
    grid = parse(LONGER_25)
    return [disguise(grid, random.Random(first_seed + n)).code for n in range(count)]


def states(port: int, urls: list[str]) -> list[str]:
    """The state of each job."""
    return [job_json(port, url)["state"] for url in urls]


def some_running_some_waiting(port: int, urls: list[str]) -> bool:
    """Whether at least one job runs and at least one waits."""
    now = states(port, urls)
    return "running" in now and "queued" in now


def test_the_stack_loses_no_job_when_its_consumer_is_killed_while_redis_restarts(tmp_path):
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    options = ("--redis", "--workers", "1", "--job-workers", "2", "--exempt", "127.0.0.1")
    with stack(*options, env=SETTINGS, log=tmp_path / "stack.log") as running_stack:
        port = running_stack.port
        urls = [start_job(port, code) for code in new_codes(5, first_seed=301)]
        until(lambda: some_running_some_waiting(port, urls), "jobs running and waiting")
        consumer, (redis_pid, redis_port) = running_stack.consumer_pid, running_stack.redis
        os.killpg(consumer, signal.SIGKILL)  # the consumer and its workers, as a crash would
        os.kill(redis_pid, signal.SIGTERM)  # and Redis restarts meanwhile
        until(lambda: running_stack.consumer_pid != consumer, "another consumer")
        until(lambda: running_stack.redis[0] != redis_pid, "Redis again")
        assert running_stack.redis[1] == redis_port
        attempts = []
        for url in urls:
            done = until(lambda url=url: finished(port, url), f"{url} is done", seconds=120)
            assert done["outcome"] == "solved", running_stack.output
            attempts.append(done["attempts"])
        assert max(attempts) >= 2  # a job the kill stopped ran again
        assert running_stack.process.poll() is None


@contextmanager
def shipped_redis(folder: Path, port: int) -> Iterator[subprocess.Popen]:
    """redis-server as deploy/stack runs it (its writes in an append-only file in `folder`)
    on `port`, answering, until the block ends."""
    binary = redis_binary()
    assert binary is not None
    process = subprocess.Popen(redis_command(binary, port, folder), stdout=subprocess.DEVNULL)
    try:
        until(lambda: answers(port), "Redis answers")
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=30)


def test_sudoku_serve_loses_no_job_when_its_consumer_is_killed_while_redis_restarts(tmp_path):
    if redis_binary() is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    redis_port, port, log = free_port(), free_port(), tmp_path / "serve.log"
    folder = tmp_path / "redis"
    folder.mkdir()
    env = {
        **SETTINGS,
        "FLASK_JOB_STORE": f"redis://127.0.0.1:{redis_port}/0",
        "SUDOKU_WORKERS": "1",
    }
    with shipped_redis(folder, redis_port) as redis_process:
        with running(["serve", "--bind", f"127.0.0.1:{port}"], env, log) as server:
            until(lambda: answers(port), "the server answers")
            urls = [start_job(port, code) for code in new_codes(3, first_seed=401)]
            until(lambda: some_running_some_waiting(port, urls), "jobs running and waiting")
            consumer = int(CONSUMER_STARTED.findall(log.read_text())[-1])
            # the consumer and its workers at once, as a crash would (killed alone, its worker
            # may finish the running job in the moment before its supervisor ends the group,
            # and then no job needs to run again); its supervisor starts another
            os.killpg(consumer, signal.SIGKILL)
            redis_process.terminate()  # and Redis restarts meanwhile, on its file
            redis_process.wait(timeout=30)
            with shipped_redis(folder, redis_port):
                until(lambda: len(CONSUMER_STARTED.findall(log.read_text())) > 1, "another")
                attempts = []
                for url in urls:
                    done = until(lambda url=url: finished(port, url), f"{url} is done", 120)
                    assert done["outcome"] == "solved", log.read_text()
                    attempts.append(done["attempts"])
                assert max(attempts) >= 2  # a job the kill stopped ran again
                os.kill(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
    assert_none_left(tmp_path, log)
