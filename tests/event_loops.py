"""Running a coroutine to the end from a test, in an event loop of its own on a thread of its
own: in a worker whose browser tests started Playwright's synchronous API, its event loop
runs in the main thread, and asyncio.run there says "cannot be called from a running event
loop"."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """What `coroutine` returns (or raises), run by asyncio.run on a fresh thread."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
