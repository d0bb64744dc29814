"""Waiting, bounded, for something a server or consumer does in its own time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def until(check: Callable[[], T], what: str, seconds: float = 60) -> T:
    """Wait for `check()` to be truthy, asking five times a second; its value. AssertionError
    naming `what` if it is not within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s: {what}")
