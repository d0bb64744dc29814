"""POST /api/read-photo: the Sudoku in a photo sent as a multipart `photo` field or as the
raw body, answered with the grid, each cell's confidence, the corners found, the cells to
check and how the read grid stands."""

from __future__ import annotations

import time

from flask import Blueprint

from ...photo import PhotoError, ReadingRecord, stand
from ...records.json_types import JsonObject
from ..http_caching import never_stored
from .bounded import bounded_reading
from .upload import allow_photo_body, sent_picture

bp = Blueprint("read_photo_api", __name__, url_prefix="/api")

USAGE = (
    "send a picture (JPEG, PNG, WebP or HEIC) as the request's body, "
    "or as a multipart form's field named photo"
)

# A reading is of one person's picture, at one moment: no cache keeps it.
bp.after_request(never_stored)


@bp.post("/read-photo")
def read() -> tuple[JsonObject, int]:
    """The reading's record (docs/api.md, "Reading a photo"); 422 saying why there is none."""
    allow_photo_body()
    started = time.perf_counter()
    data = sent_picture(raw_allowed=True)
    if not data:
        return {"status": "invalid", "problem": "no_picture", "error": USAGE}, 422
    try:
        reading = bounded_reading(data)
    except PhotoError as error:
        return {"status": "invalid", "problem": error.problem.value, "error": error.message}, 422
    record = ReadingRecord(
        reading, stand(reading.grid, rules=reading.rules), 1000 * (time.perf_counter() - started)
    )
    return {"status": "read", **record.to_json()}, 200
