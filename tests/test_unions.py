"""small_unions: the k-combinations whose masks together stay within a limit, in
itertools.combinations order, for every group size the subsets and fish ask (its
written-out loops) and larger ones (its recursion)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from webapp.sudoku.logic.unions import small_unions


def by_brute_force(masks: list[int], size: int, limit: int) -> list[tuple[int, ...]]:
    found = []
    for group in combinations(range(len(masks)), size):
        union = 0
        for index in group:
            union |= masks[index]
        if union.bit_count() <= limit:
            found.append(group)
    return found


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("extra", [0, 1, 3])
def test_the_groups_are_those_within_the_limit_in_combinations_order(size, extra):
    draw = random.Random(size * 10 + extra)
    for _ in range(300):
        count = draw.randint(0, 10)
        # masks of 9 bits, mostly sparse, so that some groups fit and some do not
        masks = [
            sum(1 << draw.randrange(9) for _ in range(draw.randint(1, 4))) for _ in range(count)
        ]
        limit = size + extra
        assert small_unions(masks, size, limit) == by_brute_force(masks, size, limit)


def test_fewer_masks_than_the_group_size_give_no_group():
    assert small_unions([0b11, 0b110], 3, 9) == []
