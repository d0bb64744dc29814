"""Time budgets for the logic engine: a deadline that long searches look at as they go.

A path checks the clock between steps, but one step of a hard technique (a chain
search, a forcing net, a jellyfish on 25x25) can take long by itself. So the
deadline is also kept where every finder can see it, and searches call
`check_time()` in their outer loops; past the deadline it raises OutOfTime,
which the path (or the hint) turns into an honest "stopped". The deadline is a
context variable, so threads serving different requests each have their own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_deadline: ContextVar[float] = ContextVar("logic_deadline", default=math.inf)


class OutOfTime(Exception):
    """The budget ran out in the middle of a search."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Within the block, searches stop after `seconds` (or at an earlier enclosing deadline)."""
    deadline = min(_deadline.get(), time.perf_counter() + seconds)
    token = _deadline.set(deadline)
    try:
        yield
    finally:
        _deadline.reset(token)


def check_time() -> None:
    """Raise OutOfTime if the current deadline has passed; long searches call it often."""
    if time.perf_counter() > _deadline.get():
        raise OutOfTime


def time_left() -> float:
    """Seconds until the current deadline (inf without one)."""
    return _deadline.get() - time.perf_counter()
