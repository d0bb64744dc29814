"""The production stack on one machine: gunicorn as `sudoku serve` runs it, behind nginx.

    deploy/stack PORT [--workers N] [--public-url URL] [--exempt ADDRESS ...]

Gunicorn listens on a free loopback port, nginx on 127.0.0.1:PORT with
deploy/nginx.conf (its @NAME@ placeholders filled in, in a fresh run folder,
by nginxconf.py).
Both run in the foreground; "ready" is printed once both answer /healthz, and
Ctrl-C or SIGTERM stops both. If either stops by itself, the other is stopped
too and the exit status is 1. Tests, benchmarks and a person trying the
production setup all start it this way.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType

from nginxconf import ConfigError, write_config

from webapp.serving.launch import gunicorn_command

DEPLOY = Path(__file__).parent
ROOT = DEPLOY.parent
READY_SECONDS = 60
STOP_SECONDS = 30
# One proxy in front: the app trusts exactly one X-Forwarded-For/-Proto/-Host.
PROXY_FIX = {"x_for": 1, "x_proto": 1, "x_host": 1}


class StackError(Exception):
    """The stack could not start: nginx missing, a bad config, a server that never answered."""


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def nginx_binary() -> str:
    """Where nginx is: on PATH, or Debian's /usr/sbin/nginx."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if not found:
        raise StackError("nginx is not installed (Debian: apt-get install nginx)")
    return found


def answers(url: str) -> bool:
    """True when `url` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


class Stack:
    """gunicorn and nginx as child processes, started and stopped together."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.run_dir = Path(tempfile.mkdtemp(prefix="sudoku-stack-"))
        # nginx's workers drop root to "nobody", who must reach the temporary folders.
        self.run_dir.chmod(0o755)
        self.app_port = free_port()
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self) -> None:
        """Start gunicorn and nginx; return once both answer, else raise StackError."""
        args = self.args
        nginx = nginx_binary()
        try:
            config = write_config(
                self.run_dir, args.port, [self.app_port], args.public_url, args.exempt
            )
        except ConfigError as error:
            raise StackError(str(error)) from error
        nginx_argv = [nginx, "-e", "stderr", "-p", str(self.run_dir), "-c", str(config)]
        checked = subprocess.run([*nginx_argv, "-t", "-q"], capture_output=True, text=True)
        if checked.returncode != 0:
            raise StackError(f"nginx refused the config:\n{checked.stderr}")
        argv, env = gunicorn_command(bind=f"127.0.0.1:{self.app_port}", workers=args.workers)
        env["FLASK_PROXY_FIX"] = json.dumps(PROXY_FIX)
        if args.public_url:
            env["FLASK_PUBLIC_URL"] = args.public_url
        self.processes.append(subprocess.Popen(argv, cwd=ROOT, env=env))
        self.processes.append(subprocess.Popen(nginx_argv))
        deadline = time.monotonic() + READY_SECONDS
        urls = [f"http://127.0.0.1:{port}/healthz" for port in (self.app_port, args.port)]
        while not all(answers(url) for url in urls):
            if self.stopped_by_itself():
                raise StackError("a server stopped while starting (its output is above)")
            if time.monotonic() > deadline:
                raise StackError(f"not answering after {READY_SECONDS} s: {' '.join(urls)}")
            time.sleep(0.1)

    def stopped_by_itself(self) -> bool:
        """True when gunicorn or nginx has exited."""
        return any(process.poll() is not None for process in self.processes)

    def stop(self) -> None:
        """Stop nginx, then gunicorn, each gracefully first; remove the run folder."""
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.run_dir, ignore_errors=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="deploy/stack",
        description="gunicorn behind nginx on 127.0.0.1:PORT, in the foreground.",
    )
    parser.add_argument("port", type=int, help="the port nginx listens on (127.0.0.1)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: one per core)")
    parser.add_argument("--public-url", help="the site's address, e.g. https://sudoku.example.org")
    parser.add_argument(
        "--exempt",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a client address the per-client limits skip, such as a load tester (repeatable)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the stack until a signal (exit 0) or until a server stops by itself (exit 1)."""
    args = parse_args(argv)
    stopping = False

    def on_signal(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    stack = Stack(args)
    try:
        stack.start()
        print("ready", flush=True)
        while not stopping and not stack.stopped_by_itself():
            time.sleep(0.2)
    except StackError as error:
        print(f"deploy/stack: {error}", file=sys.stderr)
        return 1
    finally:
        stack.stop()
    return 0 if stopping else 1


if __name__ == "__main__":
    sys.exit(main())
