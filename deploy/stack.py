"""The production stack on one machine: gunicorn app servers behind nginx, the job consumer,
and Redis when asked.

    deploy/stack PORT [--workers N] [--app-servers K] [--job-workers N]
                      [--redis | --redis-url URL] [--public-url URL] [--exempt ADDRESS ...]

Each of the K app servers (gunicorn as `sudoku serve` runs it) listens on a free loopback
port, and nginx on 127.0.0.1:PORT sends requests to all of them, with deploy/nginx.conf
filled in a fresh run folder (nginxconf.py). The stack runs the one job consumer
(`python -m webapp jobs`) itself, for every app server, so that each job runs once:
gunicorn's own is switched off with SUDOKU_CONSUMER=0.

Jobs, their results and the shared solves live where the app's settings say. By default
that is the SQLite file in the instance folder (or FLASK_JOB_STORE), which every app server
on this machine opens, so K > 1 needs nothing more on one machine; only decided solves stay
in each worker. --redis starts a redis-server of the stack's own, its writes kept in an
append-only file in the run folder, on a free loopback port, and points FLASK_JOB_STORE and
FLASK_SOLVE_CACHE_URL at it, so that every decided solve is shared too; --redis-url does the
same with a Redis already running, the one that stacks on several machines share.

Before "ready" it prints what it started, a line each, for people and tests to find:

    redis pid 5678 port 40000
    app server 1 pid 1234 port 40001
    consumer pid 1240
    relay pid 1250 port 40002

"ready" comes once every app server, nginx and Redis answer. Ctrl-C or SIGTERM stops
everything (exit 0). If nginx or an app server stops by itself, the rest is stopped too
and the exit status is 1. The live relay (`sudoku relay`, webapp/live/) holds the games' live
connections behind nginx's /game/<id>/events; nginx sends them to the app while it is away.
A consumer or relay that stops is started again after RESTART_SECONDS instead (another
"consumer pid" or "relay pid" line, the relay on its port), as a service manager would;
the job a consumer left is put back by the next one's sweeper. So is the stack's Redis
(another "redis pid" line, on the same port), which reads back its append-only file, queued
jobs included. The consumer,
the relay and Redis each run in a process group of their own, so that a test may kill a
consumer with its workers (kill -KILL -PID) or pause Redis (kill -STOP PID, then -CONT) and
leave the rest alone.
"""

from __future__ import annotations

import argparse
import json
import os
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
from stackredis import redis_answers, redis_command

from webapp.cli.arguments import positive_int
from webapp.serving.launch import gunicorn_command

DEPLOY = Path(__file__).parent
ROOT = DEPLOY.parent
READY_SECONDS = 60
STOP_SECONDS = 30
# A consumer that stopped is started again this long after.
RESTART_SECONDS = 1.0
# One proxy in front: the app trusts exactly one X-Forwarded-For/-Proto/-Host.
PROXY_FIX = {"x_for": 1, "x_proto": 1, "x_host": 1}


class StackError(Exception):
    """The stack could not start: nginx missing, a bad config, a server that never answered."""


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def binary(name: str, install: str) -> str:
    """Where the program `name` is: on PATH, or in Debian's /usr/sbin or /usr/bin."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/usr/local/sbin")
    if not found:
        raise StackError(f"{name} is not installed (Debian: apt-get install {install})")
    return found


def answers(url: str) -> bool:
    """True when `url` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def say(line: str) -> None:
    """Print one line of what the stack does, at once, in one write: the servers it started
    write to the same output, and print() writes a line's end apart from it, so a server's
    log line could come between them ("ready" and a worker's line on one line, which a
    tool waiting for "ready" never saw)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    """Send `signum` to the process group `process` leads, what is left of it."""
    try:
        os.killpg(process.pid, signum)
    except ProcessLookupError:
        pass


class Stack:
    """The app servers, nginx, the consumer and Redis as child processes."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.run_dir = Path(tempfile.mkdtemp(prefix="sudoku-stack-"))
        # nginx's workers drop root to "nobody", who must reach the temporary folders.
        self.run_dir.chmod(0o755)
        self.app_ports = [free_port() for _ in range(args.app_servers)]
        self.relay_port = free_port()
        self.relay: subprocess.Popen[bytes] | None = None
        self.relay_back_at: float | None = None
        self.redis_url: str | None = args.redis_url
        # Each with its name: if one of these stops by itself, the stack stops.
        self.servers: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.redis: subprocess.Popen[bytes] | None = None
        self.consumer: subprocess.Popen[bytes] | None = None
        self.consumer_back_at: float | None = None
        self.redis_port = 0
        self.redis_back_at: float | None = None

    def start(self) -> None:
        """Start everything; return once the servers answer, else raise StackError."""
        args = self.args
        nginx_argv = self.nginx_command()
        if args.redis:
            self.start_redis()
        self.wait_for_redis()
        env = self.app_environment()
        for number, port in enumerate(self.app_ports, 1):
            argv, app_env = gunicorn_command(
                bind=f"127.0.0.1:{port}", workers=args.workers, environ=env
            )
            server = subprocess.Popen(argv, cwd=ROOT, env=app_env)
            self.servers.append((f"app server {number}", server))
            say(f"app server {number} pid {server.pid} port {port}")
        self.start_consumer()
        self.start_relay()
        self.servers.append(("nginx", subprocess.Popen(nginx_argv)))
        self.wait_until_ready()

    def nginx_command(self) -> list[str]:
        """nginx's command line, with its config written and checked."""
        args = self.args
        nginx = binary("nginx", "nginx")
        try:
            config = write_config(
                self.run_dir,
                args.port,
                self.app_ports,
                args.public_url,
                args.exempt,
                self.relay_port,
            )
        except ConfigError as error:
            raise StackError(str(error)) from error
        argv = [nginx, "-e", "stderr", "-p", str(self.run_dir), "-c", str(config)]
        checked = subprocess.run([*argv, "-t", "-q"], capture_output=True, text=True)
        if checked.returncode != 0:
            raise StackError(f"nginx refused the config:\n{checked.stderr}")
        return argv

    def start_redis(self, port: int | None = None) -> None:
        """redis-server on `port` (a free loopback one by default), its append-only file in
        the run folder (stackredis.py)."""
        port = port or free_port()
        folder = self.run_dir / "redis"
        folder.mkdir(exist_ok=True)
        argv = redis_command(binary("redis-server", "redis-server"), port, folder)
        self.redis = subprocess.Popen(argv, start_new_session=True)
        self.redis_port = port
        self.redis_back_at = None
        self.redis_url = f"redis://127.0.0.1:{port}/0"
        say(f"redis pid {self.redis.pid} port {port}")

    def wait_for_redis(self) -> None:
        """Return once the Redis of the jobs answers (if there is one), before anything that
        uses it starts."""
        url = self.redis_url
        deadline = time.monotonic() + READY_SECONDS
        while url is not None and not redis_answers(url):
            stopped = self.stopped_by_itself()
            if stopped:
                raise StackError(f"{stopped} stopped while starting (its output is above)")
            if time.monotonic() > deadline:
                raise StackError(f"Redis at {url} is not answering after {READY_SECONDS} s")
            time.sleep(0.1)

    def app_environment(self) -> dict[str, str]:
        """The environment of the app servers and the consumer: the app's settings."""
        env = dict(os.environ)
        env["FLASK_PROXY_FIX"] = json.dumps(PROXY_FIX)
        if self.args.public_url:
            env["FLASK_PUBLIC_URL"] = self.args.public_url
        if self.redis_url:
            env["FLASK_JOB_STORE"] = self.redis_url
            env["FLASK_SOLVE_CACHE_URL"] = self.redis_url
        # The stack's consumer runs the jobs; one per gunicorn master would be K of them.
        env["SUDOKU_CONSUMER"] = "0"
        return env

    def start_consumer(self) -> None:
        """`python -m webapp jobs` in a process group of its own, with its workers."""
        argv = [sys.executable, "-m", "webapp", "jobs", "--workers", str(self.args.job_workers)]
        self.consumer = subprocess.Popen(
            argv, cwd=ROOT, env=self.app_environment(), start_new_session=True
        )
        self.consumer_back_at = None
        say(f"consumer pid {self.consumer.pid}")

    def start_relay(self) -> None:
        """`python -m webapp relay` on its port, in a process group of its own."""
        argv = [sys.executable, "-m", "webapp", "relay", "--port", str(self.relay_port)]
        self.relay = subprocess.Popen(
            argv, cwd=ROOT, env=self.app_environment(), start_new_session=True
        )
        self.relay_back_at = None
        say(f"relay pid {self.relay.pid} port {self.relay_port}")

    def tend_relay(self) -> None:
        """Start the relay again, on its port, RESTART_SECONDS after it stopped; meanwhile
        nginx sends the live events to the app."""
        relay = self.relay
        if relay is None or relay.poll() is None:
            return
        if self.relay_back_at is None:
            say(f"relay pid {relay.pid} stopped (exit status {relay.returncode}); starting another")
            self.relay_back_at = time.monotonic() + RESTART_SECONDS
        elif time.monotonic() >= self.relay_back_at:
            self.start_relay()

    def wait_until_ready(self) -> None:
        """Return once every app server and nginx answer; StackError if one never does."""
        ports = [*self.app_ports, self.args.port]
        urls = [f"http://127.0.0.1:{port}/healthz" for port in ports]
        deadline = time.monotonic() + READY_SECONDS
        while not all(answers(url) for url in urls):
            stopped = self.stopped_by_itself()
            if stopped:
                raise StackError(f"{stopped} stopped while starting (its output is above)")
            if time.monotonic() > deadline:
                raise StackError(f"not answering after {READY_SECONDS} s: {' '.join(urls)}")
            self.tend_consumer()
            time.sleep(0.1)

    def stopped_by_itself(self) -> str | None:
        """What has stopped among nginx, the app servers and Redis, with its exit status; None
        while they all run."""
        for name, process in self.servers:
            if process.poll() is not None:
                return f"{name} (pid {process.pid}, exit status {process.returncode})"
        return None

    def tend_consumer(self) -> None:
        """Start the consumer again RESTART_SECONDS after it stopped."""
        consumer = self.consumer
        if consumer is None or consumer.poll() is None:
            return
        if self.consumer_back_at is None:
            # Its workers outlive it when it is killed alone: they would go on taking jobs.
            signal_group(consumer, signal.SIGKILL)
            status = consumer.returncode
            say(f"consumer pid {consumer.pid} stopped (exit status {status}); starting another")
            self.consumer_back_at = time.monotonic() + RESTART_SECONDS
        elif time.monotonic() >= self.consumer_back_at:
            self.start_consumer()

    def tend_redis(self) -> None:
        """Start the stack's Redis again, on its port and folder, RESTART_SECONDS after it
        stopped: it reads back its append-only file, so queued jobs wait on."""
        redis = self.redis
        if redis is None or redis.poll() is None:
            return
        if self.redis_back_at is None:
            say(f"redis pid {redis.pid} stopped (exit status {redis.returncode}); starting another")
            self.redis_back_at = time.monotonic() + RESTART_SECONDS
        elif time.monotonic() >= self.redis_back_at:
            self.start_redis(self.redis_port)

    def stop(self) -> None:
        """Stop nginx, the app servers and the consumer, each gracefully first, then Redis;
        remove the run folder."""
        first = [process for name, process in reversed(self.servers)]
        if self.consumer is not None:
            first.append(self.consumer)
        if self.relay is not None:
            first.append(self.relay)
        for process in first:
            if process.poll() is None:
                process.terminate()
        for process in first:
            wait_or_kill(process)
        if self.consumer is not None:
            signal_group(self.consumer, signal.SIGKILL)  # any worker it left
        if self.redis is not None:
            if self.redis.poll() is None:
                signal_group(self.redis, signal.SIGCONT)  # a test may have paused it
                self.redis.terminate()
            wait_or_kill(self.redis)
        shutil.rmtree(self.run_dir, ignore_errors=True)


def wait_or_kill(process: subprocess.Popen[bytes]) -> None:
    """Wait STOP_SECONDS for `process` to exit, then kill it."""
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="deploy/stack",
        description=(
            "gunicorn app servers behind nginx on 127.0.0.1:PORT, with the job consumer (and"
            " Redis with --redis), in the foreground. Prints a line per process started, then"
            ' "ready"; Ctrl-C stops everything.'
        ),
        epilog=(
            "Without --redis or --redis-url, jobs and their results live where the app's"
            " JOB_STORE says, by default a SQLite file in the instance folder, which the app"
            " servers of this machine share; decided solves then stay in each worker."
        ),
    )
    parser.add_argument("port", type=int, help="the port nginx listens on (127.0.0.1)")
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="gunicorn workers per app server (default: one per core)",
    )
    parser.add_argument(
        "--app-servers",
        type=positive_int,
        default=1,
        metavar="K",
        help="gunicorn instances behind nginx, each on its own port (default 1)",
    )
    parser.add_argument(
        "--job-workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="jobs the consumer runs at once, each in a process of its own (default 1)",
    )
    store = parser.add_mutually_exclusive_group()
    store.add_argument(
        "--redis",
        action="store_true",
        help="start a redis-server (its writes in an append-only file) for jobs and shared solves",
    )
    store.add_argument(
        "--redis-url",
        metavar="URL",
        help="keep jobs and shared solves in this Redis, e.g. redis://10.0.0.5:6379/0",
    )
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
        say("ready")
        while not stopping:
            stopped = stack.stopped_by_itself()
            if stopped:
                print(f"deploy/stack: {stopped} stopped by itself", file=sys.stderr)
                return 1
            stack.tend_consumer()
            stack.tend_relay()
            stack.tend_redis()
            time.sleep(0.2)
    except StackError as error:
        print(f"deploy/stack: {error}", file=sys.stderr)
        return 1
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
