"""A stream of random numbers fixed by its seed text, the same on every machine and Python.

Python's own `random` promises only that random() repeats across versions; shuffle,
randrange and choice may change. A generated puzzle's link must name the same puzzle
everywhere, for good, so the generator draws from this instead: SplitMix64 (Steele,
Lea and Flood, 2014), started from the SHA-256 of the seed text, with whole numbers
below a bound taken by rejection, so none is more likely than another.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SeededRandom:
    """Random whole numbers, shuffles and choices, repeatable from `seed`."""

    def __init__(self, seed: str) -> None:
        self._state = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")

    def next64(self) -> int:
        """The next 64 random bits."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A whole number from 0 up to (not including) `bound`, each equally likely."""
        if bound < 1:
            raise ValueError(f"nothing lies below {bound}")
        # The last partial run of `bound` among 2**64 values would favour small numbers.
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            drawn = self.next64()
            if drawn < limit:
                return drawn % bound

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One of `items`, each equally likely."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> MutableSequence[T]:
        """Put `items` in a random order, in place (Fisher-Yates), and return them."""
        for last in range(len(items) - 1, 0, -1):
            other = self.below(last + 1)
            items[last], items[other] = items[other], items[last]
        return items
