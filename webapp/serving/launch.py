"""`sudoku serve`: start gunicorn with the settings of webapp/gunicorn_conf.py."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import NoReturn

CONFIG = "python:webapp.serving.gunicorn_conf"
APP = "webapp:create_app()"


def gunicorn_command(
    bind: str | None = None, workers: int | None = None, environ: Mapping[str, str] = os.environ
) -> tuple[list[str], dict[str, str]]:
    """The command line and environment that start gunicorn as the README says."""
    env = dict(environ)
    if bind:
        env["SUDOKU_BIND"] = bind
    if workers:
        env["SUDOKU_WORKERS"] = str(workers)
    return [sys.executable, "-m", "gunicorn", "-c", CONFIG, APP], env


def exec_gunicorn(bind: str | None = None, workers: int | None = None) -> NoReturn:
    """Become gunicorn, so that signals and the exit status are its own."""
    argv, env = gunicorn_command(bind, workers)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(argv[0], argv, env)
