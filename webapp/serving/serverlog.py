"""Gunicorn's own log lines, and every traceback, with what a user sent left out.

The app's request log (requestlog.py) never writes what a user sent, but
gunicorn logs on its own account too: "Error handling request GET
/solve/<puzzle>" when a worker fails, and the request line of malformed
requests. This logger class rewrites every request URI in those lines to
its route's pattern (`/solve/<code>`, `/static/<file>`), keeps the few fixed
paths, writes `<unmatched>` for any other path, and blanks query strings,
before the lines are written. A "?" that is not part of a URI is left alone.

A traceback ends with its exception's message, which may quote a value the
request carried ("invalid literal for int() with base 10: '²'"). Tracebacks
are written with their frames and each exception's type alone
(`redacted_traceback`): gunicorn's through this logger, the app's own through
its Flask class (web/app_class.py).
"""

from __future__ import annotations

import logging
import re
import traceback
from typing import Any

from gunicorn.glogging import Logger

from .requestlog import METHODS

# A request URI as gunicorn quotes one: a slash that starts a word, up to white space or a quote.
# A slash inside a word (http://127.0.0.1:8000) is not one.
URI = re.compile(r"(?<![^\s'\"(])/[^\s'\"]*")
PUZZLE_ROUTE = re.compile(r"/(?:api/)?solve/")
# Paths that hold nothing a user typed, kept as they are.
FIXED_PATHS = frozenset({"/", "/healthz", "/api/solve", "/favicon.ico"})
UNMATCHED = "<unmatched>"


# A value gunicorn quotes as Python writes one ('...', "...", b'...'): what a request it could
# not read sent ("Invalid HTTP header name: 'X-...'", "Invalid chunk size: b'...'").
QUOTED = re.compile(r"""(b?)('|")((?:[^\\]|\\.)*?)\2""")
# A quoted request line, kept with its URI's pattern when its method is one HTTP defines.
REQUEST_LINE = re.compile(r"([A-Z]+) (/\S*)( HTTP/\d\.\d)?")
QUOTED_VALUE = "<value>"


def redact(text: str) -> str:
    """`text` with every request URI replaced by its route's pattern and its query blanked,
    and any other quoted value replaced by QUOTED_VALUE."""
    return URI.sub(_pattern_of, QUOTED.sub(_quoted, text))


def _quoted(match: re.Match[str]) -> str:
    """The loggable form of one quoted value: a URI or a request line by its route's pattern,
    anything else as QUOTED_VALUE."""
    prefix, quote, inner = match.groups()
    line = REQUEST_LINE.fullmatch(inner)
    if URI.fullmatch(inner):
        shown = URI.sub(_pattern_of, inner)
    elif line and line.group(1) in METHODS:
        shown = f"{line.group(1)} {URI.sub(_pattern_of, line.group(2))}{line.group(3) or ''}"
    else:
        shown = QUOTED_VALUE
    return f"{prefix}{quote}{shown}{quote}"


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


# What a traceback says in place of each exception's message.
MESSAGE_LEFT_OUT = "(its message is left out: it may quote what was sent)"
CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def error_type(error: BaseException) -> str:
    """The name of `error`'s type, with its module unless it is a built-in one."""
    kind = type(error)
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"


def redacted_traceback(error: BaseException) -> str:
    """`error`'s traceback as Python prints it (the exceptions it came from first), with each
    exception named by its type alone: never its message or notes."""
    chain = [error]
    while (earlier := _came_from(chain[-1])) is not None and earlier not in chain:
        chain.append(earlier)
    parts: list[str] = []
    for later, current in zip([None, *chain], chain, strict=False):
        if later is not None:
            parts.insert(0, CAUSE if later.__cause__ is current else CONTEXT)
        frames = "".join(traceback.format_list(traceback.extract_tb(current.__traceback__)))
        described = f"{error_type(current)} {MESSAGE_LEFT_OUT}\n"
        parts.insert(0, f"Traceback (most recent call last):\n{frames}{described}")
    return "".join(parts).rstrip("\n")


def _came_from(error: BaseException) -> BaseException | None:
    """The exception `error` was raised from or while handling, as Python would print it."""
    if error.__cause__ is not None:
        return error.__cause__
    return None if error.__suppress_context__ else error.__context__


class RedactPuzzles(logging.Filter):
    """A filter that rewrites each record's message with `redact`, and its traceback with
    `redacted_traceback`."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = ()
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redacted_traceback(record.exc_info[1])
            record.exc_info = None
        return True


class RedactingLogger(Logger):
    """Gunicorn's logger, with puzzles kept out of its error log."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        if not any(isinstance(f, RedactPuzzles) for f in self.error_log.filters):
            self.error_log.addFilter(RedactPuzzles())
