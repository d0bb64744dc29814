"""Jobs on the site: "Keep working" and "Keep explaining" start one, its page follows it.

POST /solve/<code>/work or /explain/<code>/work submits the work (or joins the same
work already under way) and answers 303 to /jobs/<id>. That page refreshes itself
until the job is done, then answers 303 to the share link, which now shows the
result the job kept. /api/jobs/<id> says the same in JSON; POST /api/jobs starts one.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..jobs import job_queue
from ..jobs.job import DONE, EXPLAIN, KINDS, SOLVE, Job
from ..jobs.queue import QueueFull
from ..jobs.store import Unreachable
from ..sudoku import PuzzleError, parse
from .job_view import job_page, job_record, result_url
from .linked import linked_grid

bp = Blueprint("jobs", __name__)

# Seconds a client is asked to wait before submitting again when jobs are refused.
RETRY_AFTER = 30
FULL = "Too many long jobs are waiting or running right now. Try again in a minute."
UNREACHABLE = (
    "The job queue cannot be reached right now, so nothing can run longer than a page"
    " allows. Try again in a minute."
)


@bp.post("/solve/<code>/work")
def keep_solving(code: str) -> Response:
    """Keep solving the puzzle of a share link, for up to JOB_SECONDS, in a job."""
    return _submit(SOLVE, code, ".keep_solving")


@bp.post("/explain/<code>/work")
def keep_explaining(code: str) -> Response:
    """Keep finding the explanation of a puzzle, for up to JOB_SECONDS, in a job."""
    return _submit(EXPLAIN, code, ".keep_explaining")


def _submit(kind: str, code: str, endpoint: str) -> Response:
    grid = linked_grid(code, endpoint)
    if isinstance(grid, Response):
        return grid
    job = start_job(kind, grid.code)
    return redirect(url_for(".job", id=job.id), 303)


def start_job(kind: str, code: str) -> Job:
    """The job doing `kind` for `code` (a puzzle's share code, or a generator's order),
    started now or already under way; 503 if refused."""
    try:
        return job_queue().submit_code(kind, code)
    except QueueFull:
        abort(503, description=FULL, retry_after=RETRY_AFTER)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)


def _job(id: str) -> Job:
    """The record of job `id`; 404 when there is none, 503 when the store cannot say."""
    if len(id) > 64:
        abort(404)
    try:
        job = job_queue().job(id)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    if job is None:
        abort(404, description="There is no such job: finished jobs are kept for a day.")
    return job


@bp.get("/jobs/<id>")
def job(id: str) -> Response:
    """A job's progress, refreshing itself; once done, 303 to where its result is shown."""
    job = _job(id)
    if job.state == DONE:
        return redirect(result_url(job), 303)
    response = make_response(render_template("job.html", page=job_page(job)))
    response.cache_control.no_store = True
    return response


@bp.get("/api/jobs/<id>")
def job_json(id: str) -> Response:
    """A job's state and progress in JSON."""
    response = make_response(job_record(_job(id)))
    response.cache_control.no_store = True
    return response


@bp.post("/api/jobs")
def submit_json() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Start {"kind": "solve" or "explain", "puzzle": "..."}: 202 and the job's JSON."""
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    kind, puzzle = body.get("kind", SOLVE), body.get("puzzle")
    if kind not in KINDS or not isinstance(puzzle, str):
        usage = f'send {{"kind": "{SOLVE}" or "{EXPLAIN}", "puzzle": "53..7...."}}'
        return {"status": "invalid", "error": usage}, 422, {}
    try:
        grid = parse(puzzle)
    except PuzzleError as error:
        return {"status": "invalid", "error": error.message}, 422, {}
    record = job_record(start_job(kind, grid.code))
    return record, 202, {"Location": record["job_url"]}
