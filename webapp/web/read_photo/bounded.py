"""A photo read for a request: in a child process within the PHOTO_* ceilings, at the
client's turn at the solver seat, like any costly solve.

A reading is pure CPU like a solve, and a picture's cost is the sender's choice: so each
client reads one photo at a time in a worker, its seconds counted against its share of
the seat (web/solver_seat.py), and a reading a ceiling stops is a 503 that says so, with
Retry-After, and is never stored.
"""

from __future__ import annotations

from flask import abort, current_app, request

from ...photo import PhotoReading
from ...photo.isolation import Ceilings, ReadingStopped, read_apart
from ..solver_seat import RETRY_AFTER, solver_seat

STOPPED = (
    "Reading that picture took longer than a reading may here, so the server stopped it to"
    " stay responsive. Try again in a few seconds, or send a smaller picture."
)
GONE = "The connection closed before the picture was read."


def ceilings() -> Ceilings:
    """The current app's ceilings for one reading (PHOTO_MEMORY_MB, PHOTO_CPU_SECONDS,
    PHOTO_WALL_SECONDS)."""
    config = current_app.config
    return Ceilings(
        memory_bytes=int(config["PHOTO_MEMORY_MB"]) * 1024 * 1024,
        cpu_seconds=int(config["PHOTO_CPU_SECONDS"]),
        wall_seconds=float(config["PHOTO_WALL_SECONDS"]),
    )


def bounded_reading(data: bytes) -> PhotoReading:
    """The Sudoku in `data`, read at the client's seat within the ceilings; PhotoError as
    read_photo raises it, 503 with Retry-After past a ceiling."""
    # Under gunicorn, the client's socket: the reading stops as soon as it closes.
    client = request.environ.get("gunicorn.socket")
    with solver_seat().taken():
        try:
            return read_apart(data, ceilings(), client)
        except ReadingStopped as stopped:
            description = GONE if stopped.reason == "gone" else STOPPED
            abort(503, description=description, retry_after=RETRY_AFTER)
