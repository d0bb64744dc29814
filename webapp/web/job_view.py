"""What a job's page and its JSON say: the work, how far it is, and where its result is.

A solve or an explanation is shown on its puzzle's pages; a generated puzzle at its
order's stable link (/new/size/level/symmetry/seed), which moves on to its play page.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TypedDict

from flask import url_for

from ..explanations.words import capitalized
from ..jobs import job_queue
from ..jobs.batches import puzzle_count
from ..jobs.job import BATCH, DONE, EXPLAIN, FAILED, GENERATE, QUEUED, SOLVE, Job
from ..jobs.orders import OrderChoices, OrderParts, order_of, order_parts
from ..records.json_types import JsonObject
from ..sudoku import read_code
from ..sudoku.generator import DESCRIPTIONS
from ..wording import format_ms
from .job_facts import JobFacts
from .links import absolute_url

# What each kind of job is called on its page, and where its result is shown.
TITLES = {
    SOLVE: "Working on the puzzle",
    EXPLAIN: "Working on the explanation",
    GENERATE: "Making a new puzzle",
    BATCH: "Solving a batch of puzzles",
}
RESULT_ENDPOINTS = {
    SOLVE: "solve.result",
    EXPLAIN: "explain.explain",
    GENERATE: "new.order",
    BATCH: "batch.results",
}
SUBMIT_ENDPOINTS = {
    SOLVE: "solve.keep_solving",
    EXPLAIN: "explain.keep_explaining",
    GENERATE: "new.keep_generating",
    BATCH: "batch.again",
}
# Seconds between refreshes of a job's page without script.
REFRESH_SECONDS = 2


@dataclass(frozen=True)
class JobPage:
    """A job as its page shows it."""

    job: Job
    title: str
    state: str
    lines: tuple[str, ...]
    result: str
    again: str
    back: str
    back_label: str

    @property
    def refresh(self) -> int | None:
        """Seconds until the page reloads itself, while the job is open."""
        return REFRESH_SECONDS if self.job.open else None


@dataclass(frozen=True)
class Offer:
    """What a page whose work ran out of budget offers: a button that posts to `action`,
    or a link to the job already on it (`follow`), or only a `note` that a job did its best."""

    note: str
    action: str = ""
    label: str = ""
    follow: str = ""


# What a finished job that could not do better says, by kind.
DID_ITS_BEST = {
    SOLVE: "A job worked on this puzzle for {seconds:g} s and could not decide it either.",
    EXPLAIN: "A job looked for this explanation for {seconds:g} s; it stops here even so.",
}
LABELS = {
    SOLVE: "Keep working (up to {seconds:g} s)",
    EXPLAIN: "Keep explaining (up to {seconds:g} s)",
}


def offer_for(facts: JobFacts) -> Offer:
    """What to offer on a page whose work ran out of the page's budget, given what the queue
    knows of that work (job_facts)."""
    kind, job, seconds = facts.kind, facts.job, facts.seconds
    if job is not None and job.open:
        note = f"A job is already working on it, for up to {seconds:g} s."
        return Offer(note, follow=url_for("jobs.job", id=job.id))
    if job is not None and job.state == DONE:
        return Offer(DID_ITS_BEST[kind].format(seconds=seconds))
    return Offer(
        "It can go on off the page, in a job that keeps at it for longer.",
        action=url_for(SUBMIT_ENDPOINTS[kind], code=facts.code),
        label=LABELS[kind].format(seconds=seconds),
    )


class CodeLink(TypedDict):
    """What the routes of a job on a puzzle are given: the puzzle's share code."""

    code: str


def _link_values(job: Job) -> OrderParts | CodeLink:
    """What the job's routes are given: the order's parts for a generation, else the code."""
    if job.kind == GENERATE:
        return order_parts(order_of(job.code))
    return {"code": job.code}


def result_url(job: Job) -> str:
    """Where the job's result is shown: the share link of its puzzle (or its explanation),
    or the stable link of the puzzle it made."""
    return url_for(RESULT_ENDPOINTS[job.kind], **_link_values(job))


def finished_url(job: Job) -> str:
    """Where a finished job's page sends its person: its result, asked for afresh. A solve's
    share link may be a pending page a cache keeps for a moment (web/http_caching.py); the
    job's id in the query is an address no cache has kept."""
    if job.kind == SOLVE:
        return url_for(RESULT_ENDPOINTS[SOLVE], job=job.id, **_link_values(job))
    return result_url(job)


def again_url(job: Job) -> str:
    """Where a form posts to start the job's work (again)."""
    return url_for(SUBMIT_ENDPOINTS[job.kind], **_link_values(job))


def back_link(job: Job) -> tuple[str, str]:
    """Where "back" leads from the job's page, and its label: the puzzle, or the choices of
    the puzzle being made (its stable link would only come back here while it runs)."""
    if job.kind == GENERATE:
        order = order_of(job.code)
        choices: OrderChoices = {
            "size": order.size,
            "level": order.level,
            "symmetry": order.symmetry,
        }
        return url_for("new.form", **choices), "Back to the choices"
    if job.kind == BATCH:
        return url_for("site.index"), "Solve other puzzles"
    return result_url(job), "Back to the puzzle"


def state_words(job: Job, now: float | None = None) -> str:
    """The job's state in a short sentence."""
    if job.state == QUEUED:
        return "Waiting for a free consumer to take it."
    if job.state == DONE:
        return f"Finished: {job.outcome.replace('_', ' ')}."
    if job.state == FAILED:
        return f"Stopped: {job.outcome}."
    if job.stale(job_queue().stale_seconds, now):
        return "The consumer running it stopped; it will run again when a consumer is back."
    return f"Running: {job.phase}."


def work_line(job: Job) -> str:
    """What the job works on, in a sentence."""
    if job.kind == GENERATE:
        order = order_of(job.code)
        return (
            f"A new {order.size}x{order.size} puzzle at level {order.level}, its givens"
            f" {DESCRIPTIONS[order.symmetry]}, from seed {order.seed},"
            f" tried for up to {job.seconds:g} s."
        )
    if job.kind == BATCH:
        return (
            f"A batch of {puzzle_count(job.code):,} puzzles, each solved and rated in turn,"
            f" for up to {job.seconds:g} s in all."
        )
    puzzle = read_code(job.code)
    return f"A {puzzle.shape.name} puzzle with {puzzle.givens} givens, for up to {job.seconds:g} s."


def progress_lines(job: Job, now: float | None = None) -> tuple[str, ...]:
    """What the job works on and how far it has come, a sentence each."""
    lines = [work_line(job)]
    if job.started is not None:
        lines.append(f"Time so far: {format_ms(job.elapsed(now) * 1000)}.")
    if job.work and job.work_unit:
        lines.append(f"{capitalized(job.work_unit)} so far: {job.work:,}.")
    if job.attempts > 1:
        lines.append(f"This is run {job.attempts}: an earlier consumer stopped before finishing.")
    return tuple(lines)


def job_page(job: Job) -> JobPage:
    """The page of `job`, as of now."""
    now = time.time()
    back, back_label = back_link(job)
    return JobPage(
        job=job,
        title=TITLES[job.kind],
        state=state_words(job, now),
        lines=progress_lines(job, now),
        result=result_url(job),
        again=again_url(job),
        back=back,
        back_label=back_label,
    )


def job_url(job: Job) -> str:
    """The job's own address, where its state is asked for."""
    return absolute_url("jobs.job", id=job.id)


def job_record(job: Job) -> JsonObject:
    """The job in JSON: its state and progress, and where its page and result are."""
    now = time.time()
    return {
        "id": job.id,
        "kind": job.kind,
        "state": job.state,
        "words": state_words(job, now),
        "lines": progress_lines(job, now),
        "phase": job.phase,
        "elapsed": round(job.elapsed(now), 3),
        "seconds": job.seconds,
        "work": job.work,
        "work_unit": job.work_unit,
        "attempts": job.attempts,
        "outcome": job.outcome,
        "job_url": job_url(job),
        "result_url": absolute_url(RESULT_ENDPOINTS[job.kind], **_link_values(job)),
    }
