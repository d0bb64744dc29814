"""Gunicorn's own log lines, with any puzzle in them blanked out.

The app's request log (requestlog.py) never writes what a user sent, but
gunicorn logs on its own account too: "Error handling request
/solve/<puzzle>" when a worker fails, and the request line of malformed
requests. This logger class rewrites share-code paths and query strings in
those lines before they are written.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

# /solve/<code> and /api/solve/<code>, and any query string: what a person typed.
PUZZLE_PATH = re.compile(r"(/(?:api/)?solve/)[^\s\"']+")
QUERY = re.compile(r"\?[^\s\"']*")


def redact(text: str) -> str:
    """`text` with share codes and query strings replaced by placeholders."""
    return QUERY.sub("?<query>", PUZZLE_PATH.sub(r"\1<code>", text))


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
