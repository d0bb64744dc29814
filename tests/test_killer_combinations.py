"""The Killer combination helper: the sets of digits that make a cage's sum, split by what
the cells' candidates still allow."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sudoku.cages import Cage
from webapp.sudoku.killer_combinations import cage_ways, fits, spelled

EVERY = 0b1111111110  # candidates 1 to 9 (bit d for digit d)


def mask(*digits: int) -> int:
    """Candidates `digits` as a mask."""
    return sum(1 << d for d in digits)


def test_17_in_3_with_open_cells_lists_every_set():
    ways = cage_ways(Cage((0, 1, 2), 17), 9, [EVERY] * 3)
    assert [spelled(d) for d in ways.possible] == [
        "1-7-9",
        "2-6-9",
        "2-7-8",
        "3-5-9",
        "3-6-8",
        "4-5-8",
        "4-6-7",
    ]


def test_a_digit_no_cell_allows_rules_its_sets_out():
    ways = cage_ways(Cage((0, 1, 2), 17), 9, [EVERY & ~mask(9)] * 3)
    assert [spelled(d) for d in ways.ruled_out] == ["1-7-9", "2-6-9", "3-5-9"]


def test_two_digits_that_only_one_cell_allows_rule_the_set_out():
    # 8 and 9 both only in the first cell: 8-9 cannot be made
    candidates = [mask(8, 9), mask(1, 2, 3, 4, 5, 6, 7), mask(1, 2, 3, 4, 5, 6, 7)]
    ways = cage_ways(Cage((0, 1, 2), 17), 9, candidates)
    assert (1, 7, 9) in ways.possible and (2, 7, 8) in ways.possible


def test_a_placed_value_keeps_only_the_sets_holding_it():
    ways = cage_ways(Cage((0, 1), 10), 9, [mask(3), EVERY])
    assert ways.possible == ((3, 7),)


def test_a_cage_without_a_sum_has_no_combinations():
    with pytest.raises(ValueError):
        cage_ways(Cage((0, 1)), 9, [EVERY] * 2)


def by_brute_force(count: int, total: int, candidates: list[int]) -> set[tuple[int, ...]]:
    """The sets that some filling of the cells (each from its candidates, all different)
    makes, found by trying every filling."""
    choices = [[d for d in range(1, 10) if m >> d & 1] for m in candidates]
    return {
        tuple(sorted(filling))
        for filling in itertools.product(*choices)
        if len(set(filling)) == count and sum(filling) == total
    }


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda count: st.tuples(
            st.just(count),
            st.integers(count * (count + 1) // 2, count * (19 - count) // 2),
            st.lists(st.integers(0, 511), min_size=count, max_size=count),
        )
    )
)
def test_the_possible_sets_are_those_some_filling_makes(case):
    count, total, bits = case
    candidates = [b << 1 for b in bits]
    ways = cage_ways(Cage(tuple(range(count)), total), 9, candidates)
    assert set(ways.possible) == by_brute_force(count, total, candidates)


def test_more_digits_than_cells_do_not_fit():
    assert not fits((1, 2, 3), [EVERY, EVERY])
