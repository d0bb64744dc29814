"""Gunicorn settings for serving the app in production.

    gunicorn -c python:webapp.serving.gunicorn_conf 'webapp:create_app()'

Sync workers, one per core: a solve is pure CPU, so more workers than cores
would only share the cores and make every solve slower against its
wall-clock budget. SUDOKU_BIND (default 127.0.0.1:8000) and SUDOKU_WORKERS
(default: the number of cores) override the address and the worker count.
"""

from __future__ import annotations

import os

from ..sudoku import SHAPES, prepare
from .serverlog import RedactingLogger

DEFAULT_BIND = "127.0.0.1:8000"


def _workers(text: str | None) -> int:
    """The worker count SUDOKU_WORKERS asks for, else one per core."""
    if not text:
        return os.cpu_count() or 1
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"SUDOKU_WORKERS must be a whole number above zero, not {text!r}")
    return int(text)


bind = os.environ.get("SUDOKU_BIND") or DEFAULT_BIND
workers = _workers(os.environ.get("SUDOKU_WORKERS"))
worker_class = "sync"
# Every solve stops at SOLVE_BUDGET_SECONDS (1 s by default); this only catches a worker
# stuck for some other reason.
timeout = 30
# Load the app once in the master and fork the workers from it, so they share its code
# and the engine's tables (built in on_starting) instead of each building its own.
preload_app = True
# The app logs each request itself, as JSON without the puzzle; gunicorn's access log
# would repeat it with the full path and query string, puzzle included.
accesslog = None
errorlog = "-"
# Gunicorn's own lines can quote a request ("Error handling request /solve/..."):
# this logger blanks the puzzle out of them.
logger_class = RedactingLogger
loglevel = "info"
# Gunicorn 25.1+ opens a control socket for `gunicornc` at one path per user; nothing
# here uses it, and two servers on one machine (a test beside a load test) would share it.
control_socket_disable = True


def on_starting(server: object) -> None:
    """Build the engine's tables for every size in the master, before any worker forks."""
    for shape in SHAPES.values():
        prepare(shape)
