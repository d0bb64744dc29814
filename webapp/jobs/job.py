"""One job: what it does (its kind, the puzzle's share code or the generator's order, its
budget) and how far it is.

A job's id follows from its work, so asking for the same work twice names the same
job. Its record is JSON in the store; the consumer that runs it writes its phase,
the work done so far and a heartbeat every fraction of a second, and the job pages
read them.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, replace

from ..sudoku.generator import VERSION as GENERATOR_VERSION

SOLVE = "solve"
EXPLAIN = "explain"
# The kinds of work on a puzzle, whose code is a share code (POST /api/jobs takes these).
KINDS = (SOLVE, EXPLAIN)
# Making a puzzle: its code is the order's (orders.py), such as 9/extreme/rotational/12345.
GENERATE = "generate"
# Solving and rating many puzzles: its code is the batch's (batches.py), such as 240-3fa9...
BATCH = "batch"

QUEUED = "queued"
RUNNING = "running"
DONE = "done"
FAILED = "failed"
OPEN_STATES = (QUEUED, RUNNING)


def job_id(kind: str, code: str, seconds: float) -> str:
    """The id of the job that does `kind` for `code` (a puzzle, or an order) within `seconds`."""
    work = f"{kind}:{seconds:g}:{code}"
    if kind == GENERATE:  # a new generator makes other puzzles: a new job, not the old one's
        work += f":generator {GENERATOR_VERSION}"
    return f"{kind}-{hashlib.sha256(work.encode()).hexdigest()[:24]}"


@dataclass(frozen=True)
class Job:
    """A job's record. Times are epoch seconds; `work` counts `work_unit`s done so far."""

    id: str
    kind: str
    code: str
    seconds: float
    state: str = QUEUED
    submitted: float = 0.0
    started: float | None = None
    heartbeat: float | None = None
    finished: float | None = None
    phase: str = "waiting for a consumer"
    work: int = 0
    work_unit: str = ""
    attempts: int = 0
    outcome: str = ""

    @classmethod
    def new(cls, kind: str, code: str, seconds: float, now: float | None = None) -> Job:
        """A job just submitted (`now`, epoch seconds, by default the time)."""
        submitted = time.time() if now is None else now
        return cls(job_id(kind, code, seconds), kind, code, seconds, submitted=submitted)

    @property
    def open(self) -> bool:
        """True while it waits or runs."""
        return self.state in OPEN_STATES

    def elapsed(self, now: float | None = None) -> float:
        """Seconds it has run (0 while queued; up to its end once finished)."""
        if self.started is None:
            return 0.0
        end = self.finished if self.finished is not None else (now or time.time())
        return max(0.0, end - self.started)

    def stale(self, after: float, now: float | None = None) -> bool:
        """True when it is marked running but no heartbeat came for `after` seconds: the
        consumer running it has stopped."""
        beat = self.heartbeat or self.started or self.submitted
        return self.state == RUNNING and (now or time.time()) - beat > after

    def but(self, **changes: object) -> Job:
        """This record with `changes`."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def to_bytes(self) -> bytes:
        """The record as the store keeps it."""
        return json.dumps(asdict(self)).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Job:
        """A record read back from the store."""
        fields = json.loads(data)
        return cls(**fields)
