"""Giving back to the system the memory a request's big allocations left in a worker.

glibc's malloc keeps what is freed in its arenas (one per thread that allocated) for the
next allocation instead of returning it, so a worker's resident memory stays at the peak
of its largest request: three reads of a 40-megapixel PNG in a thread left a process at
1,122 MB, and a 38-byte lossless WebP of that size at 460 MB, 79 and 100 MB once
malloc_trim(0) had returned the free pages. After each request the worker looks at its
resident memory (one read of /proc/self/statm) and trims when it has grown by more than
GROWTH_MB since it last did: rarely, since what the caches keep stays (they are bounded in
bytes: web/cache.py, sudoku/geometry.py) and a trim takes milliseconds.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from collections.abc import Callable
from pathlib import Path

GROWTH_MB = 64
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
MEGABYTE = 1024 * 1024


def resident_bytes() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * PAGE_BYTES
    except (OSError, IndexError, ValueError):
        return 0


def _malloc_trim() -> Callable[[], object] | None:
    """glibc's malloc_trim(0), None under another C library."""
    name = ctypes.util.find_library("c")
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None
    if trim is None:
        return None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


class Trimmer:
    """Trims malloc's free memory after a request that left the process `growth` bytes
    above where it stood after the last trim."""

    def __init__(
        self,
        growth: int = GROWTH_MB * MEGABYTE,
        trim: Callable[[], object] | None = None,
        measure: Callable[[], int] = resident_bytes,
    ) -> None:
        self.growth = growth
        self.trims = 0
        self._trim = trim if trim is not None else _malloc_trim()
        self._measure = measure
        self._low = measure()
        self._lock = threading.Lock()

    def after_request(self) -> None:
        """Trim if the process grew by more than `growth` since the last trim."""
        if self._trim is None or self._measure() - self._low <= self.growth:
            return
        with self._lock:  # one thread trims; the others go on
            if self._measure() - self._low <= self.growth:
                return
            self._trim()
            self.trims += 1
            self._low = self._measure()
