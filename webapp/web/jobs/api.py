"""The jobs API: a job's state in JSON (GET /api/jobs/<id>), and a job started from JSON
(POST /api/jobs)."""

from __future__ import annotations

from flask import Blueprint, make_response
from werkzeug.wrappers import Response

from ...jobs.job import EXPLAIN, KINDS, SOLVE, JobKind
from ...records.json_types import JsonObject
from ...sudoku import PuzzleError, read_code
from ..job_starting import job_or_404, start_job
from ..job_view import job_record, job_url
from ..json_input import json_body, with_variant

bp = Blueprint("jobs_api", __name__, url_prefix="/api")


@bp.get("/jobs/<id>")
def job_json(id: str) -> Response:
    """A job's state and progress in JSON."""
    response = make_response(job_record(job_or_404(id)))
    response.cache_control.no_store = True
    return response


@bp.post("/jobs")
def submit_json() -> tuple[JsonObject, int, dict[str, str]]:
    """Start {"kind": "solve" or "explain", "puzzle": "..."} (with "variant" and "regions"
    as /api/solve takes them): 202 and the job's JSON."""
    body = json_body()
    kind, puzzle = body.get("kind", SOLVE), body.get("puzzle")
    if kind not in KINDS or not isinstance(puzzle, str):
        usage = f'send {{"kind": "{SOLVE}" or "{EXPLAIN}", "puzzle": "53..7...."}}'
        return {"status": "invalid", "error": usage}, 422, {}
    try:
        code = with_variant(read_code(puzzle), body).code
    except PuzzleError as error:
        return {"status": "invalid", "error": error.message}, 422, {}
    job = start_job(JobKind(kind), code)
    return job_record(job), 202, {"Location": job_url(job)}
