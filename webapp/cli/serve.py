"""`sudoku serve`: become gunicorn serving the app with the production settings (its master
starts the job consumer)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from ..serving import launch
from .arguments import Subcommands, positive_int


def add(commands: Subcommands) -> None:
    """Declare `sudoku serve`."""
    parser = commands.add_parser(
        "serve",
        help="serve the web app with gunicorn",
        description=(
            "Serve the web app with gunicorn and the settings of webapp/serving/gunicorn_conf.py:"
            " threaded workers, the engine's tables built once before the workers fork, and a"
            " consumer of the job queue beside them (SUDOKU_CONSUMER=0 leaves it out)."
        ),
    )
    parser.add_argument(
        "--bind",
        metavar="HOST:PORT",
        help="address to listen on (default $SUDOKU_BIND or 127.0.0.1:8000)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> NoReturn:
    """Replace this process with gunicorn serving the app."""
    launch.exec_gunicorn(args.bind, args.workers)
