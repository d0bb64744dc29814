"""`sudoku jobs`: run a consumer of the job queue (`sudoku serve` starts one by itself)."""

from __future__ import annotations

import argparse
import logging
import os
import threading

from .arguments import EXIT_OK, Subcommands, positive_int


def add(commands: Subcommands) -> None:
    """Declare `sudoku jobs`."""
    parser = commands.add_parser(
        "jobs",
        help="run a consumer of the job queue",
        description=(
            "Take long jobs (Keep working, Keep explaining) off the queue and run them, and put"
            " back any job whose consumer stopped. The queue is where the app's JOB_STORE says:"
            " set FLASK_JOB_STORE=redis://... as for the app servers; by default the SQLite"
            " file in the app's instance folder. SIGTERM stops at once, SIGINT after the job"
            " under way."
        ),
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="jobs run at once, each in a process of its own (default 1)",
    )
    parser.add_argument(
        "--supervise",
        action="store_true",
        help=(
            "run the consumer as a child, and start it again (after a growing pause) whenever"
            " it stops by itself; on SIGTERM stop it and everything it started"
        ),
    )
    parser.set_defaults(run=run)


def log_to_stderr() -> None:
    """Log the consumer's lines to stderr, a traceback's exceptions by their types alone: a
    message may quote a job's puzzle (serving/serverlog.py)."""
    from ..serving.serverlog import RedactPuzzles

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactPuzzles())


def run(args: argparse.Namespace) -> int:
    """Run the consumer until a signal stops it."""
    from .. import create_app
    from ..jobs import QUEUE_KEY
    from ..jobs.consumer import run_consumer
    from ..matches.house_player import start_house_player

    log_to_stderr()
    if args.supervise:
        from ..serving.consumer_process import supervise

        supervise(["--workers", str(args.workers)])
        return EXIT_OK
    app = create_app()
    os.nice(int(app.config["JOB_NICENESS"]))  # its job processes inherit it
    # The house seat's solves run here, beside the jobs, never in an app server's request.
    stop = threading.Event()
    start_house_player(app.extensions[QUEUE_KEY].board, stop)
    try:
        run_consumer(app.extensions[QUEUE_KEY], args.workers)
    finally:
        stop.set()
    return EXIT_OK
