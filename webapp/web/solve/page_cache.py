"""Final share-link pages rendered once: each worker keeps the body and ETag of a page that
can never change (http_caching.py), by the address it was asked for, so a repeat view
costs neither the engine nor the templates.

The key is the whole address, scheme and host included (the page prints its own absolute
share link) with the query as sent (marks, candidates, alphabet, all). The cache is bounded
by the bytes it holds (PAGE_CACHE_BYTES), so a few big pages (every solution of a 25x25
listed) cannot crowd out memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app, g, make_response, request
from werkzeug.wrappers import Response

from ...sudoku import SolveResult
from ..cache import LruCache
from ..http_caching import decided, etag_of

PAGE_CACHE_KEY = "webapp.page_cache"


@dataclass(frozen=True)
class RenderedPage:
    """A final page as sent: its body and ETag, and the solve it shows, for the request log."""

    body: bytes
    etag: str
    outcome: str
    nodes: int


def page_cache(limit: int) -> LruCache[str, RenderedPage]:
    """Rendered pages up to `limit` bytes of bodies, least recently used out first; one page
    never takes more than an eighth of the room."""
    return LruCache[str, RenderedPage](limit, weigh=lambda page: len(page.body), largest=limit // 8)


def init_app(app: Flask) -> None:
    """Give `app` its cache of rendered pages, PAGE_CACHE_BYTES of them (0 turns it off)."""
    app.extensions[PAGE_CACHE_KEY] = page_cache(int(app.config["PAGE_CACHE_BYTES"]))


def kept_page() -> Response | None:
    """The answer to this request from a page rendered before, 304 if the client has it."""
    cache: LruCache[str, RenderedPage] | None = current_app.extensions.get(PAGE_CACHE_KEY)
    page = cache.get(_address()) if cache is not None else None
    if page is None:
        return None
    g.solve = {"outcome": page.outcome, "nodes": page.nodes, "cached": True}
    return decided(make_response(page.body), page.etag)


def keep_final(response: Response, result: SolveResult) -> Response:
    """`response`, a final page showing `result`, kept for the next request for this address
    and marked as decided (public, long-lived, with its ETag)."""
    etag = etag_of(response)
    cache: LruCache[str, RenderedPage] | None = current_app.extensions.get(PAGE_CACHE_KEY)
    if cache is not None:
        page = RenderedPage(response.get_data(), etag, result.status, result.nodes)
        cache.put(_address(), page)
    return decided(response, etag)


def _address() -> str:
    """The address asked for, as the page would print it: scheme, host, path and query."""
    return request.host_url + request.full_path
