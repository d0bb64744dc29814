"""Free loopback ports for the servers the tests start, each pytest-xdist worker from its own block.

A port found free by binding to port 0 is only free until someone else takes it: two
workers starting servers at once could be handed the same one. Each worker (gw0, gw1,
...) takes ports from a block of its own below the kernel's ephemeral range (32768 and
up, where outgoing connections and port-0 binds land), from a random place in the block
so that two runs on one machine rarely start at the same port, and never hands out the
same port twice.
"""

from __future__ import annotations

import os
import random
import socket

FIRST_PORT = 20_000
BLOCK = 500
BLOCKS = 25  # up to 32,500: below the ephemeral range
_handed_out: set[int] = set()


def worker_number() -> int | None:
    """This pytest-xdist worker's number (gw3 is 3), or None outside xdist's workers."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name.removeprefix("gw")) if name.startswith("gw") else None


def is_free(port: int) -> bool:
    """True when nothing holds `port` on 127.0.0.1 now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now, from this worker's block."""
    number = worker_number()
    if number is None or number >= BLOCKS:  # a run without xdist, or a very wide one
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])
    first = FIRST_PORT + number * BLOCK
    start = random.randrange(BLOCK)
    for offset in range(BLOCK):
        port = first + (start + offset) % BLOCK
        if port not in _handed_out and is_free(port):
            _handed_out.add(port)
            return port
    raise RuntimeError(f"no free port left in {first}-{first + BLOCK - 1}")
