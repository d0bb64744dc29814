"""Jobs in real consumer processes: the one `sudoku serve` starts beside gunicorn, a
`sudoku jobs` killed in the middle of a job and started again, which finishes it, and a
batch's job."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from webapp.jobs import QUEUE_KEY, batches
from webapp.jobs.job import BATCH, DONE, RUNNING, SOLVE
from webapp.serving.consumer_process import FIRST_PAUSE, STEADY_SECONDS, next_pause
from webapp.sudoku import Budget, parse
from webapp.sudoku.batch import read_batch
from webapp.sudoku.batch_solve import BatchBudget, counts

from puzzles import DATA, frisch_25x25
from puzzles import RATED_5_7_CODE as HARD_CODE
from redis_server import answers, free_port
from waiting import until


@contextmanager
def running(argv: list[str], env: dict[str, str], log: Path):
    """A `sudoku` command in a session of its own (so that it can be killed whole), what
    it prints appended to `log`."""
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "webapp", *argv],
            env={**os.environ, **env},
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def request(port: int, method: str, path: str) -> tuple[int, str, str]:
    """(status, Location, body) of one request to 127.0.0.1:port."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, headers={"Host": "127.0.0.1"})
        response = connection.getresponse()
        return response.status, response.getheader("Location") or "", response.read().decode()
    finally:
        connection.close()


@contextmanager
def serving(tmp_path: Path, port: int, log: Path) -> Iterator[subprocess.Popen]:
    """`sudoku serve` on `port` with a job store in `tmp_path` and pages that give up at
    once, answering, until the block ends."""
    env = {
        "FLASK_JOB_STORE": f"sqlite:///{tmp_path}/jobs.sqlite3",
        "FLASK_SOLVE_BUDGET_NODES": "1",
        "SUDOKU_WORKERS": "1",
    }
    with running(["serve", "--bind", f"127.0.0.1:{port}"], env, log) as server:
        until(lambda: answers(port), "the server answers")
        yield server


def assert_none_left(tmp_path: Path, log: Path) -> None:
    """No `webapp jobs` process is left with the store in `tmp_path` in its environment."""
    left = subprocess.run(["pgrep", "-f", "webapp jobs"], capture_output=True, text=True)
    for pid in left.stdout.split():
        environ = Path(f"/proc/{pid}/environ").read_bytes()
        assert str(tmp_path).encode() not in environ, log.read_text()


def test_sudoku_serve_runs_the_jobs_itself(tmp_path):
    port, log = free_port(), tmp_path / "serve.log"
    with serving(tmp_path, port, log) as server:
        status, _, html = request(port, "GET", f"/solve/{HARD_CODE}")
        assert status == 200 and "Keep working" in html
        status, job_page, _ = request(port, "POST", f"/solve/{HARD_CODE}/work")
        assert status == 303 and job_page.startswith("/jobs/solve-")
        status, result, _ = until(
            lambda: (answer := request(port, "GET", job_page))[0] == 303 and answer,
            "the job is done",
        )
        assert result == f"/solve/{HARD_CODE}?job={job_page.removeprefix('/jobs/')}"
        status, _, html = request(port, "GET", result)
        assert '<h1 class="status status-solved">Solved</h1>' in html
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    # gunicorn took its consumer with it: no process is left with the store in its environment
    assert_none_left(tmp_path, log)


def test_a_consumer_that_keeps_stopping_is_started_again_ever_more_slowly():
    pauses = [FIRST_PAUSE]
    for _ in range(7):
        pauses.append(next_pause(pauses[-1], ran=0.5))
    assert pauses == [1, 2, 4, 8, 16, 30, 30, 30]
    assert next_pause(30, ran=STEADY_SECONDS) == FIRST_PAUSE  # it ran a while: afresh


CONSUMER_STARTED = re.compile(r"consumer pid (\d+) started")


def test_sudoku_serve_starts_a_killed_consumer_again_and_leaves_no_process_behind(tmp_path):
    # A killed consumer was never started again, its Huey workers ran on as orphans, and
    # a job waited for ever
    port, log = free_port(), tmp_path / "serve.log"
    with serving(tmp_path, port, log) as server:
        first = int(until(lambda: CONSUMER_STARTED.findall(log.read_text()), "a consumer")[0])
        workers = until(lambda: _children(first), "the consumer's worker")
        os.kill(first, signal.SIGKILL)  # the consumer alone: its worker is left
        started = until(lambda: CONSUMER_STARTED.findall(log.read_text())[1:], "another")
        assert int(started[0]) != first
        assert not any(_alive(pid) for pid in workers)  # ended with it
        status, job_page, _ = request(port, "POST", f"/solve/{HARD_CODE}/work")
        assert status == 303
        until(lambda: request(port, "GET", job_page)[0] == 303, "the job is done")
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert_none_left(tmp_path, log)


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie waiting to be reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _children(pid: int) -> list[int]:
    """The pids of the children of process `pid`."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    return [int(child) for child in text.split()]


def test_a_job_whose_consumer_is_killed_runs_again_when_a_consumer_is_back(make_app, tmp_path):
    store = f"sqlite:///{tmp_path}/jobs.sqlite3"
    # The job's seconds are a ceiling the second run may reach: short, as the test waits
    # it out; the first run is seen running well within them (polled every 0.2 s).
    queue = make_app(JOB_STORE=store, JOB_SECONDS=2).extensions[QUEUE_KEY]
    job = queue.submit(SOLVE, parse(frisch_25x25()[0]))
    log = tmp_path / "consumer.log"
    # The second consumer's sweep puts the job back once silent this long (5 s by default).
    env = {"FLASK_JOB_STORE": store, "FLASK_JOB_STALE_SECONDS": "2.5"}
    with running(["jobs"], env, log) as consumer:
        until(lambda: queue.job(job.id).state == RUNNING, "the first consumer takes the job")
        os.killpg(consumer.pid, signal.SIGKILL)  # the whole consumer, as a crash would
        consumer.wait()
    assert queue.job(job.id).state == RUNNING  # as the killed consumer left it: no sweep ran
    with running(["jobs"], env, log):
        finished = until(lambda: (found := queue.job(job.id)).state == DONE and found, "done")
    assert finished.attempts == 2, log.read_text()
    # The job's work (two page budgets: 36,000 SAT conflicts) is short of what this puzzle
    # needs on any machine; only the word after the status, that the job's seconds ran out
    # first, depends on the machine's speed.
    assert finished.outcome.partition(":")[0] == "gave_up"


def test_a_batch_job_is_solved_by_a_consumer_of_its_own(make_app, tmp_path):
    store = f"sqlite:///{tmp_path}/jobs.sqlite3"
    app = make_app(JOB_STORE=store, JOB_SECONDS=20)
    queue = app.extensions[QUEUE_KEY]
    entries = read_batch((DATA / "batch_mixed.sdm").read_text())
    assert entries is not None
    code = batches.batch_code(entries)
    budget = BatchBudget(Budget(), rating_work=10_000, seconds=20)
    batches.keep_input(queue.board, code, entries, budget)
    job = queue.submit_code(BATCH, code)
    with running(["jobs"], {"FLASK_JOB_STORE": store}, tmp_path / "consumer.log"):
        finished = until(lambda: (found := queue.job(job.id)).state == DONE and found, "done")
    assert (finished.work, finished.work_unit) == (len(entries), "puzzles")
    rows = batches.kept_rows(queue.results, code)
    assert rows is not None
    assert [row.line for row in rows] == [entry.line for entry in entries]
    assert finished.outcome == f"{counts(rows)['solved']} of {len(entries)} puzzles solved"


def test_a_consumer_runs_its_jobs_below_the_web_workers_priority(tmp_path):
    # Jobs at the web workers' priority took a core from a person's page on a busy machine
    store = f"sqlite:///{tmp_path}/jobs.sqlite3"
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    with running(["jobs"], {"FLASK_JOB_STORE": store}, tmp_path / "consumer.log") as consumer:
        until(
            lambda: os.getpriority(os.PRIO_PROCESS, consumer.pid) == min(19, ours + 10),
            "the consumer lowers its priority by JOB_NICENESS",
        )
