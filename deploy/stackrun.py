"""Start deploy/stack from a tool or a test, wait for "ready", and stop it afterwards."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

DEPLOY = Path(__file__).parent
READY_SECONDS = 90
# What deploy/stack prints about each process it starts.
APP_SERVER = re.compile(r"app server (\d+) pid (\d+) port (\d+)")
CONSUMER = re.compile(r"consumer pid (\d+)")
REDIS = re.compile(r"redis pid (\d+) port (\d+)")
RELAY = re.compile(r"relay pid (\d+) port (\d+)")


class StackFailed(Exception):
    """deploy/stack did not become ready; its output says why."""


@dataclass
class RunningStack:
    """A stack started by `stack`: nginx's port and everything it printed so far."""

    port: int
    process: subprocess.Popen[str]
    lines: list[str]

    @property
    def output(self) -> str:
        """What the stack (gunicorn, nginx, the app's log) has printed so far."""
        return "\n".join(self.lines)

    def printed(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """The lines printed so far that `pattern` matches whole, in order."""
        return [found for line in list(self.lines) if (found := pattern.fullmatch(line))]

    @property
    def app_ports(self) -> list[int]:
        """The ports of the app servers (gunicorn instances), in their order."""
        return [int(found.group(3)) for found in self.printed(APP_SERVER)]

    @property
    def consumer_pid(self) -> int:
        """The pid of the consumer started last: it leads the process group of its workers."""
        return int(self.printed(CONSUMER)[-1].group(1))

    @property
    def relay_pid(self) -> int:
        """The pid of the live relay started last."""
        return int(self.printed(RELAY)[-1].group(1))

    @property
    def redis(self) -> tuple[int, int]:
        """The pid and port of the stack's own Redis (--redis)."""
        found = self.printed(REDIS)[-1]
        return int(found.group(1)), int(found.group(2))


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def stack(
    *options: str, env: dict[str, str] | None = None, log: Path | None = None
) -> Iterator[RunningStack]:
    """deploy/stack on a free port with `options`, from "ready" until the block ends.

    Everything it prints is kept in memory, and also appended to `log` when given.
    """
    port = free_port()
    process = subprocess.Popen(
        [str(DEPLOY / "stack"), str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SUDOKU_PYTHON": sys.executable, **(env or {})},
    )
    running = RunningStack(port, process, [])
    ready = threading.Event()
    assert process.stdout is not None
    stdout = process.stdout

    def read() -> None:
        sink = log.open("a") if log else None
        for line in stdout:
            running.lines.append(line.rstrip("\n"))
            if sink:
                sink.write(line)
                sink.flush()
            if line.strip() == "ready":
                ready.set()
        if sink:
            sink.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + READY_SECONDS
        while not ready.wait(0.1):
            if process.poll() is not None or time.monotonic() > deadline:
                raise StackFailed(f"deploy/stack did not get ready:\n{running.output}")
        yield running
    finally:
        stop(process)
        reader.join(timeout=10)
        stdout.close()


def stop(process: subprocess.Popen[str], timeout: float = 40) -> int:
    """SIGTERM, as a service manager would; the exit status."""
    if process.poll() is None:
        process.terminate()
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


def bound_sources(count: int, first: Sequence[int] = (127, 0, 1)) -> list[str]:
    """`count` loopback addresses (127.0.1.1, 127.0.1.2, ...) for clients that must look apart."""
    a, b, c = first
    return [f"{a}.{b}.{c + index // 250}.{1 + index % 250}" for index in range(count)]
