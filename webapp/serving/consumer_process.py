"""The job consumer that `sudoku serve` runs beside gunicorn, so that a person running the
app starts nothing else. Gunicorn's master starts a supervisor once it is ready and stops it
on exit; SUDOKU_CONSUMER=0 leaves it out (deploy/stack runs consumers of its own when scaled
out).

The supervisor (`sudoku jobs --supervise`) runs the consumer (`sudoku jobs`) in a process
group of its own and starts it again, after a pause that doubles each time it stops soon
after starting (1 s, then 2, 4, ... up to 30), when it stops by itself: killed, its jobs
would otherwise wait forever. Before each restart, and when told to stop, it ends the whole
group, so no Huey worker outlives its consumer to go on taking jobs.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

STOP_SECONDS = 10
FIRST_PAUSE = 1.0  # seconds before the first restart
LONGEST_PAUSE = 30.0
STEADY_SECONDS = 60.0  # a consumer that ran this long stopped for a reason of its own: pause afresh

log = logging.getLogger(__name__)


def wanted(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """True unless SUDOKU_CONSUMER=0 says another process consumes the jobs."""
    return environ.get("SUDOKU_CONSUMER", "1") != "0"


def start() -> subprocess.Popen[bytes]:
    """The consumer's supervisor as a child process, with this process's environment (the
    app's FLASK_* settings among it)."""
    return subprocess.Popen([sys.executable, "-m", "webapp", "jobs", "--supervise"])


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a process: SIGTERM (a consumer's job under way runs again later), then SIGKILL."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill whatever is left of the process group `process` leads."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # nothing is left


def next_pause(pause: float, ran: float) -> float:
    """The pause before the restart after this one: doubled, up to LONGEST_PAUSE, unless the
    consumer ran STEADY_SECONDS, which starts again from FIRST_PAUSE."""
    if ran >= STEADY_SECONDS:
        return FIRST_PAUSE
    return min(pause * 2, LONGEST_PAUSE)


class Supervisor:
    """Keeps one consumer running until `stopping` is set.

    `launch` starts a consumer (in a process group of its own); `clock` (seconds) times how
    long each ran. The pause between restarts is waited on `stopping`, so a stop ends it."""

    def __init__(
        self,
        launch: Callable[[], subprocess.Popen[bytes]],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.launch = launch
        self.clock = clock
        self.stopping = threading.Event()
        self.current: subprocess.Popen[bytes] | None = None

    def run(self) -> None:
        """Start the consumer, and again each time it stops by itself, until stopping."""
        pause = FIRST_PAUSE
        while not self.stopping.is_set():
            self.current = consumer = self.launch()
            log.info("consumer pid %d started", consumer.pid)
            began = self.clock()
            while consumer.poll() is None and not self.stopping.wait(0.2):
                pass
            if self.stopping.is_set():
                break
            end_group(consumer)  # its workers would go on taking jobs
            ran = self.clock() - began
            log.warning(
                "consumer pid %d stopped (exit status %s) after %.0f s; starting another in %g s",
                consumer.pid,
                consumer.returncode,
                ran,
                pause,
            )
            self.stopping.wait(pause)
            pause = next_pause(pause, ran)
        if self.current is not None:
            stop(self.current)
            end_group(self.current)


def launch_consumer(argv: Sequence[str]) -> subprocess.Popen[bytes]:
    """`sudoku jobs` with `argv` (its options) in a process group of its own."""
    command = [sys.executable, "-m", "webapp", "jobs", *argv]
    return subprocess.Popen(command, start_new_session=True)


def supervise(argv: Sequence[str]) -> None:
    """Run a Supervisor of `sudoku jobs argv` until SIGTERM or SIGINT."""
    supervisor = Supervisor(lambda: launch_consumer(argv))

    def on_signal(signum: int, frame: object) -> None:
        supervisor.stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    supervisor.run()
