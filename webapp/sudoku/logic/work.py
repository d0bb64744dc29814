"""Work budgets for the logic engine: counted units of work, and a wall-time ceiling for safety.

What a path finds must not depend on which machine walked it or how busy it was:
the same puzzle and budget give the same steps everywhere. So a budget counts
work, never seconds. A path spends units on every technique it asks (see
path.py) and searches that are long by themselves (forcing chains and nets, ALS
chains) spend as they go; past the limit `spend` raises OutOfWork, which the
path (or the hint) turns into an honest "stopped".

Work is only counted where it is the same on every run: searches that a memo
may skip (memo.py, whose contents depend on what the process did before) look
at the ceiling but spend nothing; the technique attempt that asked them spends.

A budget may also carry a ceiling in seconds: a safety net so that a busy server
stays responsive. Past it `spend` (or `check_ceiling`) raises PastCeiling: not an
answer about the puzzle but about the server, so callers never cache, share or
rate by it, and say so when they show it.

The budget is a context variable, so threads serving different requests each have
their own; budgets nest, and an inner one cannot outlast the outer one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class OutOfWork(Exception):
    """The work budget ran out in the middle of a search: an answer about the puzzle."""


class PastCeiling(Exception):
    """The wall-time ceiling passed: an answer about the server, never about the puzzle."""


class Work:
    """The units spent in one budget, its limit and its ceiling (a perf_counter time)."""

    def __init__(self, limit: float, deadline: float) -> None:
        self.limit = limit
        self.deadline = deadline
        self.spent = 0

    @property
    def left(self) -> float:
        """The units that may still be spent (inf without a limit)."""
        return self.limit - self.spent


_work: ContextVar[Work | None] = ContextVar("logic_work", default=None)


@contextmanager
def work_limit(units: float = math.inf, ceiling: float = math.inf) -> Iterator[Work]:
    """Within the block, searches stop after `units` of work (OutOfWork) or `ceiling`
    seconds (PastCeiling), or sooner when an enclosing budget ends first. Without
    arguments it only counts: the Work it gives says how much the block spent."""
    outer = _work.get()
    limit, deadline = units, time.perf_counter() + ceiling
    if outer is not None:
        limit, deadline = min(limit, outer.left), min(deadline, outer.deadline)
    work = Work(limit, deadline)
    token = _work.set(work)
    try:
        yield work
    finally:
        _work.reset(token)
        if outer is not None:
            outer.spent += work.spent


def spend(units: int = 1) -> None:
    """Count `units` of work: OutOfWork past the budget, PastCeiling past its ceiling."""
    work = _work.get()
    if work is None:
        return
    work.spent += units
    if work.spent > work.limit:
        # Spent up to the limit, however far past it this last spend went: a search whose
        # cost a cache remembers (forcing.py) ends on the same count as one run afresh.
        work.spent = int(work.limit)
        raise OutOfWork
    if time.perf_counter() >= work.deadline:
        raise PastCeiling


def check_ceiling() -> None:
    """Raise PastCeiling if the wall-time ceiling has passed; spends nothing (for searches
    whose work a memo may skip, so that the count stays the same on every run)."""
    work = _work.get()
    if work is not None and time.perf_counter() >= work.deadline:
        raise PastCeiling


def work_left() -> float:
    """Units that may still be spent (inf without a budget)."""
    work = _work.get()
    return math.inf if work is None else work.left


def spent() -> int:
    """Units spent so far in the innermost budget (0 without one)."""
    work = _work.get()
    return 0 if work is None else work.spent
