"""Gunicorn settings for serving the app in production.

    gunicorn -c python:webapp.serving.gunicorn_conf 'webapp:create_app()'

One worker per core: a solve is pure CPU, so more workers than cores would
only share the cores and make every solve slower. Each worker has threads, one
of which may solve at a time, so that health checks and cached pages never wait
behind a solve, and takes only its fair share of the connections
(serving/fair_worker.py), so no worker's line of solves fills while another idles. SUDOKU_BIND
(default 127.0.0.1:8000), SUDOKU_WORKERS (default: the number of cores) and
SUDOKU_THREADS (default 8) override the address and the counts. The master
also runs the job consumer (`sudoku jobs`) unless SUDOKU_CONSUMER=0.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from typing import TYPE_CHECKING

from ..sudoku import SHAPES, prepare
from ..sudoku.whole_numbers import read_whole_number
from . import consumer_process
from .serverlog import RedactingLogger
from .trimming import Trimmer

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

DEFAULT_BIND = "127.0.0.1:8000"


def _whole_number(name: str, text: str | None, default: int) -> int:
    """The count an environment variable asks for, else `default`."""
    if not text:
        return default
    count = read_whole_number(text, 6)
    if not count:
        raise ValueError(f"{name} must be a whole number above zero, not {text!r}")
    return count


bind = os.environ.get("SUDOKU_BIND") or DEFAULT_BIND
workers = _whole_number("SUDOKU_WORKERS", os.environ.get("SUDOKU_WORKERS"), os.cpu_count() or 1)
# Threads, so that a worker busy with a solve still answers health checks, cached results
# and static files at once: the app lets at most SOLVE_QUEUE_DEPTH + 1 (5) threads per
# worker solve or wait to (one solve at a time per client: web/solver_seat.py), so 8
# threads always leave some free. SUDOKU_THREADS overrides the count. The worker is
# gthread taking no more connections than the others hold (serving/fair_worker.py).
worker_class = "webapp.serving.fair_worker.FairThreadWorker"
threads = _whole_number("SUDOKU_THREADS", os.environ.get("SUDOKU_THREADS"), default=8)
# A solve's work takes about a second, and it stops at SOLVE_CEILING_SECONDS (10 s by
# default) in any case; this only catches a worker stuck for some other reason.
timeout = 30
# Seconds an idle kept-alive connection stays open. nginx lets its idle connections to
# gunicorn go sooner (keepalive_timeout 3s in deploy/nginx.conf), never sending a request on
# one gunicorn is closing.
keepalive = 5
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


# gunicorn reads out at most 64 KB of a body the app left unread before it keeps a
# connection for the next request; past that it closes it, unannounced, and nginx sent its
# next request on the closed connection: a POST there, which nginx does not retry, got 502
# (4 in 50,000 fuzzed requests, each after a paste form of 70 KB of JSON, refused unread).
# Bodies up to the largest nginx passes on (128 KB, the batch routes) are read out here,
# after the answer, so that the connection stays usable.
UNREAD_BODY_BYTES = 128 * 1024


# Each worker's (made after the fork): gives back what a big request left (trimming.py).
_trimmer: list[Trimmer] = []


def post_fork(server: object, worker: object) -> None:
    """Start watching this worker's memory from where it stands after the fork."""
    _trimmer.append(Trimmer())


def post_request(worker: object, req: object, environ: WSGIEnvironment, resp: object) -> None:
    """Read out what the app left of the request's body, up to UNREAD_BODY_BYTES; give back
    to the system what the request's allocations left free (trimming.py)."""
    body = environ.get("wsgi.input")
    left = UNREAD_BODY_BYTES
    while body is not None and left > 0 and (chunk := body.read(min(left, 65536))):
        left -= len(chunk)
    for trimmer in _trimmer:
        trimmer.after_request()


def worker_exit(server: object, worker: object) -> None:
    """A worker that ends as asked (a restart, a stop) leaves at once: tearing down its heap
    would free, object by object, the engine's tables the master built before the fork,
    touching every page it shares with the master; that took a second a worker, and the
    master waits for its workers before it stops. Any other ending (a worker that could not
    boot, an error) goes on as gunicorn ends it, with the status the master reads."""
    ending = sys.exc_info()[1]
    if isinstance(ending, SystemExit) and ending.code in (0, None):
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


# The job consumer beside the workers (serving/consumer_process.py), while the master runs.
_consumer: list[subprocess.Popen[bytes]] = []


def when_ready(server: object) -> None:
    """Start the job consumer once the server is ready, unless SUDOKU_CONSUMER=0."""
    if consumer_process.wanted():
        _consumer.append(consumer_process.start())


def on_exit(server: object) -> None:
    """Stop the job consumer with the server."""
    for process in _consumer:
        consumer_process.stop(process)
