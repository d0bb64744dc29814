"""A real Redis for the tests (Debian's redis-server), on a free loopback port: a pytest plugin.

`redis_server` is one server for the whole run (one for each pytest-xdist worker, on a
port of the worker's own, free_ports.py), which a test may stop and start again on the
same port (to see the app ride out an outage). In CI a missing redis-server is a failure,
not a skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest

from free_ports import free_port

READY_SECONDS = 10


def redis_binary() -> str | None:
    """Where redis-server is; in CI a missing one fails the test that wants it."""
    found = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/sbin")
    if not found and os.environ.get("CI") == "true":
        pytest.fail("redis-server is not installed (apt-get install redis-server)")
    return found


def answers(port: int) -> bool:
    """True when something accepts connections on the port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class RedisServer:
    """redis-server on 127.0.0.1:port, in memory only, started and stopped at will."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="sudoku-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        argv = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--dir", self.folder]
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + READY_SECONDS
        while not answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server (its data goes with it)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One real Redis for the run; the test that stops it starts it again."""
    binary = redis_binary()
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(binary)
    server.start()
    yield server
    server.stop()
    shutil.rmtree(server.folder, ignore_errors=True)
