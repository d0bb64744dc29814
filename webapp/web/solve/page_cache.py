"""Share-link pages rendered once: each worker keeps the body and ETag of a page, by the
address it was asked for, so a repeat view costs neither the engine nor the templates.

A final page can never change (http_caching.py) and is kept until it is crowded out. A
pending page (decided by the page's counted work, but a job may take it further: a solve
that gave up, a count or a rating cut short) is kept for PENDING_SECONDS, as long as nginx
may keep it: what it shows changes only when a job starts or ends, and a few seconds'
delay there is the price of not rendering it on every view. A page a wall-time ceiling
stopped is never kept.

The key is the whole address, scheme and host included (the page prints its own absolute
share link) with the query as sent (marks, candidates, alphabet, all). The cache is bounded
by the bytes it holds (PAGE_CACHE_BYTES), so a few big pages (every solution of a 25x25
listed) cannot crowd out memory.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, current_app, g, make_response, request
from werkzeug.wrappers import Response

from ...sudoku import SolveResult
from ..cache import LruCache
from ..http_caching import PENDING_SECONDS, decided, etag_of, pending

PAGE_CACHE_KEY = "webapp.page_cache"


@dataclass(frozen=True)
class RenderedPage:
    """A page as sent: its body and ETag, the solve it shows (for the request log), and
    until when it may be shown (the page cache's clock; None for a final page)."""

    body: bytes
    etag: str
    outcome: str
    nodes: int
    until: float | None = None

    @property
    def final(self) -> bool:
        """Whether the page can never change."""
        return self.until is None


class PageCache(LruCache[str, RenderedPage]):
    """Rendered pages up to `limit` bytes of bodies, least recently used out first; one page
    never takes more than an eighth of the room. `clock` (seconds) times pending pages; a
    test passes one it moves on itself."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(limit, weigh=lambda page: len(page.body), largest=limit // 8)
        self.clock = clock

    def get(self, key: str) -> RenderedPage | None:
        """The page kept for address `key`, unless it is a pending page whose time is up."""
        page = super().get(key)
        if page is None or page.until is None or self.clock() < page.until:
            return page
        return None

    def pending_until(self) -> float:
        """Until when a pending page rendered now may be shown."""
        return self.clock() + PENDING_SECONDS


def page_cache(limit: int, clock: Callable[[], float] = time.monotonic) -> PageCache:
    """An empty PageCache of `limit` bytes."""
    return PageCache(limit, clock)


def init_app(app: Flask) -> None:
    """Give `app` its cache of rendered pages, PAGE_CACHE_BYTES of them (0 turns it off)."""
    app.extensions[PAGE_CACHE_KEY] = page_cache(int(app.config["PAGE_CACHE_BYTES"]))


def _cache() -> PageCache | None:
    cache: PageCache | None = current_app.extensions.get(PAGE_CACHE_KEY)
    return cache


def kept_page() -> Response | None:
    """The answer to this request from a page rendered before, 304 if the client has it."""
    cache = _cache()
    page = cache.get(_address()) if cache is not None else None
    if page is None:
        return None
    g.solve = {"outcome": page.outcome, "nodes": page.nodes, "cached": True}
    mark = decided if page.final else pending
    return mark(make_response(page.body), page.etag)


def keep_final(response: Response, result: SolveResult) -> Response:
    """`response`, a final page showing `result`, kept for the next request for this address
    and marked as decided (public, long-lived, with its ETag)."""
    etag = _keep(response, result, final=True)
    return decided(response, etag)


def keep_pending(response: Response, result: SolveResult) -> Response:
    """`response`, a pending page showing `result`, kept for PENDING_SECONDS for this address
    and marked so (shared caches for as long, browsers revalidating, with its ETag)."""
    etag = _keep(response, result, final=False)
    return pending(response, etag)


def _keep(response: Response, result: SolveResult, final: bool) -> str:
    """Keep `response` for this address (for good if `final`); its ETag."""
    etag = etag_of(response)
    cache = _cache()
    if cache is not None:
        until = None if final else cache.pending_until()
        page = RenderedPage(response.get_data(), etag, result.status, result.nodes, until)
        cache.put(_address(), page)
    return etag


def _address() -> str:
    """The address asked for, as the page would print it: scheme, host, path and query."""
    return request.host_url + request.full_path
