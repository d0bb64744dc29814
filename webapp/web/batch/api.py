"""The JSON API for many puzzles at once: POST /api/solve/batch, and the rows of a batch a
job solved (GET /api/solve/batch/<code>).

{"puzzles": ["...", "..."]} sends a list of puzzles (each in any format the paste box
reads); {"text": "..."} a file's text, one puzzle a line. Up to BATCH_REQUEST_PUZZLES are
answered at once (200, a row per puzzle and the counts); a longer batch is 202 with its
job's record and Location, as POST /api/jobs answers. A puzzle that cannot be read is a
row saying why; a request that is not a batch is 400, 413 or 422, saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, request

from ...jobs import batches, job_queue
from ...jobs.job import Job
from ...records.json_types import JsonObject
from ...sudoku import PuzzleError
from ...sudoku.batch import (
    MAX_PUZZLES,
    NO_VARIANT,
    Entry,
    Variant,
    read_batch,
    read_puzzles,
    under_variant,
)
from ...sudoku.variants import rules_named
from ..batch_answer import GONE, allow_batch_body, solved_here_or_job
from ..batch_table import results_record
from ..job_view import job_record, job_url
from ..links import absolute_url
from ..solver_seat import solver_seat

bp = Blueprint("batch_api", __name__, url_prefix="/api")

USAGE = (
    'send a JSON object with the puzzles as a list of strings, such as {"puzzles":'
    ' ["53..7....", "..9.3...."]}, or a file\'s text with one puzzle a line, such as'
    ' {"text": "53..7....\\n..9.3....\\n"}'
)

Answer = tuple[JsonObject, int] | tuple[JsonObject, int, dict[str, str]]


class Refused(Exception):
    """A body that holds no batch: what is wrong, and the HTTP status that says so."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@bp.post("/solve/batch")
def solve_batch() -> Answer:
    """Solve and rate a batch: {"puzzles": [...]} or {"text": "..."}."""
    allow_batch_body()
    # Reading the batch (its links unpacked, MAX_BATCH_UNPACKED at most) is work like its
    # solves: it waits its turn at the worker's solver seat instead of beside it.
    with solver_seat().taken():
        try:
            body = _json_body()
            entries, variant = _entries(body), _variant(body)
        except Refused as refused:
            refusal: JsonObject = {"status": "invalid", "error": refused.message}
            return refusal, refused.status
        done = solved_here_or_job(entries, variant)
    if isinstance(done, Job):
        record = job_record(done)
        record["results_url"] = absolute_url(".results", code=done.code)
        return record, 202, {"Location": job_url(done)}
    rows, seconds = done
    return {**results_record(rows), "ms": round(seconds * 1000, 3)}, 200


@bp.get("/solve/batch/<code>")
def results(code: str) -> tuple[JsonObject, int]:
    """The rows of a batch a job solved, as POST /api/solve/batch answers a short one."""
    rows = batches.kept_rows(job_queue().results, code) if batches.is_batch_code(code) else None
    if rows is None:
        abort(404, description=GONE)
    return results_record(rows), 200


def _json_body() -> dict[str, Any]:
    """The request's JSON object; Refused (400) when the body is not one."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Refused(f"the body is not a JSON object: {USAGE}", 400)
    return body


def _variant(body: dict[str, Any]) -> Variant:
    """The rules the body's "variant", "regions" and "cages" name, for every puzzle of the
    batch."""
    return body.get("variant"), body.get("regions"), body.get("cages")


def _entries(body: dict[str, Any]) -> tuple[Entry, ...]:
    """The batch's puzzles, read, each under the rules the body's "variant", "regions" and "cages"
    name (a puzzle whose share code names others is a row that says so); Refused saying
    why the body holds no batch, or that the variant or map is bad."""
    entries, variant = _read_entries(body), _variant(body)
    if variant == NO_VARIANT:
        return entries
    first = next((entry.puzzle for entry in entries if entry.puzzle is not None), None)
    if first is not None:
        try:
            name, regions, cages = variant
            rules_named(name, regions, first.shape, cages)
        except PuzzleError as error:
            raise Refused(error.message) from None
    return under_variant(entries, variant)


def _read_entries(body: Mapping[str, object]) -> tuple[Entry, ...]:
    """The batch's puzzles as sent; Refused saying why the body holds no batch."""
    puzzles, text = body.get("puzzles"), body.get("text")
    if (puzzles is None) == (text is None):
        raise Refused(f"send either puzzles or text, not {'both' if text else 'neither'}: {USAGE}")
    try:
        if text is not None:
            return _text_entries(text)
        if not isinstance(puzzles, list):
            raise Refused(f"puzzles: a list of strings, not {_kind(puzzles)}")
        if not puzzles:
            raise Refused("puzzles: the list is empty; send at least one puzzle")
        for index, puzzle in enumerate(puzzles[: MAX_PUZZLES + 1]):
            if not isinstance(puzzle, str):
                raise Refused(f"puzzles[{index}]: a puzzle is a string, not {_kind(puzzle)}")
        return read_puzzles(puzzles)
    except PuzzleError as error:  # a batch too long, or of too many puzzles
        raise Refused(error.message, 413) from None


def _text_entries(text: object) -> tuple[Entry, ...]:
    """The puzzles of a file's text, one a line (one puzzle over several lines is a batch of
    one); Refused when it is no text."""
    if not isinstance(text, str):
        raise Refused(f"text: a string of puzzles, one a line, not {_kind(text)}")
    if not text.strip():
        raise Refused("text: it is empty; send at least one puzzle")
    return read_batch(text) or read_puzzles([text])


def _kind(value: object) -> str:
    """What a JSON value is, in words: "a number", "a list"."""
    kinds = {bool: "true or false", int: "a number", float: "a number", list: "a list"}
    if value is None:
        return "null"
    return kinds.get(type(value), "an object" if isinstance(value, dict) else "a string")
