"""How long a browser or CDN may keep a solve's answer, and answering 304 when it has it.

A decided result (solved, multiple, no_solution) for a share code never
changes, so its page and JSON are public and long-lived, with a strong ETag
(a hash of the body) for revalidation. gave_up depends on the budget and the
moment, so it is never stored.
"""

from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

from ..sudoku import GAVE_UP

# A week: the answer itself never changes, but a new release may draw the page differently.
DECIDED_SECONDS = 7 * 24 * 3600


def cache_by_outcome(response: Response, status: str) -> Response:
    """`response` marked cacheable for a decided status, no-store for gave_up; 304 if unchanged."""
    if status == GAVE_UP:
        response.cache_control.no_store = True
        return response
    response.cache_control.public = True
    response.cache_control.max_age = DECIDED_SECONDS
    response.add_etag()
    return response.make_conditional(request)
