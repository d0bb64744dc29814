"""What the job queue knows of work a page may hand on to a job: how long a job may work,
and the job already on it, if any. A page's facts read the queue here, so that the view
model that offers the job (job_view.offer_for) only words what was found."""

from __future__ import annotations

from dataclasses import dataclass

from ..jobs import job_queue
from ..jobs.job import Job, JobKind, job_id
from ..jobs.store import Unreachable
from ..sudoku import Puzzle


@dataclass(frozen=True)
class JobFacts:
    """`kind` of work on the puzzle `code`: the seconds a job may take, and the job on it
    (None when there is none, or the queue cannot be reached: the offer still shows, and
    pressing it says the queue is away)."""

    kind: JobKind
    code: str
    seconds: float
    job: Job | None


def job_facts(kind: JobKind, puzzle: Puzzle) -> JobFacts:
    """What the queue knows of `kind` of work on `puzzle`, as of now."""
    queue = job_queue()
    seconds = queue.seconds
    try:
        job = queue.job(job_id(kind, puzzle.code, seconds))
    except Unreachable:
        job = None
    return JobFacts(kind, puzzle.code, seconds, job)
