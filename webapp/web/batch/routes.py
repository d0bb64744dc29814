"""A batch's pages: the results of a batch a job solved (/batch/<code>), and its "Keep
working" button (POST /batch/<code>/work), which runs the batch's job again."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...jobs import batches, job_queue
from ...jobs.job import BATCH
from ...jobs.store import Unreachable
from ..batch_answer import GONE
from ..batch_table import batch_page
from ..job_starting import RETRY_AFTER, UNREACHABLE, start_job

bp = Blueprint("batch", __name__)


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
    """Run a batch's job: for a page that gave up on some of its puzzles, or again after
    the job failed; while its puzzles are kept."""
    try:
        kept = batches.is_batch_code(code) and batches.has_input(job_queue().board, code)
    except Unreachable:
        abort(503, description=UNREACHABLE, retry_after=RETRY_AFTER)
    if not kept:
        abort(404, description=GONE)
    return redirect(url_for("jobs.job", id=start_job(BATCH, code).id), 303)
