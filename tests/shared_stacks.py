"""Stacks (deploy/stack: nginx, gunicorn, the relay, the consumer) shared by several test
files, one of each kind for a pytest session (so for an xdist worker).

Starting and stopping a stack costs some 5 s; files that only use one, or kill a part the
stack starts again (a relay, a gunicorn worker), share it. The files that share a stack
are one xdist_group, so one worker runs them all and starts it once. A file that stops
the stack itself, or needs options of its own, keeps its own stack.
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import RELAY, RunningStack, stack  # noqa: E402

# The xdist_group of the files sharing `exempt_stack`, and of those sharing `games_stack`.
EXEMPT_GROUP = "stack"
GAMES_GROUP = "stack-games"


def tools_missing() -> str | None:
    """Why a stack cannot run here, or None; in CI a missing nginx or redis-server fails."""
    for name in ("nginx", "redis-server"):
        if not (shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")):
            message = f"{name} is not installed (apt-get install {name})"
            if os.environ.get("CI"):
                pytest.fail(message)
            return message
    return None


def relay_listens(running: RunningStack) -> bool:
    """Whether the relay the stack started last runs and takes connections."""
    found = running.printed(RELAY)[-1]
    if f"relay pid {found.group(1)} stopped" in running.output:
        return False
    try:
        socket.create_connection(("127.0.0.1", int(found.group(2))), timeout=1).close()
    except OSError:
        return False
    return True


def with_relay(running: RunningStack) -> RunningStack:
    """`running` once its relay listens: a test that killed the last one leaves the stack to
    start another a second later, which then takes a moment to listen, and the next test
    must not meet it away."""
    until(lambda: relay_listens(running), "a relay listening")
    return running


@pytest.fixture(scope="session")
def exempt_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningStack]:
    """deploy/stack with 127.0.0.1 exempt from the per-client limits: for fuzzers and loads
    sent from one address."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("exempt-stack") / "stack.log"
    with stack("--exempt", "127.0.0.1", log=log) as running:
        yield running


@pytest.fixture(scope="session")
def games_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningStack]:
    """deploy/stack on its SQLite store, two workers, 127.0.0.1 exempt: for games and
    matches, whose tests may kill its relay or a worker (the stack starts them again)."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("games-stack") / "stack.log"
    with stack("--workers", "2", "--exempt", "127.0.0.1", log=log) as running:
        yield running
