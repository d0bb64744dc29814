"""The side of a reading that runs in a child process (isolation.py starts it): its
ceilings set, the picture read, the answer sent back.

The fork server imports this module once (its preload), so each child starts with the
libraries and the network's weights in memory, shared with the server's, and costs a fork.
Only the fork server and its children import it: what it does at import (one thread for
OpenCV, a reading to warm up) is for them, never for a web worker.
"""

from __future__ import annotations

import io
import os
import resource
from dataclasses import replace
from multiprocessing.connection import Connection

import cv2
from PIL import Image

from .digits import network
from .errors import PhotoError, PhotoProblem
from .isolation import Answer
from .limits import Limits
from .reading import read_photo

# Said when the picture needs more memory than a reading may use.
OUT_OF_MEMORY = (
    "The picture needs more memory to decode than a reading may use: send a smaller picture."
)

# Done here, in the fork server, once for every child: OpenCV kept to the calling thread
# (a pool of threads does not survive a fork: a child hung in it), the network's weights
# and Pillow's format plugins loaded (each child would import them at its first picture,
# 150 ms), and one reading's first calls made.
cv2.setNumThreads(1)
network()
Image.init()


def _warm_up() -> None:
    """One reading of a noisy picture, so that each child starts with its code warm."""
    noise = io.BytesIO()
    Image.effect_noise((400, 400), 60).save(noise, "JPEG")
    try:
        read_photo(noise.getvalue())
    except PhotoError:
        pass


_warm_up()


def read_in_child(
    answer: Connection, data: bytes, limits: Limits, memory_bytes: int, cpu_seconds: int
) -> None:
    """Read `data` within `limits`, `memory_bytes` more than this process holds now and
    `cpu_seconds` of CPU, and send what came of it through `answer`."""
    start = _status_kb("VmRSS")
    _limit(memory_bytes, cpu_seconds)
    try:
        sent = Answer(reading=read_photo(data, limits))
    except PhotoError as refused:
        sent = Answer(problem=refused.problem, message=refused.message)
    except MemoryError:
        sent = Answer(problem=PhotoProblem.TOO_BIG, message=OUT_OF_MEMORY)
    except cv2.error as broken:  # OpenCV says "Insufficient memory" past the ceiling
        if "Insufficient memory" in str(broken):
            sent = Answer(problem=PhotoProblem.TOO_BIG, message=OUT_OF_MEMORY)
        else:
            sent = Answer(failed="cv2.error")
    except Exception as broken:  # the error's message may quote the picture: not sent
        sent = Answer(failed=type(broken).__name__)
    answer.send(replace(sent, grown_kb=_status_kb("VmHWM") - start))
    answer.close()


def _limit(memory_bytes: int, cpu_seconds: int) -> None:
    """This process's ceilings: address space now plus `memory_bytes`, and CPU seconds
    (SIGXCPU ends it past them)."""
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + memory_bytes, size + memory_bytes))
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime)
    resource.setrlimit(resource.RLIMIT_CPU, (spent + cpu_seconds, spent + cpu_seconds + 1))


def _status_kb(field: str) -> int:
    """A memory figure of this process, in kB, from the kernel's status of it."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(f"{field}:"))
