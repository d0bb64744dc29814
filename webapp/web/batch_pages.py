"""Many puzzles at once on the site: the paste form's batch (one puzzle a line) answered in
the request when it is short, by a job when it is long, and the results page of a job's batch.

A batch of up to BATCH_REQUEST_PUZZLES is solved and rated in the request, within
BATCH_REQUEST_SECONDS in all, holding the worker's solver seat; the answer to the POST is
the results table (200). A longer one is kept in the job store under its code and a job
solves it (303 to the job's page, which moves on to /batch/<code> when it is done).
"""

from __future__ import annotations

import time

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..jobs import batches, job_queue
from ..jobs.job import BATCH, Job
from ..jobs.store import Unreachable
from ..sudoku import Budget
from ..sudoku.batch import MAX_PUZZLES, Entry
from ..sudoku.batch_solve import BatchBudget, Row, solve_batch
from .batch_view import batch_page
from .job_pages import RETRY_AFTER, UNREACHABLE, start_job
from .solver_seat import solver_seat

bp = Blueprint("batch", __name__)

GONE = (
    "There are no results for this batch: a batch's results are kept for a day."
    " Send the file again to solve it again."
)
TOO_LONG = (
    "That is more than a puzzle, or a batch of them, may be: a batch takes at most {kb} KB"
    " and {puzzles:,} puzzles, one a line."
)
ONE_AT_A_TIME = (
    "Pasted puzzle: this holds several puzzles, one a line; paste them in the box below"
    " and press Solve to get a table of them all"
)


def allow_batch_body() -> None:
    """Let this request's body be as long as a batch's (BATCH_MAX_CONTENT_LENGTH), the
    paste form's text and upload included; before anything reads it."""
    limit = int(current_app.config["BATCH_MAX_CONTENT_LENGTH"])
    if request.content_length is not None and request.content_length > limit:
        abort(413, description=TOO_LONG.format(kb=limit // 1024, puzzles=MAX_PUZZLES))
    request.max_content_length = limit
    request.max_form_memory_size = limit


def solved_here_or_job(entries: tuple[Entry, ...]) -> tuple[tuple[Row, ...], float] | Job:
    """A short batch's rows and the seconds they took, solved in the request; or the job
    that solves a long one (started now, or the same batch's, already under way or done).
    503 when the job store cannot take it."""
    config = current_app.config
    if len(entries) <= int(config["BATCH_REQUEST_PUZZLES"]):
        started = time.perf_counter()
        with solver_seat().taken():
            rows = solve_batch(entries, _budget(float(config["BATCH_REQUEST_SECONDS"])))
        return rows, time.perf_counter() - started
    code = batches.batch_code(entries)
    queue = job_queue()
    try:
        batches.keep_input(queue.board, code, entries, _budget(queue.seconds))
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    return start_job(BATCH, code)


def answer(entries: tuple[Entry, ...]) -> Response | str:
    """The paste form's answer to a batch: its results page, or 303 to the job's page."""
    done = solved_here_or_job(entries)
    if isinstance(done, Job):
        return redirect(url_for("jobs.job", id=done.id), 303)
    rows, seconds = done
    limit = float(current_app.config["BATCH_REQUEST_SECONDS"])
    how = f"Solved and rated on this page in {seconds:.2f} s (at most {limit:g} s in all)."
    return render_template("batch.html", page=batch_page(rows, how))


@bp.get("/batch/<code>")
def results(code: str) -> str:
    """The results of a batch a job solved."""
    rows = batches.kept_rows(job_queue().results, code) if batches.is_batch_code(code) else None
    if rows is None:
        abort(404, description=GONE)
    how = f"Solved and rated by a job, within {job_queue().seconds:g} s in all."
    return render_template("batch.html", page=batch_page(rows, how))


@bp.post("/batch/<code>/work")
def again(code: str) -> Response:
    """Run a batch's job again (after it failed), while its puzzles are kept."""
    try:
        kept = batches.is_batch_code(code) and batches.has_input(job_queue().board, code)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    if not kept:
        abort(404, description=GONE)
    return redirect(url_for("jobs.job", id=start_job(BATCH, code).id), 303)


def _budget(seconds: float) -> BatchBudget:
    """A batch's budget: each puzzle's solve as a page's (SOLVE_BUDGET_*), its rating as a
    solve page's (RATING_BUDGET_SECONDS), and `seconds` in all."""
    config = current_app.config
    solve = Budget(int(config["SOLVE_BUDGET_NODES"]), float(config["SOLVE_BUDGET_SECONDS"]))
    return BatchBudget(solve, float(config["RATING_BUDGET_SECONDS"]), seconds)
