"""A worker gives back to the system what a request's big allocations left free: glibc keeps
it in a thread's arena otherwise (serving/trimming.py)."""

from __future__ import annotations

import threading

from webapp.serving.trimming import MEGABYTE, Trimmer, resident_bytes

# Blocks below glibc's mmap threshold, as a picture's decoding makes many of, each followed
# by a small object that stays: freed, they stay in the arena of the thread that made them.
BLOCK = 64 * 1024
BLOCKS = 3_000  # about 190 MB


def test_a_request_that_left_much_memory_free_is_followed_by_a_trim():
    trimmer = Trimmer(growth=32 * MEGABYTE)
    pinned: list[bytes] = []

    def request() -> None:
        blocks = []
        for _ in range(BLOCKS):
            blocks.append(bytearray(BLOCK))
            blocks[-1][::4096] = b"\x01" * len(blocks[-1][::4096])
            pinned.append(b"x" * 40 + bytes(len(pinned) % 7))
        del blocks

    worker = threading.Thread(target=request)
    worker.start()
    worker.join()
    left = resident_bytes()
    trimmer.after_request()
    assert resident_bytes() < left - 100 * MEGABYTE
