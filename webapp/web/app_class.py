"""The app's Flask class: how it logs an exception, how long static files may be kept, and
URL rules that compile their builders when first used."""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

from flask import Flask, request
from werkzeug.routing import Rule

from ..serving.requestlog import logged_method, route_pattern
from ..serving.serverlog import error_type, redacted_traceback
from .links import IMMUTABLE_SECONDS, is_current_asset

ExcInfo = tuple[type, BaseException, TracebackType] | tuple[None, None, None]


class LazyBuilderRule(Rule):
    """A URL rule that compiles its URL builders the first time a URL is built with it.

    Werkzeug compiles two builders (Python code, through `ast`) for every rule as the rule
    is added: 85% of making an app, 40 ms of its 48 for 54 rules, while a process builds
    URLs for only a few of them. Each test that makes a fresh app paid for all of them."""

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_now = super()._compile_builder
        compiled: list[Callable[..., tuple[str, str]]] = []

        def build(rule: Rule, *args: Any, **kwargs: Any) -> tuple[str, str]:
            if not compiled:
                compiled.append(compile_now(append_unknown))
            return compiled[0](rule, *args, **kwargs)

        return build


class SudokuFlask(Flask):
    """Flask, keeping puzzles out of its error log and versioned static files in caches."""

    url_rule_class = LazyBuilderRule

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
