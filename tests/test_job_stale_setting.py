"""JOB_STALE_SECONDS: how long a running job's record may go without a heartbeat before a
consumer's sweep puts it back on the queue, and its page says its consumer stopped. The
tests that kill a consumer set it short, so that they wait seconds less for the sweep."""

from __future__ import annotations

from job_apps import job_app

from webapp.jobs import QUEUE_KEY
from webapp.jobs.job import RUNNING, SOLVE
from webapp.sudoku import parse

from clocks import FakeClock
from puzzles import RATED_5_7_CODE

# Shorter than the default (queue.STALE_SECONDS, 5 s), longer than a heartbeat's 0.5 s.
SHORT = 2.0


def test_a_job_silent_past_the_apps_stale_seconds_goes_back_on_the_queue(tmp_path):
    app = job_app(tmp_path, JOB_IMMEDIATE=False, JOB_STALE_SECONDS=SHORT)
    queue = app.extensions[QUEUE_KEY]
    queue.clock = clock = FakeClock()
    job = queue.submit(SOLVE, parse(RATED_5_7_CODE))
    queue.huey.flush()  # the consumer took the message...
    queue._write(job.but(state=RUNNING, started=clock(), heartbeat=clock(), attempts=1))
    clock.advance(SHORT + 0.5)  # ...and stopped: silent past the app's setting, not the default
    assert queue.sweep() == [job.id]


def test_the_jobs_page_says_its_consumer_stopped_past_the_apps_stale_seconds(tmp_path):
    app = job_app(tmp_path, JOB_IMMEDIATE=False, JOB_STALE_SECONDS=SHORT)
    queue = app.extensions[QUEUE_KEY]
    job = queue.submit(SOLVE, parse(RATED_5_7_CODE))
    silent_since = job.submitted - (SHORT + 0.5)
    queue._write(job.but(state=RUNNING, started=silent_since, heartbeat=silent_since))
    record = app.test_client().get(f"/api/jobs/{job.id}").get_json()
    assert record["words"].startswith("The consumer running it stopped")
