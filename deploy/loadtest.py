"""Load test: drive the real gunicorn on loopback with wrk and print its figures as a table.

`.venv/bin/python deploy/loadtest.py` starts gunicorn as the README says on a free
127.0.0.1 port (with --through-stack, deploy/stack: gunicorn behind nginx), warms the
workers' caches, runs wrk (with deploy/load.lua) for a fixed time per scenario and
connection count, stops the server, and prints a Markdown table: requests/s, latency
percentiles, every kind of error (worker timeouts from gunicorn's log included), and how
long /healthz, asked ten times a second on the side, took meanwhile.

What each scenario sends is in deploy/loadmix.py: a, share links that the caches answer;
b, the same with one request in ten a pathological puzzle; h, hard 9x9 puzzles no worker
has seen; all made from the puzzles in the checkout's tests/data. It runs from a source
checkout with the venv installed (`pip install -e '.[test]'`), which is where `webapp` is
imported from; for example

    .venv/bin/python deploy/loadtest.py --duration 30 --connections 2 8
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from loadmix import hard_codes, pathological_codes, share_links, url_mix
from stackrun import stack

from webapp.cli.timing import figure

INSTALL_WRK = "apt-get install wrk"
ROOT = Path(__file__).parent.parent
LUA = Path(__file__).with_name("load.lua")
GUNICORN_ARGS = ("-c", "python:webapp.serving.gunicorn_conf", "webapp:create_app()")
SCENARIOS = {
    "a": "a: cached share links",
    "b": "b: 1 in 10 pathological",
    "h": "h: first views of hard 9x9",
}

# Distinct pathological codes per b run: at 500 requests/s for a minute a run would use 3000.
CODES_PER_RUN = 3000
# Long enough for each worker to solve and rate (RATING_BUDGET_WORK each at most) every
# link of scenario a: a cached share link is what scenario a measures.
WARM_SECONDS = 20
WARM_CONNECTIONS = 8
# A warm request waits this long for its answer: gunicorn's worker timeout and a little.
WARM_ANSWER_SECONDS = 35
# wrk's default of 2 s would count slower answers as errors and leave them out of the
# percentiles; gunicorn's own worker timeout is 30 s.
CLIENT_TIMEOUT_SECONDS = 10
TARGET_A = (1000, 50)  # requests/s at least, p99 ms below: on gunicorn alone...
TARGET_A_FRONT = (5000, 50)  # ...and through nginx, which keeps final pages
TARGET_H_MS = 1000  # p99 below, and no 5xx: a new hard puzzle's page answers within a second
TARGET_B_MARGIN_MS = 100  # p99 at most the solve budget plus this

COLUMNS = (
    "scenario|connections|seconds|requests|requests/s|p50 ms|p90 ms|p99 ms|max ms"
    "|non-2xx/3xx|5xx|socket errors|client timeouts|worker timeouts"
    "|healthz p99 ms|healthz max ms|target"
).split("|")
# /healthz is asked this often during every run, on a connection of its own.
HEALTH_INTERVAL = 0.1
HEALTH_TIMEOUT = 10.0


class LoadTestError(Exception):
    """The load test could not run: gunicorn or wrk failed, or the puzzles are missing."""


@dataclass(frozen=True)
class WrkFigures:
    """What wrk measured in one run, as load.lua's done() printed it."""

    requests: int
    seconds: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    non_2xx_3xx: int
    socket_errors: int
    timeouts: int
    statuses: Mapping[int, int]

    @property
    def per_second(self) -> float:
        """Requests completed per second."""
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def server_errors(self) -> int:
        """Answers with a 5xx status."""
        return sum(count for status, count in self.statuses.items() if status >= 500)


def parse_wrk_output(text: str) -> WrkFigures:
    """The figures among wrk's output: the `loadtest ...` lines load.lua's done() prints."""
    values: dict[str, int] = {}
    statuses: dict[int, int] = {}
    for line in text.splitlines():
        fields = line.split()
        if fields[:2] == ["loadtest", "statuses"]:
            statuses = {int(k): int(v) for k, v in (pair.split("=") for pair in fields[2:])}
        elif fields[:1] == ["loadtest"]:
            values = {k: int(v) for k, v in (pair.split("=") for pair in fields[1:])}
    if not values:
        raise LoadTestError(f"wrk printed no figures:\n{text}")
    return WrkFigures(
        requests=values["requests"],
        seconds=values["duration_us"] / 1e6,
        p50_ms=values["p50_us"] / 1000,
        p90_ms=values["p90_us"] / 1000,
        p99_ms=values["p99_us"] / 1000,
        max_ms=values["max_us"] / 1000,
        non_2xx_3xx=values["status"],
        socket_errors=values["connect"] + values["read"] + values["write"],
        timeouts=values["timeout"],
        statuses=statuses,
    )


def worker_timeouts(log: str) -> int:
    """How many times gunicorn's log says it killed a worker for taking too long."""
    return log.count("WORKER TIMEOUT")


@dataclass(frozen=True)
class Server:
    """A running gunicorn: its address and the file its output goes to."""

    url: str
    log: Path

    def log_text(self) -> str:
        """Everything gunicorn and the app have logged so far."""
        return self.log.read_text(errors="replace")

    def workers(self) -> int:
        """How many workers gunicorn has booted so far."""
        return self.log_text().count("Booting worker")


@contextmanager
def gunicorn(folder: Path) -> Iterator[Server]:
    """gunicorn started as the README says, on a free loopback port, until the block ends."""
    bind = f"127.0.0.1:{free_port()}"
    server = Server(f"http://{bind}", folder / "gunicorn.log")
    command = [str(Path(sys.executable).parent / "gunicorn"), *GUNICORN_ARGS]
    with open(server.log, "wb") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env={**os.environ, "SUDOKU_BIND": bind}, stdout=log, stderr=log
        )
    try:
        wait_until_healthy(server, process)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_healthy(server: Server, process: subprocess.Popen, seconds: float = 60) -> None:
    """Return once /healthz answers 200; LoadTestError if gunicorn exits or takes too long."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise LoadTestError(f"gunicorn exited with {process.returncode}:\n{server.log_text()}")
        try:
            with urllib.request.urlopen(f"{server.url}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass  # not listening yet
        time.sleep(0.1)
    raise LoadTestError(f"gunicorn did not answer /healthz within {seconds:g} s")


def run_wrk(
    server: Server, paths: Path, connections: int, seconds: int, threads: int
) -> WrkFigures:
    """Send the paths listed in `paths`, in turn, for `seconds`; what wrk measured."""
    command = ["wrk", "--threads", str(threads), "--connections", str(connections)]
    command += ["--duration", f"{seconds}s", "--timeout", f"{CLIENT_TIMEOUT_SECONDS}s"]
    command += ["--latency", "--script", str(LUA), server.url, "--", str(paths), str(threads)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    if done.returncode != 0:
        raise LoadTestError(f"wrk failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return parse_wrk_output(done.stdout)


def warm(server: Server, paths: list[str], connections: int, seconds: int) -> None:
    """Ask for `paths` in turn from `connections` threads for about `seconds`, each thread
    waiting for its last answer: no warm request is still in a worker's line afterwards.

    wrk walks away from the requests it has in flight when its time is up, and on a busy
    machine those can fill a worker's solve line (SOLVE_QUEUE_DEPTH), so that the first run
    measured got 503s for work left over from warming (18 of 23 in one CI run)."""
    deadline = time.monotonic() + seconds
    turn = itertools.count()

    def ask() -> None:
        while time.monotonic() < deadline:
            url = server.url + paths[next(turn) % len(paths)]
            try:
                with urllib.request.urlopen(url, timeout=WARM_ANSWER_SECONDS) as answer:
                    answer.read()
            except OSError:
                continue  # a 429 or 503 while warming only means that link warms later

    askers = [threading.Thread(target=ask, daemon=True) for _ in range(connections)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()


@dataclass(frozen=True)
class Run:
    """One wrk run: the scenario, its connections, what wrk saw and what gunicorn logged."""

    scenario: str
    connections: int
    figures: WrkFigures
    worker_timeouts: int
    paths: int
    health_ms: tuple[float, ...] = ()  # each /healthz answer's time; inf when none came
    through_stack: bool = False  # through nginx (deploy/stack), not gunicorn alone


def health_percentile(run: Run, share: float) -> float:
    """A percentile (nearest rank) of the /healthz times during `run`, in ms (some were asked)."""
    times = sorted(run.health_ms)
    return times[math.ceil(share * len(times)) - 1]


@contextmanager
def health_probe(url: str) -> Iterator[list[float]]:
    """Ask `url`/healthz every HEALTH_INTERVAL s until the block ends; the times, in ms."""
    times: list[float] = []
    done = threading.Event()

    def ask() -> None:
        while not done.is_set():
            started = time.monotonic()
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=HEALTH_TIMEOUT) as answer:
                    answer.read()
                    ok = answer.status == 200
            except OSError:
                ok = False
            times.append((time.monotonic() - started) * 1000 if ok else math.inf)
            done.wait(HEALTH_INTERVAL)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    try:
        yield times
    finally:
        done.set()
        thread.join(timeout=HEALTH_TIMEOUT + 1)


@contextmanager
def front(folder: Path) -> Iterator[Server]:
    """deploy/stack (gunicorn behind nginx) on a free port; wrk's address skips the limits."""
    log = folder / "stack.log"
    with stack("--exempt", "127.0.0.1", log=log) as running:
        yield Server(f"http://127.0.0.1:{running.port}", log)


def load_test(
    scenarios: str,
    connections: list[int],
    seconds: int,
    threads: int = 1,
    through_stack: bool = False,
    warm_seconds: int = WARM_SECONDS,
) -> tuple[list[Run], int]:
    """Run each scenario ("a", "b", "h") at each connection count on one server; its workers."""
    try:
        links = share_links()
    except OSError as error:
        raise LoadTestError(
            f"cannot read {error.filename}: the load test's puzzles are a source checkout's"
            " tests/data; run it from a checkout"
        ) from None
    codes = iter(pathological_codes(CODES_PER_RUN * len(connections) * scenarios.count("b")))
    hard = iter(hard_codes(CODES_PER_RUN * len(connections) * scenarios.count("h")))
    runs: list[Run] = []
    serve = front if through_stack else gunicorn
    with tempfile.TemporaryDirectory(prefix="loadtest-") as name, serve(Path(name)) as server:
        folder = Path(name)
        warm(server, links, max(WARM_CONNECTIONS, threads), warm_seconds)
        workers = server.workers()
        for number, (scenario, count) in enumerate(itertools.product(scenarios, connections)):
            paths = links
            if scenario == "b":
                paths = url_mix(links, list(itertools.islice(codes, CODES_PER_RUN)))
            elif scenario == "h":
                paths = list(itertools.islice(hard, CODES_PER_RUN))
            paths_file = folder / f"run{number}.txt"
            paths_file.write_text("\n".join(paths) + "\n")
            logged = len(server.log_text())
            with health_probe(server.url) as health:
                figures = run_wrk(server, paths_file, count, seconds, threads)
            timeouts = worker_timeouts(server.log_text()[logged:])
            ran = Run(scenario, count, figures, timeouts, len(paths), tuple(health), through_stack)
            runs.append(ran)
    return runs, workers


# What a page's solve work budget (SOLVE_BUDGET_NODES, SOLVE_BUDGET_CONFLICTS) takes on one
# idle core, about.
PAGE_SOLVE_SECONDS = 1.0


def budget_ms() -> float:
    """How long a page's solve budget takes, in milliseconds: its work (nodes and conflicts,
    counted, not timed) takes about PAGE_SOLVE_SECONDS on one idle core;
    LOADTEST_SOLVE_SECONDS says otherwise for a server with other budgets."""
    seconds = os.environ.get("LOADTEST_SOLVE_SECONDS", PAGE_SOLVE_SECONDS)
    return float(seconds) * 1000


def target_met(run: Run) -> bool:
    """Scenario a: fast enough; b: no 5xx, no worker timeouts, p99 within budget + margin;
    h: no 5xx, no worker timeouts, p99 under TARGET_H_MS."""
    figures = run.figures
    if run.scenario == "a":
        rate, p99 = TARGET_A_FRONT if run.through_stack else TARGET_A
        return figures.per_second >= rate and figures.p99_ms < p99
    if run.scenario == "h":
        return (
            figures.server_errors == 0
            and run.worker_timeouts == 0
            and (figures.p99_ms < TARGET_H_MS)
        )
    return (
        figures.server_errors == 0
        and run.worker_timeouts == 0
        and figures.p99_ms <= budget_ms() + TARGET_B_MARGIN_MS
    )


def table(runs: list[Run]) -> list[str]:
    """The Markdown table: one row per run."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|---|" + "---:|" * (len(COLUMNS) - 2) + "---|"]
    for run in runs:
        f = run.figures
        measured = (f.per_second, f.p50_ms, f.p90_ms, f.p99_ms, f.max_ms)
        counts = (f.non_2xx_3xx, f.server_errors, f.socket_errors, f.timeouts, run.worker_timeouts)
        cells = [SCENARIOS[run.scenario], str(run.connections), f"{f.seconds:.1f}"]
        cells += [str(f.requests), *map(figure, measured), *map(str, counts)]
        if run.health_ms:
            cells += [figure(health_percentile(run, 0.99)), figure(max(run.health_ms))]
        else:
            cells += ["n/a", "n/a"]
        cells.append("met" if target_met(run) else "missed")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def report(runs: list[Run], workers: int, threads: int, through_stack: bool = False) -> str:
    """The table with what ran above it and the targets and any caveat below it."""
    where = "behind nginx (deploy/stack)" if through_stack else "on 127.0.0.1"
    lines = [
        f"gunicorn: {workers} workers ({' '.join(GUNICORN_ARGS)}) {where};"
        f" wrk: {threads} thread(s), {CLIENT_TIMEOUT_SECONDS} s client timeout;"
        " caches warmed with scenario a's links first.",
        "",
        *table(runs),
        "",
        f"Targets: a at least {(TARGET_A_FRONT if through_stack else TARGET_A)[0]} requests/s"
        f" with p99 under {TARGET_A[1]} ms;"
        f" b no 5xx, no worker timeouts, p99 at most {figure(budget_ms())} ms budget"
        f" + {TARGET_B_MARGIN_MS} ms; h no 5xx, no worker timeouts, p99 under {TARGET_H_MS} ms.",
    ]
    for run in runs:
        if run.scenario == "b" and run.figures.requests > run.paths:
            lines.append(
                f"Note: b at {run.connections} connections sent more requests than its"
                f" {run.paths} paths, so some pathological codes came round again (cached)."
            )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The command line: duration, connection counts, scenarios, wrk threads."""
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python deploy/loadtest.py",
        description="Load-test the app under gunicorn on 127.0.0.1 with wrk; print a table.",
        epilog="Runs from a source checkout with the venv installed: its puzzles come from"
        f" tests/data. Needs wrk ({INSTALL_WRK}), and nginx for --through-stack.",
    )
    parser.add_argument("--duration", type=int, default=20, help="seconds per run (20)")
    parser.add_argument(
        "--connections", type=int, nargs="+", default=[8], help="one run per count (8)"
    )
    parser.add_argument(
        "--scenario",
        choices=("a", "b", "h", "both", "all"),
        default="both",
        help="a cached share links, b 1 in 10 pathological, h first views of hard 9x9;"
        " both: a and b (the default); all: a, b and h",
    )
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (1)")
    parser.add_argument(
        "--warm",
        type=int,
        default=WARM_SECONDS,
        help=f"seconds of scenario a's links before the runs ({WARM_SECONDS}; more on a busy"
        " machine, where the workers need longer to solve and rate every link)",
    )
    parser.add_argument(
        "--through-stack",
        action="store_true",
        help="drive nginx in front of gunicorn (deploy/stack) instead of gunicorn alone",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its table; 1 if wrk is missing or a run failed."""
    args = build_parser().parse_args(argv)
    if args.duration < 1 or args.threads < 1 or min(args.connections) < args.threads:
        build_parser().error("duration and threads must be at least 1, connections >= threads")
    if shutil.which("wrk") is None:
        print(f"loadtest: wrk is not installed; install it with: {INSTALL_WRK}", file=sys.stderr)
        return 1
    scenarios = {"both": "ab", "all": "abh"}.get(args.scenario, args.scenario)
    try:
        runs, workers = load_test(
            scenarios,
            args.connections,
            args.duration,
            args.threads,
            args.through_stack,
            args.warm,
        )
    except LoadTestError as error:
        print(f"loadtest: {error}", file=sys.stderr)
        return 1
    print(report(runs, workers, args.threads, args.through_stack))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
