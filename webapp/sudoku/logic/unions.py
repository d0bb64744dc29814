"""Groups of k things whose masks together stay small: the search under every subset and fish.

A naked pair is two cells whose candidates together are two values; a hidden
pair two values whose places together are two cells; an x-wing two rows whose
places together lie in two columns. Each asks for the k-combinations of some
masks whose union has at most k (or a few more) bits. Since a union only grows
as members are added, a partial group already past the limit is dropped with
everything that would extend it.

Groups of two, three and four (every subset and fish) are nested loops written
out: a path asks for them tens of thousands of times, and a loop is several
times cheaper than the recursion that serves larger groups.
"""

from __future__ import annotations


def small_unions(masks: list[int], size: int, limit: int) -> list[tuple[int, ...]]:
    """The `size`-combinations of indexes into `masks`, in `itertools.combinations` order,
    whose masks together have at most `limit` bits."""
    count = len(masks)
    if count < size:
        return []
    if size == 2:
        return _pairs(masks, count, limit)
    if size == 3:
        return _triples(masks, count, limit)
    if size == 4:
        return _quads(masks, count, limit)
    return _groups(masks, count, size, limit)


def _pairs(masks: list[int], count: int, limit: int) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    for i in range(count - 1):
        first = masks[i]
        for j in range(i + 1, count):
            if (first | masks[j]).bit_count() <= limit:
                found.append((i, j))
    return found


def _triples(masks: list[int], count: int, limit: int) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    for i in range(count - 2):
        first = masks[i]
        for j in range(i + 1, count - 1):
            two = first | masks[j]
            if two.bit_count() > limit:
                continue
            for k in range(j + 1, count):
                if (two | masks[k]).bit_count() <= limit:
                    found.append((i, j, k))
    return found


def _quads(masks: list[int], count: int, limit: int) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    for i in range(count - 3):
        first = masks[i]
        for j in range(i + 1, count - 2):
            two = first | masks[j]
            if two.bit_count() > limit:
                continue
            for k in range(j + 1, count - 1):
                three = two | masks[k]
                if three.bit_count() > limit:
                    continue
                for m in range(k + 1, count):
                    if (three | masks[m]).bit_count() <= limit:
                        found.append((i, j, k, m))
    return found


def _groups(masks: list[int], count: int, size: int, limit: int) -> list[tuple[int, ...]]:
    """small_unions for any size, by recursion."""
    found: list[tuple[int, ...]] = []

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
