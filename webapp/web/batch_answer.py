"""Many puzzles at once on the site: the paste form's batch (one puzzle a line) answered in
the request when it is short, by a job when it is long (the home page's POST and the batch
API call this; the results page of a job's batch is in batch/routes.py).

A batch of up to BATCH_REQUEST_PUZZLES is solved and rated in the request, within
BATCH_REQUEST_SECONDS in all, holding the worker's solver seat; the answer to the POST is
the results table (200). A longer one is kept in the job store under its code and a job
solves it (303 to the job's page, which moves on to /batch/<code> when it is done).
"""

from __future__ import annotations

import time

from flask import abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..jobs import batches, job_queue
from ..jobs.job import BATCH, Job
from ..jobs.store import Unreachable
from ..jobs.work import job_solve_budget
from ..sudoku import Budget
from ..sudoku.batch import MAX_PUZZLES, NO_VARIANT, Entry, Variant
from ..sudoku.batch_solve import BatchBudget, Row, RowStatus, solve_batch
from .batch_table import batch_page
from .cache import solve_budget
from .job_starting import RETRY_AFTER, UNREACHABLE, room_for_a_job, start_job
from .job_view import Offer
from .solver_seat import solver_seat

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


def solved_here_or_job(
    entries: tuple[Entry, ...], variant: Variant = NO_VARIANT
) -> tuple[tuple[Row, ...], float] | Job:
    """A short batch's rows and the seconds they took, solved in the request; or the job
    that solves a long one (started now, or the same batch's, already under way or done),
    with `entries` as read and the rules `variant` names, which the job puts them under
    again. 503 when the job store cannot take it."""
    config = current_app.config
    if len(entries) <= int(config["BATCH_REQUEST_PUZZLES"]):
        started = time.perf_counter()
        with solver_seat().taken():
            rows = solve_batch(entries, _request_budget())
        return rows, time.perf_counter() - started
    room_for_a_job()  # refused before it is written: 300 refused batches grew the store 9x
    code = _kept(entries, variant)
    if code is None:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    return start_job(BATCH, code)


def answer(entries: tuple[Entry, ...]) -> Response | str:
    """The paste form's answer to a batch: its results page, or 303 to the job's page. A
    page with rows not decided in the request's time offers a job for the whole batch."""
    done = solved_here_or_job(entries)
    if isinstance(done, Job):
        return redirect(url_for("jobs.job", id=done.id), 303)
    rows, seconds = done
    limit = float(current_app.config["BATCH_REQUEST_SECONDS"])
    how = f"Solved and rated on this page in {seconds:.2f} s (at most {limit:g} s in all)."
    offer = None
    if any(row.status == RowStatus.GAVE_UP for row in rows):
        code = _kept(entries)
        if code is not None:
            offer = Offer(
                f"A job can solve the whole batch again, for up to {job_queue().seconds:g} s.",
                action=url_for("batch.again", code=code),
                label=f"Keep working on the batch (up to {job_queue().seconds:g} s)",
            )
    return render_template("batch.html", page=batch_page(rows, how), offer=offer)


def _request_budget() -> BatchBudget:
    """A batch's budget in a request: each puzzle solved as a page solves it (SOLVE_BUDGET_*)
    and rated as a solve page rates it (RATING_BUDGET_WORK), BATCH_REQUEST_SECONDS in all (a
    ceiling: a row it stops says so)."""
    config = current_app.config
    rating = int(config["RATING_BUDGET_WORK"])
    return BatchBudget(solve_budget(), rating, float(config["BATCH_REQUEST_SECONDS"]))


def _job_budget(count: int) -> BatchBudget:
    """A batch's budget in a job of JOB_SECONDS: each of its `count` puzzles may do the work
    of a solve job of its share of the job's seconds, and never less than a page's (a few
    puzzles a page gave up on get tens of seconds' work each); rated as a solve page rates
    it. The job's seconds are only the batch's ceiling."""
    config = current_app.config
    seconds = job_queue().seconds
    page = solve_budget()
    share = job_solve_budget(seconds / max(1, count))
    solve = Budget(
        nodes=max(page.nodes, share.nodes),
        sat_conflicts=max(page.sat_conflicts, share.sat_conflicts),
        ceiling_seconds=seconds,
    )
    rating = int(config["RATING_BUDGET_WORK"])
    return BatchBudget(solve, rating, seconds)


def _kept(entries: tuple[Entry, ...], variant: Variant = NO_VARIANT) -> str | None:
    """Keep a batch's puzzles, the rules `variant` names and its job budget in the job
    store; its code, or None when the store cannot be reached."""
    code = batches.batch_code(entries, variant)
    try:
        budget = _job_budget(len(entries))
        batches.keep_input(job_queue().board, code, entries, budget, variant)
    except Unreachable:
        return None
    return code
