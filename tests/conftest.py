"""Fixtures for the web tests: the app, its clients, and the puzzles in tests/data/."""

from __future__ import annotations

import dataclasses
import gc
import io
import os
import re
import resource
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from flask import Flask
from small_grids import every_four_by_four as all_four_by_four

from webapp import create_app
from webapp.cli import main

from answer_ceilings import ANSWER_CEILINGS
from puzzles import data_lines
from template_code import TEMPLATE_CODE

# Plugins: the browser tests' server, Chromium and pages; a real Redis for the tests that want one.
pytest_plugins = ["browser_fixtures", "redis_server", "shared_stacks"]

# Every app the tests make, and every server they start, keeps its jobs and shared results in
# a store of this run's own, not in the checkout's instance folder where a result from an
# earlier run would answer for a solve; and of this pytest-xdist worker's own, as a worker
# inherits the environment of the process that started it. Tests about the stores set their
# own. A store given from outside (FLASK_JOB_STORE set before pytest started) is kept.
OWN_STORE = "SUDOKU_TESTS_OWN_JOB_STORE"
if (
    "FLASK_JOB_STORE" not in os.environ
    or os.environ.get(OWN_STORE) == os.environ["FLASK_JOB_STORE"]
):
    folder = tempfile.mkdtemp(prefix=f"sudoku-tests-{os.environ.get('PYTEST_XDIST_WORKER', '')}")
    os.environ["FLASK_JOB_STORE"] = os.environ[OWN_STORE] = f"sqlite:///{folder}/jobs.sqlite3"


class Puzzle(NamedTuple):
    """One line of a tests/data/web_*.txt file: PUZZLE COUNT SOLUTION."""

    puzzle: str
    count: str
    solution: str

    @property
    def code(self) -> str:
        """The puzzle as a share code."""
        return self.puzzle.replace(".", "0")


def read_puzzles(kind: str) -> list[Puzzle]:
    """The puzzles of tests/data/web_<kind>.txt, comments skipped."""
    return [Puzzle(*fields) for fields in data_lines(f"web_{kind}.txt")]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run a test once per puzzle of web_<kind>.txt when it takes a `<kind>_puzzle` argument."""
    for kind in ("unique", "multiple", "impossible"):
        name = f"{kind}_puzzle"
        if name in metafunc.fixturenames:
            puzzles = read_puzzles(kind)
            metafunc.parametrize(name, puzzles, ids=[p.puzzle[:12] for p in puzzles])


@pytest.fixture(scope="session")
def every_four_by_four() -> tuple:
    """Every solved 4x4 grid (tests/small_grids.py), which a rule's tests hold the solver to."""
    grids = all_four_by_four()
    assert len(grids) == 288
    return grids


@pytest.fixture(scope="session")
def make_app(tmp_path_factory) -> Callable[..., Flask]:
    """Make an app: testing mode, a job store of its own in a fresh folder, ceilings of a
    minute (answer_ceilings.py), `config` over them all, templates compiled once for all
    the apps of the process (template_code.py). Session-wide, so that module
    fixtures may make theirs with it too."""

    def make(**config: Any) -> Flask:
        store = f"sqlite:///{tmp_path_factory.mktemp('app')}/jobs.sqlite3"
        app = create_app({"TESTING": True, "JOB_STORE": store, **ANSWER_CEILINGS, **config})
        app.jinja_env.bytecode_cache = TEMPLATE_CODE  # see template_code.py
        return app

    return make


@pytest.fixture
def app(make_app):
    """The app in testing mode with the default solve budget."""
    return make_app()


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture(scope="session")
def unique_sample() -> Puzzle:
    """One puzzle with one solution, for tests too slow to run on every puzzle."""
    return read_puzzles("unique")[0]


@pytest.fixture(scope="session")
def multiple_sample() -> Puzzle:
    """One puzzle with more than one solution, for tests too slow to run on every puzzle."""
    return read_puzzles("multiple")[0]


@pytest.fixture
def sudoku(capsys, monkeypatch):
    """Run the `sudoku` command with the given stdin: its exit status and what it printed."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        return code, capsys.readouterr().out

    return run


# HoDoKu's regression cases carry ids "slug:line" (tests/reglib.py). With --reglib-table,
# the run ends with how many of each technique's cases passed, and how many are listed
# deviations (expected failures, each explained in its family's test file).
REGLIB_ID = re.compile(r"\[([a-z0-9-]+):(\d+)\]$")
REGLIB_TALLY: defaultdict[str, Counter[str]] = defaultdict(Counter)


# The fast lane, `pytest -m "not slow"`, is what a developer runs before each commit; CI runs
# the slow lane too. A test is slow when it takes one of these fixtures (a browser, or a real
# server started for it), so that a new browser or server test lands in the slow lane by
# itself; when its file is named for a browser or the production stack; when it is a
# hypothesis property test; or when tests/slow_tests.txt names it or its file.
SLOW_FIXTURES = frozenset(
    {"browser", "page", "phone", "laptop", "no_script_page", "base_url", "redis_server"}
)
SLOW_FILE_PREFIXES = ("test_browser", "test_stack")


class SlowList(NamedTuple):
    """tests/slow_tests.txt read: the files slow as a whole, and slow tests by file."""

    files: frozenset[str]
    tests: frozenset[tuple[str, str]]


def read_slow_list(path: Path) -> SlowList:
    """The files and tests `path` names; a file name with no test names below it is all slow."""
    named: dict[str, list[str]] = {}
    current = ""
    for line in path.read_text().splitlines():
        text = line.partition("#")[0].strip()
        if not text:
            continue
        if line[0].isspace():
            named[current].append(text)
        else:
            current = text
            named.setdefault(current, [])  # a file named twice keeps the tests of both
    return SlowList(
        frozenset(name for name, tests in named.items() if not tests),
        frozenset((name, test) for name, tests in named.items() for test in tests),
    )


SLOW = read_slow_list(Path(__file__).with_name("slow_tests.txt"))


def is_slow(item: pytest.Item) -> bool:
    """True when `item` belongs in the slow lane (see SLOW_FIXTURES above)."""
    name = item.path.name
    function = getattr(item, "originalname", item.name)
    return (
        not SLOW_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))
        or name.startswith(SLOW_FILE_PREFIXES)
        or name in SLOW.files
        or (name, function) in SLOW.tests
        or getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In the fast lane (-m "not slow" as written), a file that is slow as a whole is not
    even imported: some build their cases as they are imported."""
    name = collection_path.name
    slow_file = name in SLOW.files or name.startswith(SLOW_FILE_PREFIXES)
    fast_lane = config.getoption("markexpr").split() == ["not", "slow"]
    return True if slow_file and fast_lane else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item):
            item.add_marker(pytest.mark.slow)
    if getattr(config.option, "loadgroup", False):  # a pytest-xdist worker under loadgroup
        for item in items:
            group_by_xdist_mark(item)


def group_by_xdist_mark(item: pytest.Item) -> None:
    """End the test's id with "@" and its xdist_group, which is how the controller sends the
    tests of one group to one worker. pytest-xdist (3.8) writes that id into `_nodeid`, but
    pytest 9.2 reads a node's id from `_id`: every xdist_group was ignored, and a module's
    shared server or costly values were made once in each worker."""
    names = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group") if mark.args})
    if not names or "@" in item.nodeid:
        return
    node_id = getattr(item, "_id", None)
    if node_id is None or not dataclasses.is_dataclass(node_id):
        return  # an older pytest, where pytest-xdist's own suffix lands
    grouped = dataclasses.replace(node_id)
    object.__setattr__(grouped, "_str_cache", f"{item.nodeid}@{'_'.join(names)}")
    item._id = grouped  # type: ignore[attr-defined]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=0,
        metavar="N",
        help="end with the N slowest tests, each with the CPU seconds its process spent: a test"
        " slow for want of the CPU shows less of it than its wall time",
    )
    parser.addoption(
        "--reglib-table",
        action="store_true",
        help="end with a Markdown table of HoDoKu's regression cases per technique",
    )


# Seconds this worker has spent collecting garbage, added up by the collector's callback: a
# worker whose heap has grown spends more of each test there.
GC_SECONDS = [0.0]
GC_STARTED = [0.0]


def count_gc_time(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        GC_STARTED[0] = time.perf_counter()
    else:
        GC_SECONDS[0] += time.perf_counter() - GC_STARTED[0]


gc.callbacks.append(count_gc_time)


class CallCost(NamedTuple):
    """What one test's call cost: its process's CPU (every thread's) against the test's own
    thread's CPU tells whether threads left running by earlier tests took the interpreter."""

    wall: float
    process_cpu: float
    thread_cpu: float
    gc_seconds: float
    threads: int
    peak_mib: float
    nodeid: str


def _cpu_seconds(who: int) -> float:
    """User and system CPU seconds of this process (RUSAGE_SELF) or of the children it has
    waited for (RUSAGE_CHILDREN): servers, browsers and commands the tests started."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _cpu_with_children() -> float:
    return _cpu_seconds(resource.RUSAGE_SELF) + _cpu_seconds(resource.RUSAGE_CHILDREN)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Any:
    started = _cpu_with_children()
    yield
    item.user_properties.append(("cpu_setup", _cpu_with_children() - started))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Any:
    # A server or browser a fixture started is counted here, when the fixture has stopped it
    # and waited for it: its CPU lands on the file's last test, or at the session's end.
    started = _cpu_with_children()
    yield
    item.user_properties.append(("cpu_teardown", _cpu_with_children() - started))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    process, thread, collecting = time.process_time(), time.thread_time(), GC_SECONDS[0]
    started = _cpu_with_children()
    yield
    item.user_properties.append(("cpu_call", _cpu_with_children() - started))
    item.user_properties.append(
        (
            "call_cost",
            (
                time.process_time() - process,
                time.thread_time() - thread,
                GC_SECONDS[0] - collecting,
                threading.active_count(),
                resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,  # KiB on Linux
            ),
        )
    )


# What each test's call cost, gathered from every worker.
CALL_COSTS: list[CallCost] = []
# The wall seconds of each file's fixtures (set up and torn down around its tests: servers,
# stacks, browsers), which the calls' costs leave out.
FIXTURE_SECONDS: dict[str, float] = defaultdict(float)
# The CPU seconds of each file's tests and fixtures with the processes they started and
# waited for: Chromium, gunicorn, nginx, Redis and commands, which the calls' costs leave out.
FILE_CPU: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    properties = dict(report.user_properties)
    cost = properties.get("call_cost")
    FILE_CPU[report.nodeid.partition("::")[0]] += float(properties.get(f"cpu_{report.when}", 0.0))
    if report.when == "call" and isinstance(cost, (tuple, list)):
        CALL_COSTS.append(CallCost(report.duration, *cost, report.nodeid))
    elif report.when in ("setup", "teardown"):
        FIXTURE_SECONDS[report.nodeid.partition("::")[0]] += report.duration
    found = REGLIB_ID.search(report.nodeid)
    if found is None or (report.when != "call" and not report.skipped):
        return
    outcome = "deviation" if hasattr(report, "wasxfail") else report.outcome
    REGLIB_TALLY[found.group(1)][outcome] += 1


# CPU seconds each worker and what it started spent, told to the controller as it stops: the
# suite's CPU over the two cores is the least wall time any number of workers could reach.
RUN_CPU: list[float] = []


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["cpu_seconds"] = _cpu_seconds(resource.RUSAGE_SELF) + _cpu_seconds(
            resource.RUSAGE_CHILDREN
        )


def pytest_testnodedown(node: Any, error: object) -> None:
    RUN_CPU.append(float(getattr(node, "workeroutput", {}).get("cpu_seconds", 0.0)))


def _file_wall(name: str, files: dict[str, list[float]]) -> float:
    """A file's tests' wall seconds with its fixtures'."""
    return files[name][0] + FIXTURE_SECONDS[name]


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    slowest = config.getoption("--cpu-durations")
    if slowest:
        terminalreporter.write_sep(
            "=",
            f"slowest {slowest} tests: wall, CPU of the process and of the test's thread,"
            " garbage collection, live threads, peak memory",
        )
        for cost in sorted(CALL_COSTS, reverse=True)[:slowest]:
            terminalreporter.write_line(
                f"{cost.wall:8.2f}s wall {cost.process_cpu:8.2f}s CPU {cost.thread_cpu:8.2f}s"
                f" own {cost.gc_seconds:6.2f}s gc {cost.threads:3d} threads"
                f" {cost.peak_mib:6.0f} MiB  {cost.nodeid}"
            )
        files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0, 0])
        for cost in CALL_COSTS:
            total = files[cost.nodeid.partition("::")[0]]
            for place, seconds in enumerate(cost[:3] + (cost.gc_seconds,)):
                total[place] += seconds
            total[4] += 1
        terminalreporter.write_sep(
            "=",
            f"slowest {slowest} files: their tests' seconds in all, fixtures' wall beside,"
            " then all the CPU spent for them, started processes included",
        )
        for name in sorted(files | FIXTURE_SECONDS, key=lambda f: -_file_wall(f, files))[:slowest]:
            wall, cpu, own, collecting, count = files[name]
            terminalreporter.write_line(
                f"{wall:8.2f}s wall {cpu:8.2f}s CPU {own:8.2f}s own {collecting:7.2f}s gc"
                f" {FIXTURE_SECONDS[name]:7.2f}s fixtures {FILE_CPU[name]:7.2f}s all CPU"
                f" {count:5d} tests  {name}"
            )
        calls = sum(cost.wall for cost in CALL_COSTS)
        terminalreporter.write_line(
            f"in all: {calls:.0f}s of calls, {sum(FIXTURE_SECONDS.values()):.0f}s of fixtures"
            " (summed over the workers)"
        )
        # Without workers (-n 0) the tests ran here, and what they started is this process's.
        children = 0.0 if RUN_CPU else _cpu_seconds(resource.RUSAGE_CHILDREN)
        run_cpu = sum(RUN_CPU) + _cpu_seconds(resource.RUSAGE_SELF) + children
        terminalreporter.write_line(
            f"CPU of the run: {run_cpu:.0f}s (workers, servers, browsers and commands they"
            f" waited for) over {os.cpu_count()} cores: {run_cpu / (os.cpu_count() or 1):.0f}s"
            " of wall at the least"
        )
    if not config.getoption("--reglib-table"):
        return
    terminalreporter.write_line("")
    terminalreporter.write_line("| technique | cases | passed | deviations | failed | passed % |")
    terminalreporter.write_line("|---|---:|---:|---:|---:|---:|")
    for slug, counts in sorted(REGLIB_TALLY.items()):
        cases = sum(counts.values())
        terminalreporter.write_line(
            f"| {slug} | {cases} | {counts['passed']} | {counts['deviation']} |"
            f" {counts['failed']} | {100 * counts['passed'] / cases:.0f} |"
        )
