"""Long work off the request path: a Huey job queue, its consumers, and the shared results.

JOB_STORE says where the queue and the jobs' records live: by default a SQLite file
in the app's instance folder (one machine, nothing to run but a consumer), or
redis://... (any number of machines). SOLVE_CACHE_URL=redis://... shares every
decided solve between app servers; without it, only the jobs' results are shared,
through the job store. `sudoku jobs` runs a consumer; `sudoku serve` starts one.
"""

from __future__ import annotations

from pathlib import Path

import redis
from flask import Flask, current_app
from huey import Huey, PriorityRedisHuey, SqliteHuey

from .queue import JobQueue
from .store import CONNECT_TIMEOUT, READ_TIMEOUT, Store, open_store

QUEUE_KEY = "webapp.jobs"
SHARED_KEY = "webapp.shared_results"
# Huey's name for the queue: its Redis keys and SQLite rows carry it. In Redis the queue
# is a sorted set by priority (queue.py takes each address's first job first), under a name
# of its own: the list the queue was before keeps its old one, and a job whose message
# stayed there is put back on this queue by a consumer's sweep (queue.py).
QUEUE_NAME = "sudoku"
REDIS_QUEUE_NAME = "sudokubyaddress"


def init_app(app: Flask) -> None:
    """Give `app` its job queue and the store its decided results are shared through."""
    url = app.config["JOB_STORE"] or f"sqlite:///{Path(app.instance_path) / 'jobs.sqlite3'}"
    board = open_store(url)
    cache_url = app.config["SOLVE_CACHE_URL"]
    # One Redis for both is one store, with one breaker: a Redis that hangs then costs a
    # request one timeout, not one for the shared solve and another for the job's record.
    shared = (board if cache_url == url else open_store(cache_url)) if cache_url else None
    app.extensions[SHARED_KEY] = shared
    app.extensions[QUEUE_KEY] = JobQueue(
        huey_for(url, immediate=bool(app.config["JOB_IMMEDIATE"])),
        board,
        shared or board,
        seconds=float(app.config["JOB_SECONDS"]),
        stale_seconds=float(app.config["JOB_STALE_SECONDS"]),
        depth=int(app.config["JOB_QUEUE_DEPTH"]),
        per_client=int(app.config["JOB_PER_CLIENT"]),
        reserve=int(app.config["JOB_QUEUE_RESERVE"]),
    )


def huey_for(url: str, immediate: bool = False) -> Huey:
    """The Huey whose queue is at `url` (the same forms as open_store). In immediate mode a
    job runs inside submit(), as tests want; its queue is then Huey's in-memory one."""
    huey: Huey
    if url.startswith("sqlite:///"):
        huey = SqliteHuey(QUEUE_NAME, filename=url.removeprefix("sqlite://"), immediate=immediate)
    else:
        # Blocking reads wait up to a second for a job; the socket must wait a little longer.
        pool = redis.ConnectionPool.from_url(
            url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=READ_TIMEOUT + 4
        )
        huey = PriorityRedisHuey(
            REDIS_QUEUE_NAME, connection_pool=pool, immediate=immediate, read_timeout=1
        )
    return huey


def job_queue() -> JobQueue:
    """The current app's job queue."""
    queue: JobQueue = current_app.extensions[QUEUE_KEY]
    return queue


def shared_results() -> Store | None:
    """Where the current app shares every decided solve (SOLVE_CACHE_URL), if anywhere."""
    store: Store | None = current_app.extensions[SHARED_KEY]
    return store
