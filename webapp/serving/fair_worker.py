"""gunicorn's threaded worker, taking its fair share of connections and no more.

A gthread worker accepts every connection it can, and keeps it for the client's next
requests. When a burst of clients connects at once (a browser's six connections, nginx's
pool of upstream connections, a load test), which worker wins each accept is a race, and it
stays that way while they keep their connections: one worker was seen holding 6 of 8,
its solver seat's line full and answering 503 over and over, while the other idled.

A fair worker takes a new connection only while it holds no more than the fewest any other
live worker holds, so connections spread evenly and a worker that holds more waits for the
others to catch up (the least loaded one always accepts, so none is left unaccepted). Each
worker publishes its count in memory the master shares with every worker it forks.

This leans on the gthread worker's own names (`nr_conns`, `worker_connections`,
`_accepting`, `wait_for_and_dispatch_events`) of gunicorn 27; pyproject.toml pins it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable

from gunicorn.workers.gthread import ThreadWorker

from .processes import alive

MAX_WORKERS = 64  # slots for this many live workers; any beyond just take every connection
# While it refuses connections, a worker looks again this often (seconds) for the others to
# have caught up, instead of gthread's second.
REFUSING_POLL_SECONDS = 0.01

# Made in the master when gunicorn imports this worker class, before any worker forks:
# each live worker's pid and how many connections it holds, slot by slot.
_pids = multiprocessing.Array("q", MAX_WORKERS)
_held = multiprocessing.Array("q", MAX_WORKERS, lock=False)


def may_accept(held: int, others: Iterable[int]) -> bool:
    """Whether a worker holding `held` connections takes another, beside workers holding
    `others`: while it holds no more than the fewest of them (always, alone)."""
    return held <= min(others, default=held)


class FairThreadWorker(ThreadWorker):
    """gthread, taking a connection only while it holds no more than any other worker."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self._slot: int | None = None
        self._count = 0
        self._limit = 0
        super().__init__(*args, **kwargs)  # sets nr_conns and worker_connections below

    def init_process(self) -> None:
        """Claim a slot (a free one, or one whose worker died) before serving."""
        with _pids.get_lock():
            for slot in range(MAX_WORKERS):
                pid = _pids[slot]
                if pid == 0 or not alive(pid):
                    _pids[slot] = os.getpid()
                    _held[slot] = self._count
                    self._slot = slot
                    break
        if self._slot is not None:  # the others count it from now on
            self.log.info("Worker %s takes its fair share of connections", os.getpid())
        super().init_process()

    @property
    def nr_conns(self) -> int:
        """How many connections this worker holds; published to the others as it changes."""
        return self._count

    @nr_conns.setter
    def nr_conns(self, count: int) -> None:
        self._count = count
        if self._slot is not None:
            _held[self._slot] = count

    @property
    def worker_connections(self) -> int:
        """gthread accepts while nr_conns is below this: its configured limit while the
        others hold as many, else what it holds now (so it waits)."""
        if self._slot is None or may_accept(self._count, self._others()):
            return self._limit
        return self._count

    @worker_connections.setter
    def worker_connections(self, limit: int) -> None:
        self._limit = limit

    def _others(self) -> list[int]:
        """How many connections each other live worker holds."""
        mine = os.getpid()
        return [
            _held[slot]
            for slot in range(MAX_WORKERS)
            if _pids[slot] not in (0, mine) and alive(_pids[slot])
        ]

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        """gthread's wait, but short while refusing: the others' counts change unseen."""
        super().wait_for_and_dispatch_events(timeout if self._accepting else REFUSING_POLL_SECONDS)

    def handle_exit(self, sig: int, frame: object) -> None:
        """Give up the slot as the worker stops."""
        self._release()
        super().handle_exit(sig, frame)

    def _release(self) -> None:
        if self._slot is not None:
            with _pids.get_lock():
                if _pids[self._slot] == os.getpid():
                    _pids[self._slot] = 0
