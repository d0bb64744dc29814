"""Fairness through the stack: attackers within the limits against a person's ordinary use.

    .venv/bin/python deploy/fairness.py [--seconds 30] [--attackers 2] [--seed 1]

It starts deploy/stack (nginx, gunicorn, the consumer) on free loopback ports with no
address exempt from the per-client limits, and runs, for --seconds:

- each attacker, from a loopback address of its own (127.0.2.N), at what nginx allows one
  address and without waiting for answers: 4 requests a second on the costly routes, in
  turn the share link of a new 25x25 grid no server has seen (/solve/<code>, each using
  the whole solve budget) and a new 25x25 puzzle (/new/25/<level>/<symmetry>/<seed>, a
  generate job), and every 5 s a heavy batch (POST /api/solve/batch of 25 such grids,
  solved in the request for up to 3 s);
- the victim, from 127.0.3.1: the share link of a new ordinary 9x9 puzzle (QQWing's,
  simple to expert) twice a second, each once the last has come, as a person opens them
  (200 is a success), and "Keep working" (POST /solve/<code>/work, 303 a success) on
  another new one each time its last job is done, as a person following the job's page.

It prints a Markdown table, a row per kind of request: who sent it, how many, the share
that succeeded, p50 and p99 in ms, and the statuses (0: no answer); then how long the
victim's jobs took from "Keep working" to done. The target is the victim's success at
99% or more and its p99 under 1 s.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from loadmix import DATA, budget_breaker
from stackrun import bound_sources, stack

from webapp.cli.arguments import positive_int
from webapp.cli.soundness import disguise
from webapp.sudoku import parse
from webapp.sudoku.generator.symmetry import SYMMETRIES
from webapp.sudoku.logic.levels import LEVEL_NAMES

TIMEOUT = 30.0
VICTIM = "127.0.3.1"
# What people solve: QQWing's puzzles, graded simple, easy, intermediate and expert.
ORDINARY_FILE = "qqwing_graded_sample.txt"
# What one address may send (deploy/nginx.conf): the costly routes 4 a second, batches
# one every 5 s.
COSTLY_PER_SECOND = 4.0
BATCH_SECONDS = 5.0
BATCH_PUZZLES = 25  # BATCH_REQUEST_PUZZLES: the most solved in the request
VICTIM_SOLVES_PER_SECOND = 2.0
JOB_POLL_SECONDS = 0.5
# Each attacker's requests in flight at once, well within nginx's 32 connections.
ATTACKER_THREADS = 16


@dataclass
class Kind:
    """The answers to one kind of request."""

    client: str  # "victim" or "attacker"
    success: int  # the status that means it worked
    statuses: Counter[int] = field(default_factory=Counter)
    ms: list[float] = field(default_factory=list)

    @property
    def sent(self) -> int:
        """Requests answered or failed."""
        return sum(self.statuses.values())

    @property
    def success_share(self) -> float:
        """The share of requests answered with the success status."""
        return self.statuses[self.success] / self.sent if self.sent else 0.0

    def percentile(self, share: float) -> float:
        """The time within which `share` of the requests were answered (ms)."""
        if not self.ms:
            return 0.0
        ordered = sorted(self.ms)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Report:
    """One run: each kind of request, and the victim's jobs."""

    kinds: dict[str, Kind]
    job_seconds: list[float] = field(default_factory=list)  # "Keep working" to done
    jobs_started: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, kind: str, status: int, ms: float) -> None:
        """Count one answer."""
        with self.lock:
            self.kinds[kind].statuses[status] += 1
            self.kinds[kind].ms.append(ms)

    def victim(self) -> list[Kind]:
        """The victim's kinds of request."""
        return [kind for kind in self.kinds.values() if kind.client == "victim"]


def new_report() -> Report:
    """An empty report with every kind of request."""
    return Report(
        {
            "9x9 share link": Kind("victim", 200),
            "Keep working": Kind("victim", 303),
            "new 25x25 code": Kind("attacker", 200),
            "new 25x25 puzzle": Kind("attacker", 303),
            "heavy batch": Kind("attacker", 200),
        }
    )


def ask(
    port: int, source: str, method: str, path: str, body: bytes | None = None
) -> tuple[int, str, bytes, float]:
    """One request through nginx from `source`: status (0 for none), Location, body, ms."""
    headers = {"Host": "127.0.0.1"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    started = time.perf_counter()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=TIMEOUT, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        status, location = response.status, response.getheader("Location") or ""
    except OSError:
        status, location, answer = 0, "", b""
    finally:
        connection.close()
    return status, location, answer, (time.perf_counter() - started) * 1000


def ordinary_codes(seed: int, count: int = 2000) -> list[str]:
    """Share codes of `count` new ordinary 9x9 puzzles: QQWing's of every grade, simple to
    expert (ORDINARY_FILE), each relabelled and shuffled afresh."""
    rng = random.Random(seed)
    with open(DATA / ORDINARY_FILE) as lines:
        nines = [parse(line.split()[0]) for line in lines if not line.startswith("#")]
    return [disguise(rng.choice(nines), rng).code for _ in range(count)]


def attack(port: int, source: str, seconds: float, report: Report, seed: int) -> None:
    """One attacker for `seconds`: the costly routes at nginx's rate, a batch every 5 s."""
    rng = random.Random(seed)
    began = time.monotonic()
    costly, batches = 0, 0
    with ThreadPoolExecutor(ATTACKER_THREADS) as pool:
        while (now := time.monotonic() - began) < seconds:
            if batches * BATCH_SECONDS <= now:
                grids = [budget_breaker(rng).code for _ in range(BATCH_PUZZLES)]
                body = json.dumps({"puzzles": grids}).encode()
                pool.submit(_sent, report, "heavy batch", port, source, "POST", _BATCH, body)
                batches += 1
            if costly / COSTLY_PER_SECOND <= now:
                if costly % 2:
                    level, symmetry = rng.choice(LEVEL_NAMES), rng.choice(SYMMETRIES)
                    path = f"/new/25/{level}/{symmetry}/{rng.randrange(10**9)}"
                    kind = "new 25x25 puzzle"
                else:
                    path, kind = f"/solve/{budget_breaker(rng).code}", "new 25x25 code"
                pool.submit(_sent, report, kind, port, source, "GET", path, None)
                costly += 1
            time.sleep(0.01)


_BATCH = "/api/solve/batch"


def _sent(
    report: Report, kind: str, port: int, source: str, method: str, path: str, body: bytes | None
) -> None:
    status, _, _, ms = ask(port, source, method, path, body)
    report.record(kind, status, ms)


def victim_solves(port: int, seconds: float, report: Report, codes: list[str]) -> None:
    """The victim's share links of new 9x9 puzzles for `seconds`, one after another as a
    person opens them: twice a second, or as soon as the last has come when it was slower."""
    began = time.monotonic()
    for count, code in enumerate(codes):
        at = began + count / VICTIM_SOLVES_PER_SECOND
        if time.monotonic() - began >= seconds:
            break
        time.sleep(max(0.0, at - time.monotonic()))
        _sent(report, "9x9 share link", port, VICTIM, "GET", f"/solve/{code}", None)


def victim_keeps_working(port: int, seconds: float, report: Report, codes: list[str]) -> None:
    """The victim's "Keep working", on a new puzzle each time its last job is done."""
    deadline = time.monotonic() + seconds
    for code in codes:
        if time.monotonic() >= deadline:
            return
        status, location, _, ms = ask(port, VICTIM, "POST", f"/solve/{code}/work")
        report.record("Keep working", status, ms)
        if status != 303:
            time.sleep(1.0)  # as a person would before trying again
            continue
        report.jobs_started += 1
        started = time.monotonic()
        while time.monotonic() < deadline:
            _, _, body, _ = ask(port, VICTIM, "GET", f"/api{location}")
            if body.startswith(b"{") and json.loads(body).get("state") == "done":
                report.job_seconds.append(time.monotonic() - started)
                break
            time.sleep(JOB_POLL_SECONDS)


def measure(port: int, seconds: float, attackers: int, seed: int = 1) -> Report:
    """The run against the stack on `port`: attackers from 127.0.2.1 on, the victim."""
    report = new_report()
    codes = ordinary_codes(seed)
    half = len(codes) // 2
    threads = [
        threading.Thread(target=attack, args=(port, source, seconds, report, seed + number))
        for number, source in enumerate(bound_sources(attackers, first=(127, 0, 2)))
    ]
    threads.append(
        threading.Thread(target=victim_solves, args=(port, seconds, report, codes[:half]))
    )
    threads.append(
        threading.Thread(target=victim_keeps_working, args=(port, seconds, report, codes[half:]))
    )
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return report


def table(report: Report) -> str:
    """The run as a Markdown table, and a line on the victim's jobs."""
    lines = [
        "| client | request | sent | success | p50 ms | p99 ms | statuses |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for name, kind in report.kinds.items():
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(kind.statuses.items()))
        lines.append(
            f"| {kind.client} | {name} | {kind.sent} | {kind.success_share:.1%}"
            f" | {kind.percentile(0.5):.0f} | {kind.percentile(0.99):.0f} | {statuses} |"
        )
    done = sorted(report.job_seconds)
    waits = f", {done[len(done) // 2]:.1f} s to done at the median" if done else ""
    lines.append("")
    lines.append(f"The victim's jobs: {report.jobs_started} started, {len(done)} done{waits}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Start the stack, run the attackers and the victim, print the table; exit 1 when the
    victim's success is under 99% or its p99 over 1 s."""
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python deploy/fairness.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seconds", type=positive_int, default=30)
    parser.add_argument("--attackers", type=positive_int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with stack() as running:
        report = measure(running.port, args.seconds, args.attackers, args.seed)
    print(table(report))
    fair = all(k.success_share >= 0.99 and k.percentile(0.99) < 1000 for k in report.victim())
    return 0 if fair else 1


if __name__ == "__main__":
    sys.exit(main())
