"""A job's page, /jobs/<id>: its progress, refreshing itself until it is done."""

from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template
from werkzeug.wrappers import Response

from ...jobs.job import DONE
from ..job_starting import job_or_404
from ..job_view import finished_url, job_page

bp = Blueprint("jobs", __name__)


@bp.get("/jobs/<id>")
def job(id: str) -> Response:
    """A job's progress, refreshing itself; once done, 303 to where its result is shown."""
    job = job_or_404(id)
    if job.state == DONE:
        return redirect(finished_url(job), 303)
    response = make_response(render_template("job.html", page=job_page(job)))
    response.cache_control.no_store = True
    return response
