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

Each client (address) has a share of the seat's time (`Shares`): the seconds it held the
seat are drawn from a bucket of CLIENT_SEAT_BURST_SECONDS that fills again at
CLIENT_SEAT_SHARE seconds a second. A client whose bucket is empty gets 429 for work that
needs the seat until it has filled a little; pages that need none (kept share links, forms,
static files) are never counted. New 25x25 codes at the rate nginx allows had cut another
person's 9x9 solves to 10 of 26. The seconds only decide who may start, never what any
answer says.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, abort, current_app, has_request_context, request

SEAT_KEY = "webapp.solver_seat"
# Seconds a client is asked to wait before trying again after a 503.
RETRY_AFTER = 2


# The most clients whose buckets are remembered; full buckets are forgotten first.
MAX_CLIENTS = 10_000
BUSY = (
    "You have had a lot of the solver's time in the last moments; other people are waiting"
    " for it too. Try again in a few seconds."
)


class Shares:
    """Each client's bucket of seat seconds: `burst` at most, filling at `rate` a second.
    `clock` (seconds) tells the time; a test passes one it moves on itself. Clients in
    `exempt` (a monitor, a load tester) are never refused."""

    def __init__(
        self,
        burst: float,
        rate: float,
        clock: Callable[[], float] = time.monotonic,
        exempt: tuple[str, ...] = (),
    ) -> None:
        self.burst, self.rate, self.clock, self.exempt = burst, rate, clock, exempt
        self._levels: dict[str, tuple[float, float]] = {}  # client: (level, when)
        self._lock = threading.Lock()

    def level(self, client: str) -> float:
        """What is in `client`'s bucket now."""
        level, when = self._levels.get(client, (self.burst, self.clock()))
        return min(self.burst, level + (self.clock() - when) * self.rate)

    def admits(self, client: str) -> bool:
        """Whether `client` may take (or wait for) the seat now."""
        return client in self.exempt or self.level(client) > 0

    def charge(self, client: str, seconds: float) -> None:
        """Draw `seconds` of seat time from `client`'s bucket (it may go below empty)."""
        with self._lock:
            self._levels[client] = (self.level(client) - seconds, self.clock())
            if len(self._levels) > MAX_CLIENTS:
                full = [name for name in self._levels if self.level(name) >= self.burst]
                for name in full or list(self._levels)[: len(self._levels) // 2]:
                    del self._levels[name]


class SolverSeat:
    """The one solve a process runs at a time, and how many may queue for it."""

    def __init__(self, queue_depth: int, shares: Shares | None = None) -> None:
        self.queue_depth = queue_depth
        self.shares = shares
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
        client = request.remote_addr if has_request_context() else None
        if self.shares is not None and client is not None and not self.shares.admits(client):
            abort(429, description=BUSY, retry_after=RETRY_AFTER)
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
        began = self.shares.clock() if self.shares is not None else 0.0
        try:
            yield
        finally:
            self._holder.held = False
            if self.shares is not None and client is not None:
                self.shares.charge(client, self.shares.clock() - began)
            with self._lock:
                self._wanting -= 1
                if self._line:
                    self._line.popleft().set()  # the seat passes straight to the next
                else:
                    self._busy = False


def init_app(app: Flask) -> None:
    """Give `app` its solver seat, with SOLVE_QUEUE_DEPTH requests allowed to wait."""
    config = app.config
    shares = Shares(
        float(config["CLIENT_SEAT_BURST_SECONDS"]),
        float(config["CLIENT_SEAT_SHARE"]),
        exempt=tuple(config["CLIENT_LIMITS_EXEMPT"]),
    )
    app.extensions[SEAT_KEY] = SolverSeat(int(config["SOLVE_QUEUE_DEPTH"]), shares)


def solver_seat() -> SolverSeat:
    """The current app's seat."""
    seat: SolverSeat = current_app.extensions[SEAT_KEY]
    return seat
