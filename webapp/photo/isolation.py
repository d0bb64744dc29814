"""A reading in a child process of its own, within ceilings that hold whatever the
decoders do: memory, CPU seconds, and wall time.

The checks before decoding (costs.py) keep a picture's cost low; these ceilings are the
net under them. Each reading forks a fresh child from a fork server (multiprocessing's
"forkserver": a single-threaded process started once per worker, with the reader
preloaded, child.py), never from the web worker itself, whose threads could leave a
forked child waiting on a lock forever. The child sets its own address-space and CPU
limits; the parent waits for its answer, and kills it past the wall ceiling, or as soon
as the client's connection closes (it gave up, or nginx timed out): a worker never goes
on decoding for nobody, and its own memory does not grow with a picture's.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import forkserver
from multiprocessing.connection import wait
from multiprocessing.context import ForkServerContext
from typing import Any

from .errors import PhotoError, PhotoProblem
from .limits import DEFAULT_LIMITS, Limits
from .reading import PhotoReading

# Said when the child died without an answer for a reason not its ceilings': a decoder
# that crashed on the picture.
CRASHED = "The picture could not be decoded: the decoder stopped on it. It may be damaged."


@dataclass(frozen=True)
class Ceilings:
    """What one reading may take: memory above its child's size at the start, CPU
    seconds, and seconds of wall time."""

    memory_bytes: int
    cpu_seconds: int
    wall_seconds: float


@dataclass(frozen=True)
class Answer:
    """What a child sends back: its reading; or the problem and message of a refusal; or
    the type of an error that broke the reader (a bug, never the picture's fault)."""

    reading: PhotoReading | None = None
    problem: PhotoProblem | None = None
    message: str = ""
    failed: str = ""
    grown_kb: int = 0  # the child's resident memory at its peak above its start


class ReadingStopped(Exception):
    """A reading stopped by a ceiling, not by anything wrong with the picture: `reason`
    is "cpu", "wall" or "gone" (the client closed its connection)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# The fork server's numerical libraries on one thread: OpenBLAS's threads spin while they
# wait, and on a busy machine a reading in a child took 65 to 140 ms with them, 55 to 70
# without (OpenCV's are set to one in child.py).
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
_lock = threading.Lock()
_context: ForkServerContext | None = None


def fork_server() -> ForkServerContext:
    """This process's fork server context, with the reader preloaded, its server running
    (started again if it has died)."""
    global _context
    with _lock:
        if _context is None:
            _context = multiprocessing.get_context("forkserver")
            _context.set_forkserver_preload(["webapp.photo.child"])
        # The server inherits the environment once, as it starts: ONE_THREAD is set for
        # that moment alone, this process's own libraries having read theirs long before.
        kept = {name: os.environ.get(name) for name in ONE_THREAD}
        os.environ.update(ONE_THREAD)
        try:
            forkserver.ensure_running()
        finally:
            for name, value in kept.items():
                if value is None:
                    del os.environ[name]
                else:
                    os.environ[name] = value
        return _context


def read_apart(
    data: bytes,
    ceilings: Ceilings,
    client: socket.socket | None = None,
    limits: Limits = DEFAULT_LIMITS,
    grown: Callable[[int], None] | None = None,
) -> PhotoReading:
    """The Sudoku in `data`, read in a child process within `ceilings` and `limits`;
    PhotoError as read_photo raises it, ReadingStopped past a ceiling or once `client`
    has closed. `grown` is told how many kB the child's resident memory grew at its peak
    (the figures in docs/operations.md), when it answered."""
    context = fork_server()
    answers, answer = context.Pipe(duplex=False)
    child = context.Process(
        target=_in_child,
        args=(answer, data, limits, ceilings.memory_bytes, ceilings.cpu_seconds),
        daemon=True,
    )
    try:
        child.start()
    finally:
        answer.close()  # the child's end: only the child writes to it
    try:
        sent = _awaited(answers, child.sentinel, ceilings.wall_seconds, client)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        answers.close()
    if sent is None:
        # RLIMIT_CPU's two signals (SIGKILL is also what a kernel out of memory sends):
        # the ceiling, not the picture.
        if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
            raise ReadingStopped("cpu")
        raise PhotoError(PhotoProblem.NOT_AN_IMAGE, CRASHED)
    if grown is not None:
        grown(sent.grown_kb)
    if sent.reading is not None:
        return sent.reading
    if sent.problem is not None:
        raise PhotoError(sent.problem, sent.message)
    raise RuntimeError(f"the photo reader failed in its child process: {sent.failed}")


def _in_child(*args: Any) -> None:
    """The child's work (child.py, which the fork server has imported already)."""
    from .child import read_in_child

    read_in_child(*args)


def _awaited(
    answers: multiprocessing.connection.Connection,
    ended: int,
    seconds: float,
    client: socket.socket | None,
) -> Answer | None:
    """The child's answer; None if it ended without one. ReadingStopped past `seconds`,
    or once `client` closes."""
    deadline = time.monotonic() + seconds
    watched: list[object] = [answers, ended] + ([client] if client is not None else [])
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise ReadingStopped("wall")
        ready = wait(watched, left)  # type: ignore[arg-type]
        if answers in ready:
            try:
                sent: Answer = answers.recv()
            except EOFError:
                return None
            return sent
        if ended in ready:
            return None
        if client is not None and client in ready:
            if _closed(client):
                raise ReadingStopped("gone")
            watched.remove(client)  # the client sent more (its next request): not gone


def _closed(client: socket.socket) -> bool:
    """Whether the client's side of the connection has closed."""
    try:
        return client.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
