"""Waiting, bounded, for something a server or consumer does in its own time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


# The pause after `until`'s first ask, doubled after each ask up to the longest: what is done
# within a few hundredths of a second is seen then, and a long wait asks five times a second.
FIRST_PAUSE, LONGEST_PAUSE = 0.01, 0.2


def until(check: Callable[[], T], what: str, seconds: float = 60) -> T:
    """Wait for `check()` to be truthy, asking soon and then up to five times a second; its
    value. AssertionError naming `what` if it is not within `seconds`."""
    deadline = time.monotonic() + seconds
    pause = FIRST_PAUSE
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(pause)
        pause = min(2 * pause, LONGEST_PAUSE)
    raise AssertionError(f"not within {seconds} s: {what}")
