"""The job consumer that `sudoku serve` runs beside gunicorn, so that a person running the
app starts nothing else. Gunicorn's master starts it once it is ready and stops it on exit;
SUDOKU_CONSUMER=0 leaves it out (deploy/stack runs consumers of its own when scaled out)."""

from __future__ import annotations

import os
import subprocess
import sys

STOP_SECONDS = 10


def wanted(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """True unless SUDOKU_CONSUMER=0 says another process consumes the jobs."""
    return environ.get("SUDOKU_CONSUMER", "1") != "0"


def start() -> subprocess.Popen[bytes]:
    """`sudoku jobs` as a child process, with this process's environment (the app's
    FLASK_* settings among it)."""
    return subprocess.Popen([sys.executable, "-m", "webapp", "jobs"])


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the consumer: SIGTERM (the job under way runs again later), then SIGKILL."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
