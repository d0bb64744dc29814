"""Jobs on the site: "Keep working" and "Keep explaining" start one, its page follows it.

POST /solve/<code>/work or /explain/<code>/work submits the work (or joins the same
work already under way) and answers 303 to /jobs/<id>. That page refreshes itself
until the job is done, then answers 303 to the share link, which now shows the
result the job kept. /api/jobs/<id> says the same in JSON; POST /api/jobs starts one.

This module starts and finds the jobs for those routes (in solve/, explain/ and here in
jobs/) and for the other pages that hand work to a job (batch/, new/): the 503s when
the queue refuses or cannot be reached.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import abort, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from ..jobs import job_queue
from ..jobs.job import Job, JobKind
from ..jobs.queue import ClientBusy, QueueFull, ShareTaken
from ..jobs.store import Unreachable
from .linked import linked_puzzle

# Seconds a client is asked to wait before submitting again when jobs are refused.
RETRY_AFTER = 30
FULL = "Too many long jobs are waiting or running right now. Try again in a minute."
YOURS = (
    "You already have as many long jobs waiting or running as one person may. Try again"
    " once one of them is done."
)
BUSY_QUEUE = (
    "Many people's long jobs are waiting or running right now, so the queue's last places are"
    " kept for people without one, and you have one already. Try again once it is done."
)
UNREACHABLE = (
    "The job queue cannot be reached right now, so nothing can run longer than a page"
    " allows. Try again in a minute."
)


def keep_working(kind: JobKind, code: str, endpoint: str) -> Response:
    """303 to the job doing `kind` for the puzzle of a share link (its canonical spelling
    first), started now or already under way."""
    puzzle = linked_puzzle(code, endpoint)
    if isinstance(puzzle, Response):
        return puzzle
    job = start_job(kind, puzzle.code)
    return redirect(url_for("jobs.job", id=job.id), 303)


def start_job(kind: JobKind, code: str) -> Job:
    """The job doing `kind` for `code` (a puzzle's share code, or a generator's order),
    started now or already under way; 429 when the client (its address) has as many jobs
    open as it may (JOB_PER_CLIENT), or one while the queue is down to the places kept for
    clients without one (JOB_QUEUE_RESERVE); 503 when the queue refuses."""
    with _refusals():
        return job_queue().submit_code(kind, code, _client())


def room_for_a_job() -> None:
    """429 or 503, as start_job would answer, when a new job would be refused now: for work
    that writes its input to the store first (a batch), so a refused one writes nothing."""
    with _refusals():
        job_queue().check_room(_client())


def _client() -> str | None:
    """The address whose jobs count against JOB_PER_CLIENT; None for an exempt one
    (CLIENT_LIMITS_EXEMPT: a monitor or load tester on the machine)."""
    address = request.remote_addr
    return None if address in current_app.config["CLIENT_LIMITS_EXEMPT"] else address


@contextmanager
def _refusals() -> Iterator[None]:
    """The queue's refusals in the block as HTTP answers."""
    try:
        yield
    except ShareTaken:
        abort(429, description=BUSY_QUEUE, retry_after=RETRY_AFTER)
    except ClientBusy:
        abort(429, description=YOURS, retry_after=RETRY_AFTER)
    except QueueFull:
        abort(503, description=FULL, retry_after=RETRY_AFTER)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)


# What a job's page says when the store has no record of it: the store keeps every record
# for a day (and the shipped Redis keeps its writes on disk), so either it ended longer ago
# or it never started on this site; asking again starts it afresh.
GONE = (
    "There is no such job: a job's record is kept for a day after it last changes, so this"
    " one ended longer ago or was never started here. Ask for it again from its puzzle."
)


def job_or_404(id: str) -> Job:
    """The record of job `id`; 404 when there is none, 503 when the store cannot say."""
    if len(id) > 64:
        abort(404)
    try:
        job = job_queue().job(id)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    if job is None:
        abort(404, description=GONE)
    return job
