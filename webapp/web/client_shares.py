"""Each client's share of the solver, kept for the whole server, not for one worker.

A client (address) has a bucket of seat seconds: the seconds its solves took are drawn from
it, at most `burst` are in it, and it fills again at `rate` seconds a second. A client whose
bucket is empty gets 429 for work that needs the solver until it has filled a little. And a
client solves one puzzle at a time in the whole server: its second solve while one is under
way in any worker is 429 too.

Each worker kept buckets of its own before, so an address had a share of each worker, and
two addresses could keep both cores busy with their 25x25 solves while a person's 9x9 share
link waited for a slice of one: p99 1.1 to 1.7 s in three fairness runs of four. The buckets
now live in memory every worker shares: a table made before gunicorn forks its workers from
the app (`preload_app`), one slot per client, reached by a hash of its address. A lock on
the table's file (released by the kernel should a worker die holding it) and a thread lock
keep each change whole. A process that was never forked (tests, `flask run`) has the same
table to itself.

A solve under way is marked with its worker's process id, so a worker killed mid-solve
leaves no client locked out: a mark whose process is gone counts for nothing. The table
has SLOTS slots; a client whose slot is taken by others (PROBES tried) displaces the one
with the fullest bucket, which loses nothing that matters: a full bucket is what a new
client has. Clients in `exempt` (a monitor, a load tester on the machine) are never
refused, and may solve side by side.
"""

from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..serving.processes import alive

# One client's slot: the hash of its address (0: a free slot), its bucket's level in
# seconds and when that was, and the process id of its solve under way (0: none).
SLOT = struct.Struct("<Qddi4x")
SLOTS = 16_384
PROBES = 32


@dataclass
class Slot:
    """What the table holds for one client."""

    key: int
    level: float
    when: float
    solving: int


def _key(client: str) -> int:
    """The table's key for `client`: never 0, which marks a free slot."""
    digest = hashlib.blake2b(client.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") or 1


class Shares:
    """Every client's bucket of seat seconds and solve under way, shared by the processes
    forked from the one that made it. `clock` (seconds, the same in every process: the
    machine's monotonic clock) tells the time; a test passes one it moves on itself."""

    def __init__(
        self,
        burst: float,
        rate: float,
        clock: Callable[[], float] = time.monotonic,
        exempt: tuple[str, ...] = (),
        slots: int = SLOTS,
    ) -> None:
        self.burst, self.rate, self.clock, self.exempt = burst, rate, clock, exempt
        self.slots = slots
        descriptor, path = tempfile.mkstemp(prefix="sudoku-shares-")
        os.unlink(path)
        os.ftruncate(descriptor, slots * SLOT.size)
        self._file = descriptor
        self._table = mmap.mmap(descriptor, slots * SLOT.size)  # shared with forked children
        # The file is closed with the table's last user: a test process makes thousands of
        # apps, each with shares of its own, and kept every descriptor open.
        weakref.finalize(self, os.close, descriptor)
        self._threads = threading.Lock()

    def level(self, client: str) -> float:
        """What is in `client`'s bucket now."""
        with self._held():
            return self._refilled(self._find(_key(client)))

    def admits(self, client: str) -> bool:
        """Whether `client` may take (or wait for) the seat now."""
        return client in self.exempt or self.level(client) > 0

    def begin(self, client: str) -> bool:
        """Mark a solve of `client`'s under way in this process; False (and no mark) when
        one is under way in another, unless `client` is exempt."""
        if client in self.exempt:
            return True
        with self._held():
            index, slot = self._place(_key(client))
            if slot.solving and slot.solving != os.getpid() and alive(slot.solving):
                return False
            self._write(index, Slot(slot.key, slot.level, slot.when, os.getpid()))
            return True

    def charge(self, client: str, seconds: float) -> None:
        """Draw `seconds` of seat time from `client`'s bucket (it may go below empty) and
        clear its mark of a solve under way."""
        with self._held():
            index, slot = self._place(_key(client))
            level = self._refilled(slot) - seconds
            self._write(index, Slot(slot.key, level, self.clock(), 0))

    @contextmanager
    def _held(self) -> Iterator[None]:
        """The table to this thread alone: the thread lock, then the file's lock, which
        shuts out the other processes (a POSIX lock is the process's, not the thread's)."""
        with self._threads:
            fcntl.lockf(self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.lockf(self._file, fcntl.LOCK_UN)

    def _refilled(self, slot: Slot | None) -> float:
        """The level of `slot`'s bucket now; a client with no slot has a full one."""
        if slot is None:
            return self.burst
        return min(self.burst, slot.level + (self.clock() - slot.when) * self.rate)

    def _read(self, index: int) -> Slot:
        return Slot(*SLOT.unpack_from(self._table, index * SLOT.size))

    def _write(self, index: int, slot: Slot) -> None:
        fields = (slot.key, slot.level, slot.when, slot.solving)
        SLOT.pack_into(self._table, index * SLOT.size, *fields)

    def _probed(self, key: int) -> Iterator[tuple[int, Slot]]:
        for step in range(PROBES):
            index = (key + step) % self.slots
            yield index, self._read(index)

    def _find(self, key: int) -> Slot | None:
        """`key`'s slot, if it has one."""
        return next((slot for _, slot in self._probed(key) if slot.key == key), None)

    def _place(self, key: int) -> tuple[int, Slot]:
        """`key`'s slot, or a new one (with a full bucket) in a free slot or in place of
        the client with the fullest bucket and no solve under way."""
        free: int | None = None
        displaced: tuple[float, int] | None = None
        for index, slot in self._probed(key):
            if slot.key == key:
                return index, slot
            if slot.key == 0:
                free = index if free is None else free
            elif not (slot.solving and alive(slot.solving)):
                level = self._refilled(slot)
                if displaced is None or level > displaced[0]:
                    displaced = (level, index)
        index = free if free is not None else displaced[1] if displaced else key % self.slots
        return index, Slot(key, self.burst, self.clock(), 0)
