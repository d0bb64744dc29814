"""Groups of k things whose masks together stay small: the search under every subset and fish.

A naked pair is two cells whose candidates together are two values; a hidden
pair two values whose places together are two cells; an x-wing two rows whose
places together lie in two columns. Each asks for the k-combinations of some
masks whose union has at most k (or a few more) bits. Since a union only grows
as members are added, a partial group already past the limit is dropped with
everything that would extend it.
"""

from __future__ import annotations


def small_unions(masks: list[int], size: int, limit: int) -> list[tuple[int, ...]]:
    """The `size`-combinations of indexes into `masks`, in `itertools.combinations` order,
    whose masks together have at most `limit` bits."""
    found: list[tuple[int, ...]] = []
    count = len(masks)
    if count < size:
        return found

    def extend(start: int, chosen: tuple[int, ...], union: int) -> None:
        if len(chosen) == size:
            found.append(chosen)
            return
        for index in range(start, count - (size - len(chosen)) + 1):
            both = union | masks[index]
            if both.bit_count() <= limit:
                extend(index + 1, (*chosen, index), both)

    extend(0, (), 0)
    return found
