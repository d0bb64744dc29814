"""Gunicorn's own log lines, with any puzzle in them blanked out.

The app's request log (requestlog.py) never writes what a user sent, but
gunicorn logs on its own account too: "Error handling request GET
/solve/<puzzle>" when a worker fails, and the request line of malformed
requests. This logger class rewrites every request URI in those lines to
its route's pattern (`/solve/<code>`, `/static/<file>`), keeps the few fixed
paths, writes `<unmatched>` for any other path, and blanks query strings,
before the lines are written. A "?" that is not part of a URI is left alone.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

# A request URI as gunicorn quotes one: a slash that starts a word, up to white space or a quote.
# A slash inside a word (http://127.0.0.1:8000) is not one.
URI = re.compile(r"(?<![^\s'\"(])/[^\s'\"]*")
PUZZLE_ROUTE = re.compile(r"/(?:api/)?solve/")
# Paths that hold nothing a user typed, kept as they are.
FIXED_PATHS = frozenset({"/", "/healthz", "/api/solve", "/favicon.ico"})
UNMATCHED = "<unmatched>"


def redact(text: str) -> str:
    """`text` with every request URI replaced by its route's pattern and its query blanked."""
    return URI.sub(_pattern_of, text)


def _pattern_of(match: re.Match[str]) -> str:
    """The loggable form of one URI: /solve/<code>, /static/<file>, a fixed path, or <unmatched>."""
    path, question, _ = match.group(0).partition("?")
    query = "?<query>" if question else ""
    route = PUZZLE_ROUTE.match(path)
    if route:
        return f"{route.group(0)}<code>{query}"
    if path.startswith("/static/"):
        return f"/static/<file>{query}"
    if path in FIXED_PATHS:
        return path + query
    return UNMATCHED


class RedactPuzzles(logging.Filter):
    """A filter that rewrites each record's message with `redact`."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = ()
        return True


class RedactingLogger(Logger):
    """Gunicorn's logger, with puzzles kept out of its error log."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        if not any(isinstance(f, RedactPuzzles) for f in self.error_log.filters):
            self.error_log.addFilter(RedactPuzzles())
