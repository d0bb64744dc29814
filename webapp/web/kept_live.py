"""The job store's refusals while a page reads or writes live state (a game between people, a
match between programs) as HTTP answers: 404 when the game or match went from the store
meanwhile, 503 with Retry-After when the store does not answer."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import abort

from ..jobs.store import Unreachable

RETRY_AFTER_UNREACHABLE = 30


@contextmanager
def store_answers(gone: type[Exception], gone_says: str, unreachable_says: str) -> Iterator[None]:
    """404 saying `gone_says` when `gone` is raised in the block, 503 with Retry-After saying
    `unreachable_says` when the store does not answer."""
    try:
        yield
    except gone:
        abort(404, description=gone_says)
    except Unreachable:
        abort(503, description=unreachable_says, retry_after=RETRY_AFTER_UNREACHABLE)
