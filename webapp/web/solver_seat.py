"""One solve at a time per worker process, and a bounded line of requests waiting for it.

A solve is pure CPU under the GIL: two at once in one process would only share
one core, each taking twice as long. So each worker solves one puzzle at a time, in
the order asked, while its other threads go on answering
health checks, cached results, static files and forms. Requests that need a
solve wait for the seat, but only SOLVE_QUEUE_DEPTH of them: beyond that the
worker answers 503 at once rather than tie up every thread (and with them the
health check) behind work it cannot do any sooner.

The seat is held by a thread, and taking it again inside that thread is free: a share
link's page works out its solve, count and rating in one turn at the seat, so a request
queues once, and a request for the same puzzle waiting behind it finds the work done.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, abort, current_app

SEAT_KEY = "webapp.solver_seat"
# Seconds a client is asked to wait before trying again after a 503.
RETRY_AFTER = 2


class SolverSeat:
    """The one solve a process runs at a time, and how many may queue for it."""

    def __init__(self, queue_depth: int) -> None:
        self.queue_depth = queue_depth
        self._lock = threading.Lock()  # guards the count, the line and whether it is busy
        self._wanting = 0  # the solve under way, if any, plus those waiting
        self._busy = False  # whether a thread holds the seat
        self._line: deque[threading.Event] = deque()  # those waiting, first come first
        self._holder = threading.local()  # whether this thread holds the seat now

    @property
    def wanting(self) -> int:
        """How many requests hold or wait for the seat now."""
        return self._wanting

    @contextmanager
    def taken(self) -> Iterator[None]:
        """Hold the seat for the block, taking turns in the order asked (a lock wakes its
        waiters in no set order, which left some requests waiting behind several later
        ones); 503 at once if the line is already full. A thread that holds it already
        keeps it."""
        if getattr(self._holder, "held", False):
            yield
            return
        turn = threading.Event()
        with self._lock:
            if self._wanting > self.queue_depth:
                abort(503, retry_after=RETRY_AFTER)
            self._wanting += 1
            if self._busy:
                self._line.append(turn)
            else:
                self._busy = True
                turn.set()
        turn.wait()
        self._holder.held = True
        try:
            yield
        finally:
            self._holder.held = False
            with self._lock:
                self._wanting -= 1
                if self._line:
                    self._line.popleft().set()  # the seat passes straight to the next
                else:
                    self._busy = False


def init_app(app: Flask) -> None:
    """Give `app` its solver seat, with SOLVE_QUEUE_DEPTH requests allowed to wait."""
    app.extensions[SEAT_KEY] = SolverSeat(int(app.config["SOLVE_QUEUE_DEPTH"]))


def solver_seat() -> SolverSeat:
    """The current app's seat."""
    seat: SolverSeat = current_app.extensions[SEAT_KEY]
    return seat
