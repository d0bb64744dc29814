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
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import RunningStack, stack  # noqa: E402

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


def with_relay(running: RunningStack) -> RunningStack:
    """`running` once its relay runs: a test that killed the last one leaves the stack to
    start another a second later, and the next test must not meet it away."""
    until(lambda: f"relay pid {running.relay_pid} stopped" not in running.output, "a relay")
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
