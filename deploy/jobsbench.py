"""Jobs through the stack: how many a minute its consumer finishes, and how long one hard
25x25 takes from "Keep working" to done.

    .venv/bin/python deploy/jobsbench.py [--jobs 168] [--job-workers 1 2] [--skip-25x25]

Each figure comes from a fresh `deploy/stack --redis` (one app server, the stack's
consumer), on free 127.0.0.1 ports, stopped afterwards:

- throughput, per --job-workers: with the consumer paused (SIGSTOP to its process group),
  --jobs distinct 9x9 puzzles from tests/data/engine_9x9_answers.txt are submitted with
  POST /api/jobs through nginx (the queue's depth raised to hold them all); then the
  consumer is let go and timed until the last job's record says done. Each job is a few
  milliseconds of solving: the figure is what the queue itself costs per job.
- one 25x25: "Keep working" (POST /solve/<code>/work) on the first of the Frisch puzzles
  in tests/data/prod_25x25.txt, with the default JOB_SECONDS (60 s), timed from the POST
  until its record says done, whatever the outcome.

It prints a Markdown table. Job records are read straight from the stack's Redis, so that
watching them costs the app servers nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from stackrun import stack

from webapp.cli.arguments import positive_int
from webapp.cli.timing import read_puzzles

DATA = Path(__file__).parent.parent / "tests" / "data"
NINES = "engine_9x9_answers.txt"
WAIT_SECONDS = 300


@dataclass(frozen=True)
class Figure:
    """One row of the table: `jobs` finished in `seconds`."""

    what: str
    job_workers: int
    jobs: int
    seconds: float
    outcomes: str

    @property
    def per_minute(self) -> float:
        return 60 * self.jobs / self.seconds


def post(port: int, path: str, body: dict[str, str] | None = None) -> tuple[int, str]:
    """(status, Location) of one POST to 127.0.0.1:port."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        data = json.dumps(body) if body is not None else None
        headers = {"Host": "127.0.0.1", "Content-Type": "application/json"}
        connection.request("POST", path, body=data, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""
    finally:
        connection.close()


def job_id(location: str) -> str:
    """The id at the end of a job's address."""
    return location.rstrip("/").rsplit("/", 1)[-1]


def until_done(store: redis.Redis, ids: list[str]) -> dict[str, dict[str, object]]:
    """Wait until every job of `ids` is done or failed; their records."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        values = store.mget([f"sudoku:job:{id}" for id in ids])
        records = {id: json.loads(value) for id, value in zip(ids, values, strict=True) if value}
        if len(records) == len(ids) and all(
            record["state"] in ("done", "failed") for record in records.values()
        ):
            return records
        if time.monotonic() > deadline:
            states = tally({id: {"outcome": r["state"]} for id, r in records.items()})
            raise SystemExit(f"jobs not done within {WAIT_SECONDS} s: {states}")
        time.sleep(0.05)


def tally(records: dict[str, dict[str, object]]) -> str:
    """The outcomes, counted: "solved 60"."""
    counts: dict[str, int] = {}
    for record in records.values():
        outcome = str(record["outcome"] or record["state"])
        counts[outcome] = counts.get(outcome, 0) + 1
    return ", ".join(f"{outcome} {count}" for outcome, count in sorted(counts.items()))


def puzzle_codes(name: str, limit: int | None = None) -> list[str]:
    """The distinct share codes of the puzzles in tests/data/`name`, up to `limit`."""
    grids, _ = read_puzzles((DATA / name).read_text().splitlines())
    return list(dict.fromkeys(grid.code for grid in grids))[:limit]


def throughput(jobs: int, job_workers: int) -> Figure:
    """`jobs` distinct 9x9 jobs waiting for a paused consumer, timed from when it goes on
    until the last is done."""
    codes = puzzle_codes(NINES, jobs)
    options = ("--redis", "--job-workers", str(job_workers), "--exempt", "127.0.0.1")
    env = {"FLASK_JOB_QUEUE_DEPTH": str(len(codes))}
    with stack(*options, env=env) as running:
        store = redis.Redis(port=running.redis[1])
        os.killpg(running.consumer_pid, signal.SIGSTOP)
        try:
            ids = [submit(running.port, code) for code in codes]
        finally:
            os.killpg(running.consumer_pid, signal.SIGCONT)
        started = time.perf_counter()
        records = until_done(store, ids)
        seconds = time.perf_counter() - started
    what = "9x9 jobs waiting, drained by the consumer"
    return Figure(what, job_workers, len(ids), seconds, tally(records))


def submit(port: int, code: str) -> str:
    """Submit a solve job for `code` through nginx on `port`; its id."""
    status, location = post(port, "/api/jobs", {"kind": "solve", "puzzle": code})
    if status != 202:
        raise SystemExit(f"POST /api/jobs answered {status}")
    return job_id(location)


def one_25x25() -> Figure:
    """Keep working on a Frisch 25x25, timed from the POST until its record says done."""
    code = puzzle_codes("prod_25x25.txt", 1)[0]
    with stack("--redis", "--exempt", "127.0.0.1") as running:
        store = redis.Redis(port=running.redis[1])
        started = time.perf_counter()
        status, location = post(running.port, f"/solve/{code}/work")
        if status != 303:
            raise SystemExit(f"POST /solve/<code>/work answered {status}")
        records = until_done(store, [job_id(location)])
        seconds = time.perf_counter() - started
    what = "Keep working on a Frisch 25x25, POST to done (60 s limit)"
    return Figure(what, 1, 1, seconds, tally(records))


def table(figures: list[Figure]) -> str:
    """The figures as a Markdown table."""
    lines = [
        "| what | job workers | jobs | seconds | jobs/minute | outcomes |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for figure in figures:
        lines.append(
            f"| {figure.what} | {figure.job_workers} | {figure.jobs} | {figure.seconds:.2f}"
            f" | {figure.per_minute:,.0f} | {figure.outcomes} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--jobs", type=positive_int, default=168, help="9x9 jobs (default: all 168)"
    )
    parser.add_argument(
        "--job-workers",
        type=positive_int,
        nargs="+",
        default=[1],
        metavar="N",
        help="the consumer's worker processes, one throughput run each (default 1)",
    )
    parser.add_argument("--skip-25x25", action="store_true", help="only the throughput runs")
    args = parser.parse_args(argv)
    available = len(puzzle_codes(NINES))
    if args.jobs > available:
        parser.error(f"--jobs is at most {available}, the puzzles of tests/data/{NINES}")
    figures = [throughput(args.jobs, workers) for workers in args.job_workers]
    if not args.skip_25x25:
        figures.append(one_25x25())
    print(table(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
