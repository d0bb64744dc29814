"""A job followed in Chromium, on `sudoku serve` (gunicorn and its consumer): "Keep working"
on a 25x25 puzzle the page gave up on, the job's page kept up to date in place by script or
reloading itself without, and the share link at the end showing what the job found."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

from puzzles import frisch_25x25
from redis_server import answers, free_port
from waiting import until

# A job's time: long enough for the page with script to ask after it once while it runs
# (every second), short enough that each test waits out little more than one such job.
JOB_SECONDS = 2


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`sudoku serve` on a free port with a job store of its own and JOB_SECONDS jobs."""
    folder = tmp_path_factory.mktemp("served")
    port = free_port()
    env = {
        **os.environ,
        "FLASK_JOB_STORE": f"sqlite:///{folder}/jobs.sqlite3",
        "FLASK_JOB_SECONDS": str(JOB_SECONDS),
        "FLASK_RATING_BUDGET_WORK": "2500",
        "SUDOKU_WORKERS": "1",
    }
    with (folder / "serve.log").open("ab") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "webapp", "serve", "--bind", f"127.0.0.1:{port}"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    until(lambda: answers(port) or server.poll() is not None, "sudoku serve answers")
    assert server.poll() is None, "sudoku serve stopped"
    yield f"http://127.0.0.1:{port}"
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


# What the share link says once the job is over: it decided the puzzle, or tried for its time.
AFTER_THE_JOB = re.compile(rf"Solved|A job worked on this puzzle for {JOB_SECONDS} s")


def keep_working(page, served: str, code: str) -> None:
    """Open the share link, which gave up, and press Keep working."""
    page.goto(f"{served}/solve/{code}")
    assert page.locator("h1").inner_text() == "Gave up"
    page.get_by_role("button", name=f"Keep working (up to {JOB_SECONDS} s)").click()
    page.wait_for_url(re.compile(r"/jobs/solve-"))


def test_with_script_the_job_page_updates_in_place_then_shows_the_result(page, served):
    code = frisch_25x25()[1].replace(".", "0")
    keep_working(page, served, code)
    page.evaluate("window.stillTheSamePage = true")
    page.get_by_text("Time so far").wait_for(timeout=10_000)
    assert page.evaluate("window.stillTheSamePage") is True  # updated, not reloaded
    assert page.locator("#job-state").inner_text().startswith(("Running", "Waiting"))
    page.wait_for_url(f"{served}/solve/{code}?job=solve-*", timeout=30_000)
    assert AFTER_THE_JOB.search(page.locator("main").inner_text())


def test_without_script_the_job_page_reloads_itself_until_the_result(no_script_page, served):
    code = frisch_25x25()[2].replace(".", "0")
    keep_working(no_script_page, served, code)
    no_script_page.wait_for_url(f"{served}/solve/{code}?job=solve-*", timeout=30_000)
    assert AFTER_THE_JOB.search(no_script_page.locator("main").inner_text())
