"""One solve at a time per client in each worker process, and a bounded line of requests.

A solve is pure CPU under the GIL: two at once in one process only share one core, each
taking longer. So each client (address) solves one puzzle at a time in a worker, in the
order asked, while the worker's other threads go on answering health checks, cached
results, static files and forms. Requests that need a solve wait for their client's seat,
but only SOLVE_QUEUE_DEPTH more than one in all: beyond that the worker answers 503 at once
rather than tie up every thread (and with them the health check) behind work it cannot do
any sooner.

Different clients do not wait for each other: with one seat for everyone, a client's new
25x25 codes at the rate nginx allows held it for seconds a solve and filled its line, and
another person's 9x9 share links got 25 of 60 503s, p99 9.3 s. Each client's solve now
shares the core with those of the few others solving at that moment. A client that is not
exempt has no place in line behind its own solve: its second request at once is 429, so
that one address cannot fill the line. An exempt client (CLIENT_LIMITS_EXEMPT: a monitor
or load tester on the machine, every request in tests) waits in line behind its own, as
all requests did when the seat was one.

The seat is held by a thread, and taking it again inside that thread is free: a share
link's page works out its solve, count and rating in one turn at the seat, so a request
queues once, and a request for the same puzzle waiting behind it finds the work done.

Each client (address) has a share of the solver's time in the whole server
(web/client_shares.py): the seconds it held a seat in any worker are drawn from a bucket
of CLIENT_SEAT_BURST_SECONDS that fills again at CLIENT_SEAT_SHARE seconds a second, and a
client that is not exempt solves one puzzle at a time in the whole server, not one in each
worker. A client whose bucket is empty gets 429 for work that needs the seat until it has
filled a little; pages that need none (kept share links, forms, static files) are never
counted. New 25x25 codes at the rate nginx allows had cut another person's 9x9 solves to 10
of 26. The seconds only decide who may start, never what any answer says.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, abort, current_app, has_request_context, request

from .client_shares import Shares

SEAT_KEY = "webapp.solver_seat"
# Seconds a client is asked to wait before trying again after a 503.
RETRY_AFTER = 2


BUSY = (
    "You have had a lot of the solver's time in the last moments; other people are waiting"
    " for it too. Try again in a few seconds."
)
ONE_AT_A_TIME = (
    "The solver is still working on your last request here; it takes one of yours at a"
    " time. Try again in a few seconds."
)


class SolverSeat:
    """Each client's one solve at a time in a process, and how many may want one in all."""

    def __init__(self, queue_depth: int, shares: Shares | None = None) -> None:
        self.queue_depth = queue_depth
        self.shares = shares
        self._lock = threading.Lock()  # guards the count, the lines and who is solving
        self._wanting = 0  # the solves under way, plus those waiting
        self._solving: set[str | None] = set()  # the clients with a solve under way
        # Those waiting behind their own client's solve, first come first, by client.
        self._lines: dict[str | None, deque[threading.Event]] = {}
        self._holder = threading.local()  # whether this thread holds a seat now

    @property
    def wanting(self) -> int:
        """How many requests hold or wait for a seat now."""
        return self._wanting

    @contextmanager
    def taken(self) -> Iterator[None]:
        """Hold the client's seat for the block, its requests taking turns in the order
        asked (a lock wakes its waiters in no set order, which left some requests waiting
        behind several later ones); 503 at once if the worker's line is already full, 429
        when a client that is not exempt has a solve under way. A thread that holds it
        already keeps it."""
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
            if client not in self._solving:
                if self.shares is not None and client is not None:
                    if not self.shares.begin(client):  # solving in another worker
                        abort(429, description=ONE_AT_A_TIME, retry_after=RETRY_AFTER)
                self._solving.add(client)
                turn.set()
            elif self._may_wait(client):
                self._lines.setdefault(client, deque()).append(turn)
            else:
                abort(429, description=ONE_AT_A_TIME, retry_after=RETRY_AFTER)
            self._wanting += 1
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
                line = self._lines.get(client)
                if line:
                    line.popleft().set()  # the seat passes straight to the client's next
                    if not line:
                        del self._lines[client]
                else:
                    self._solving.discard(client)

    def _may_wait(self, client: str | None) -> bool:
        """Whether `client` may wait behind its own solve: only when exempt (or outside a
        request)."""
        return client is None or self.shares is None or client in self.shares.exempt


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
