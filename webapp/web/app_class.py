"""The app's Flask class: how it logs an exception, and how long static files may be kept."""

from __future__ import annotations

from types import TracebackType

from flask import Flask, request

from ..serving.requestlog import logged_method, route_pattern
from ..serving.serverlog import error_type, redacted_traceback
from .links import IMMUTABLE_SECONDS, is_current_asset

ExcInfo = tuple[type, BaseException, TracebackType] | tuple[None, None, None]


class SudokuFlask(Flask):
    """Flask, keeping puzzles out of its error log and versioned static files in caches."""

    def log_exception(self, exc_info: ExcInfo) -> None:
        """Log an exception by its type and the route's pattern, with its traceback's frames:
        the path as sent may hold a puzzle, and the exception's message any value sent."""
        error = exc_info[1]
        if error is None:
            return
        self.logger.error(
            "Exception on %s [%s]: %s\n%s",
            route_pattern(),
            logged_method(),
            error_type(error),
            redacted_traceback(error),
        )

    def get_send_file_max_age(self, filename: str | None) -> int | None:
        """A year for a static file asked for by its current content hash, else revalidate."""
        if filename and is_current_asset(filename, request.args.get("v")):
            return IMMUTABLE_SECONDS
        return super().get_send_file_max_age(filename)
