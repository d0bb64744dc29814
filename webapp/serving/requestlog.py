"""The request log: one JSON line on stderr per request, without anything the user typed.

A line holds the time, the method, the route's pattern (`/solve/<code>`,
never the code itself), the status, the milliseconds taken and, for a
solve, its outcome, search nodes and whether the cache answered. The query
string, the body and a path no route matched are left out: they are the
user's puzzle or whatever a scanner sent.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from datetime import UTC, datetime
from typing import Any

from flask import Flask, g, request
from werkzeug.wrappers import Response

from ..records.json_types import JsonObject

LOGGER_NAME = "webapp.requests"
UNMATCHED = "<unmatched>"
OTHER_METHOD = "<other>"
# Anything else in the method slot is logged as OTHER_METHOD: it is text a client chose.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"})

logger = logging.getLogger(LOGGER_NAME)


class JsonLineFormatter(logging.Formatter):
    """A record as one JSON line: its UTC time, then the fields given as extra={"fields": ...}."""

    def format(self, record: logging.LogRecord) -> str:
        moment = datetime.fromtimestamp(record.created, UTC)
        fields = getattr(record, "fields", None) or {"message": record.getMessage()}
        return json.dumps({"time": moment.isoformat(timespec="milliseconds"), **fields})


class StderrHandler(logging.StreamHandler[Any]):
    """A handler that writes to whatever sys.stderr is at the time (test runners swap it)."""

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _value: Any) -> None:
        pass  # StreamHandler.__init__ sets it; stderr is looked up on every write instead


def init_app(app: Flask) -> None:
    """Log every request `app` answers (unless its REQUEST_LOG is off), on a handler set up
    once per process."""
    if not app.config["REQUEST_LOG"]:
        return
    if not any(isinstance(handler, StderrHandler) for handler in logger.handlers):
        handler = StderrHandler()
        handler.setFormatter(JsonLineFormatter())
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        # Its lines are complete as they are: not again through the root or gunicorn's loggers.
        logger.propagate = False
    app.before_request(_start_clock)
    app.after_request(_log_request)


def _start_clock() -> None:
    """Note when the request began."""
    g.started = time.perf_counter()


def _log_request(response: Response) -> Response:
    """Log one line for the request `response` answers."""
    logger.info("request", extra={"fields": request_fields(response)})
    return response


def route_pattern() -> str:
    """The pattern of the route the current request matched (`/solve/<code>`), never the path."""
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def logged_method() -> str:
    """The current request's method, or OTHER_METHOD for one HTTP does not define."""
    return request.method if request.method in METHODS else OTHER_METHOD


def request_fields(response: Response) -> JsonObject:
    """What the log says about the current request and its response."""
    started = g.get("started")
    fields: JsonObject = {
        "method": logged_method(),
        "path": route_pattern(),
        "status": response.status_code,
        "ms": round((time.perf_counter() - started) * 1000, 3) if started else None,
    }
    fields.update(g.get("solve", {}))
    return fields
