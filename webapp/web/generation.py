"""The generator for the web: the puzzle an order asks for, made in the request within
GENERATE_SECONDS (holding the solver seat) or, when that is not enough, in a job;
remembered per worker and kept in the shared results for every server.

The generator is deterministic: an order names one puzzle, or one honest "none
found", so what was made anywhere answers every later request for the same order.
Only a generation cut short by its clock depends on where it ran: that is never
remembered, and the order goes to a job with JOB_SECONDS instead, which makes the
very puzzle the request would have made, given the time.
"""

from __future__ import annotations

import time

from flask import Flask, abort, current_app
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

from ..jobs import job_queue, shared
from ..jobs.job import DONE, GENERATE, Job, job_id
from ..jobs.orders import order_code
from ..jobs.store import Unreachable
from ..sudoku.generator import LEVEL_NAMES, Generated, Order, generate, levels_of
from .cache import LruCache, remember_solve, result_cache_bytes
from .job_starting import start_job
from .solver_seat import solver_seat

CACHE_KEY = "webapp.generation_cache"
# Orders no request can make in its budget (16x16 expert and extreme take many seconds
# on this project's machine, 25x25 tens of seconds): these go to a job at once.
JOB_ONLY = {(16, "expert"), (16, "extreme"), *((25, level) for level in LEVEL_NAMES)}
UNREADABLE = (
    "The puzzle was made, but it cannot be read back from the shared results right now."
    " Try again in a minute."
)


def init_app(app: Flask) -> None:
    """Give `app` its cache of generations by order, SOLVE_CACHE_SIZE of them and
    RESULT_CACHE_MB."""
    size, most = int(app.config["SOLVE_CACHE_SIZE"]), result_cache_bytes(app)
    app.extensions[CACHE_KEY] = LruCache[str, Generated](size, most_bytes=most)


def exists(order: Order) -> bool:
    """False when the generator is known to find no puzzle of the order's size and level."""
    return order.level in levels_of(order.size)


def known(order: Order) -> Generated | None:
    """What is known of `order`: remembered by this worker, or kept in the shared results
    by a job or another server; None when it has yet to be made. A "none found" cut short
    by fewer seconds than a job has does not count."""
    cache: LruCache[str, Generated] = current_app.extensions[CACHE_KEY]
    code = order_code(order)
    found = cache.get(code)
    if found is None:
        kept = shared.kept_generated(job_queue().results, order)
        if kept is None or (kept.generated.out_of_time and kept.seconds < _job_seconds()):
            return None
        found = kept.generated
        cache.put(code, found)
    if found.puzzle is not None and found.solution is not None:
        remember_solve(shared.generated_solve(found))  # its play page need not solve it
    return found


def generated_within(order: Order, seconds: float) -> Generated | None:
    """The generation of `order`, known or made now within `seconds` holding the worker's
    solver seat; None when that time is not enough (or the order is for a job only)."""
    found = known(order)
    if found is not None or seconds <= 0 or (order.size, order.level) in JOB_ONLY:
        return found
    with solver_seat().taken():
        made = generate(
            order.size,
            order.level,
            order.symmetry,
            order.seed,
            seconds=seconds,
            variant=order.variant,
        )
    if made.out_of_time:
        return None
    current_app.extensions[CACHE_KEY].put(order_code(order), made)
    shared.keep_generated(job_queue().results, made, seconds)
    if made.puzzle is not None and made.solution is not None:
        remember_solve(shared.generated_solve(made))
    return made


def made_or_job(order: Order) -> Generated | Job:
    """The generation of `order`, made within GENERATE_SECONDS, or else the job making it
    (started now, or already under way); 503 when no job can start."""
    under_way = _open_job(order)
    if under_way is not None:
        return known(order) or under_way  # not the request's seconds again meanwhile
    made = generated_within(order, float(current_app.config["GENERATE_SECONDS"]))
    if made is not None:
        return made
    job = start_job(GENERATE, order_code(order))
    if job.state != DONE:
        return job
    # Done already (or at once, with JOB_IMMEDIATE): its result must be in the shared
    # results. Sending the client to the job's page now would only bring it back here.
    made = known(order)
    if made is None:
        abort(503, description=UNREADABLE, retry_after=30)
    return made


def within_deadline(orders: list[Order], seconds: float) -> list[Generated | None]:
    """Each order's generation, known or made in turn while `seconds` last in all; None for
    those the time did not reach. Each one missed is started in a job, if the queue takes
    it, so that it is ready when its link is followed or the page asked for again."""
    deadline = time.monotonic() + seconds
    found: list[Generated | None] = []
    for order in orders:
        if _open_job(order) is not None:
            found.append(known(order))  # being made: not the page's seconds too
            continue
        made = generated_within(order, deadline - time.monotonic())
        found.append(made if made is not None else _started(order))
    return found


def _open_job(order: Order) -> Job | None:
    """The job making `order` if one is queued or running (None if the store cannot say)."""
    queue = job_queue()
    try:
        job = queue.job(job_id(GENERATE, order_code(order), queue.seconds))
    except Unreachable:
        return None
    return job if job is not None and job.open else None


def _started(order: Order) -> Generated | None:
    """Start the job making `order`, if the queue takes it; what it made if it is done."""
    try:
        job = start_job(GENERATE, order_code(order))
    except (ServiceUnavailable, TooManyRequests):  # the queue, or the client's share of it,
        return None  # is full (or away): the page shows the link alone
    return known(order) if job.state == DONE else None


def _job_seconds() -> float:
    """The seconds a generate job has: JOB_SECONDS."""
    return float(current_app.config["JOB_SECONDS"])
