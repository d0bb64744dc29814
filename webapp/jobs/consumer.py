"""A consumer: takes jobs off the queue and runs them, and puts back jobs that lost theirs.

Huey's consumer runs the jobs, in worker processes it restarts if one dies; beside
it a thread sweeps the open jobs every SWEEP_SECONDS (queue.JobQueue.sweep), so that
a job whose consumer was killed runs again here. SIGTERM stops at once (the job
under way is put back by the next sweep, here or on another machine); SIGINT lets
the job under way finish first.
"""

from __future__ import annotations

import logging
import threading

from huey.consumer import WORKER_PROCESS

from .queue import JobQueue
from .store import Unreachable

SWEEP_SECONDS = 1.0
# How often Huey checks that its worker processes live, and restarts those that died.
HEALTH_SECONDS = 1.0

log = logging.getLogger(__name__)


def run_consumer(queue: JobQueue, workers: int) -> None:
    """Run `workers` job processes and the sweeper until a signal stops them."""
    stop = threading.Event()

    def sweep() -> None:
        while not stop.wait(SWEEP_SECONDS):
            try:
                queue.sweep()
            except Unreachable as error:
                log.warning("sweep skipped: %s", error)

    sweeper = threading.Thread(target=sweep, name="sweeper", daemon=True)
    consumer = queue.huey.create_consumer(
        workers=workers,
        worker_type=WORKER_PROCESS,
        periodic=False,
        check_worker_health=True,
        health_check_interval=HEALTH_SECONDS,
        # An idle consumer looks at the queue at least this often (seconds).
        max_delay=1.0,
    )
    sweeper.start()
    try:
        consumer.run()
    finally:
        stop.set()
