"""How long a browser or CDN may keep a solve's answer, and answering 304 when it has it.

A decided result (solved, multiple, no_solution) for a share code never
changes, so its page and JSON are public and long-lived, with a strong ETag
(a hash of the body) for revalidation. A share link's page that is decided by counted work
but not final (a job may take it further) is pending: shared caches (nginx) may keep it for
PENDING_SECONDS, browsers revalidate it. Anything a wall-time ceiling stopped is never
stored.

A page whose address holds a player's position (their values, notes, noted cells or
clock: `PLAYER_KEYS`) is theirs alone: browsers may keep it as long, shared caches never.

The ETag hashes only what does not change between two answers to the same link: not
the time a solve took (an HTML element marked `data-timing`, a JSON answer's "ms"),
so a revalidation on another server, or after a restart, still matches.
"""

from __future__ import annotations

import hashlib
import json
import re

from flask import request
from werkzeug.wrappers import Response

from ..sudoku import GAVE_UP

# A week: the answer itself never changes, but a new release may draw the page differently.
DECIDED_SECONDS = 7 * 24 * 3600
# A pending page: how long nginx may keep it (and each worker, web/solve/page_cache.py). What
# it shows changes only when a job on its puzzle starts or ends.
PENDING_SECONDS = 2
# The query keys that carry a player's own position: a page asked with any of them is private.
PLAYER_KEYS = frozenset({"progress", "marks", "noted", "time"})
# An HTML element whose content is a timing: <dd data-timing>3.2 ms</dd>.
TIMING = re.compile(rb"(<(\w+)[^>]*\sdata-timing[^>]*>).*?(</\2>)", re.S)
# The keys of a JSON answer that say how long it took.
TIMING_KEYS = ("ms",)


def cache_by_outcome(response: Response, status: str) -> Response:
    """`response` marked cacheable for a decided status, no-store for gave_up; 304 if unchanged."""
    if status == GAVE_UP:
        return never_stored(response)
    return decided(response, etag_of(response))


def never_stored(response: Response) -> Response:
    """`response` marked for no cache to keep: it says something of the moment."""
    response.cache_control.no_store = True
    return response


def decided(response: Response, etag: str) -> Response:
    """`response`, a decided answer whose ETag is `etag`, marked long-lived (public unless
    it shows a player's position); 304 if the client has it."""
    _mark_who_may_keep(response)
    response.cache_control.max_age = DECIDED_SECONDS
    response.set_etag(etag)
    return response.make_conditional(request)


def pending(response: Response, etag: str) -> Response:
    """`response`, a pending answer whose ETag is `etag`: shared caches may keep it for
    PENDING_SECONDS (none if it shows a player's position), a browser asks again each time;
    304 if the client has it."""
    private = _mark_who_may_keep(response)
    response.cache_control.max_age = 0
    if not private:
        response.cache_control.s_maxage = PENDING_SECONDS
    response.set_etag(etag)
    return response.make_conditional(request)


def _mark_who_may_keep(response: Response) -> bool:
    """Mark `response` public, or private when the request's query holds a player's
    position; whether it is private."""
    if PLAYER_KEYS.isdisjoint(request.args):
        response.cache_control.public = True
        return False
    response.cache_control.private = True
    return True


def etag_of(response: Response) -> str:
    """The strong ETag of `response`: a hash of its body without the timings in it."""
    return hashlib.sha1(untimed(response)).hexdigest()


def untimed(response: Response) -> bytes:
    """`response`'s body without the timings in it: what its ETag hashes."""
    body = response.get_data()
    if response.is_json:
        answer = json.loads(body)
        if isinstance(answer, dict):
            kept = {key: value for key, value in answer.items() if key not in TIMING_KEYS}
            return json.dumps(kept, sort_keys=True).encode()
        return body
    return TIMING.sub(rb"\1\3", body)
