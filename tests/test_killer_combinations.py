"""The combination helper: the ways of making a sum in a cage or in chosen cells, split by
what the cells' candidates still allow; digits repeat only between cells that share no
unit."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sudoku import PuzzleError, killer_combinations
from webapp.sudoku.killer_combinations import MOST_WAYS, spelled, sum_ways

EVERY = 0b1111111110  # candidates 1 to 9 (bit d for digit d)


def mask(*digits: int) -> int:
    """Candidates `digits` as a mask."""
    return sum(1 << d for d in digits)


def test_17_in_3_with_open_cells_lists_every_set():
    ways = sum_ways(9, 17, [EVERY] * 3)
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
    ways = sum_ways(9, 17, [EVERY & ~mask(9)] * 3)
    assert [spelled(d) for d in ways.ruled_out] == ["1-7-9", "2-6-9", "3-5-9"]


def test_two_digits_that_only_one_cell_allows_rule_the_set_out():
    # 8 and 9 both only in the first cell: 8-9 cannot be made
    candidates = [mask(8, 9), mask(1, 2, 3, 4, 5, 6, 7), mask(1, 2, 3, 4, 5, 6, 7)]
    ways = sum_ways(9, 17, candidates)
    assert (1, 7, 9) in ways.possible and (2, 7, 8) in ways.possible


def test_a_placed_value_keeps_only_the_sets_holding_it():
    ways = sum_ways(9, 10, [mask(3), EVERY])
    assert ways.possible == ((3, 7),)


def test_no_cells_are_refused():
    with pytest.raises(PuzzleError, match="choose at least one cell"):
        sum_ways(9, 3, [])


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
    ways = sum_ways(9, total, candidates)
    assert set(ways.possible) == by_brute_force(count, total, candidates)


def test_more_cells_than_digits_are_refused():
    with pytest.raises(PuzzleError, match="10 cells are more than the 9 digits"):
        sum_ways(9, 45, [EVERY] * 10)


@pytest.mark.parametrize(
    ("total", "peers", "said"),
    [
        (25, None, "3 cells add up to 6 to 24, not 25"),
        (2, [0b110, 0b001, 0b001], "3 cells add up to 3 to 27, not 2"),
    ],
)
def test_a_sum_the_cells_cannot_make_is_refused(total, peers, said):
    with pytest.raises(PuzzleError, match=said):
        sum_ways(9, total, [EVERY] * 3, peers)


def test_more_ways_than_the_helper_lists_are_refused():
    with pytest.raises(PuzzleError, match=f"more than the {MOST_WAYS} the helper lists"):
        sum_ways(9, 45, [EVERY] * 9, [0] * 9)


def test_a_search_past_its_bound_of_work_is_refused(monkeypatch):
    monkeypatch.setattr(killer_combinations, "MOST_WORK", 10)
    with pytest.raises(PuzzleError, match="take too long to work out: choose fewer cells"):
        sum_ways(9, 20, [EVERY] * 4, [0] * 4)


def test_cells_that_share_no_unit_may_repeat_a_digit():
    # r1c1 and r2c4 share nothing; both see r1c4 (its row, its column)
    ways = sum_ways(9, 4, [EVERY] * 3, [0b100, 0b100, 0b011])
    assert ways.possible == ((1, 1, 2),)


def test_cells_that_repeat_a_digit_are_not_distinct():
    assert not sum_ways(9, 4, [EVERY] * 3, [0b100, 0b100, 0b011]).distinct


def test_a_repeat_the_candidates_forbid_is_ruled_out():
    # the two cells apart may both be 1 only if both allow 1
    ways = sum_ways(9, 4, [mask(1), mask(2, 3), mask(2)], [0b100, 0b100, 0b011])
    assert (ways.possible, ways.ruled_out) == ((), ((1, 1, 2),))


def by_search(total: int, candidates: list[int], peers: list[int]) -> set[tuple[int, ...]]:
    """The ways some filling of the cells (each from its candidates, no two peers alike)
    makes, found by trying every filling."""
    choices = [[d for d in range(1, 10) if m >> d & 1] for m in candidates]
    return {
        tuple(sorted(filling))
        for filling in itertools.product(*choices)
        if sum(filling) == total
        and all(
            filling[a] != filling[b]
            for a in range(len(filling))
            for b in range(len(filling))
            if peers[a] >> b & 1
        )
    }


def symmetric(count: int, pairs: list[bool]) -> list[int]:
    """Each cell's peers from a flag per pair of cells (a, b), a < b, in order."""
    peers = [0] * count
    flags = iter(pairs)
    for a in range(count):
        for b in range(a + 1, count):
            if next(flags):
                peers[a] |= 1 << b
                peers[b] |= 1 << a
    return peers


@st.composite
def chosen_cells(draw: st.DrawFn) -> tuple[int, list[int], list[int]]:
    """A sum in range, up to 4 cells' candidates and which of them see each other."""
    count = draw(st.integers(1, 4))
    pairs = draw(st.lists(st.booleans(), min_size=count * (count - 1) // 2, max_size=10))
    peers = symmetric(count, pairs)
    distinct = all(mask | 1 << at == (1 << count) - 1 for at, mask in enumerate(peers))
    least, most = (
        (count * (count + 1) // 2, count * (19 - count) // 2) if distinct else (count, 9 * count)
    )
    total = draw(st.integers(least, most))
    candidates = [
        b << 1 for b in draw(st.lists(st.integers(0, 511), min_size=count, max_size=count))
    ]
    return total, candidates, peers


@settings(max_examples=80, deadline=None)
@given(chosen_cells())
def test_a_way_is_possible_exactly_when_some_filling_makes_it(case):
    total, candidates, peers = case
    ways = sum_ways(9, total, candidates, peers)
    assert set(ways.possible) == by_search(total, candidates, peers)


@settings(max_examples=80, deadline=None)
@given(chosen_cells())
def test_every_way_listed_has_the_cells_count_and_adds_up_to_the_sum(case):
    total, candidates, peers = case
    ways = sum_ways(9, total, candidates, peers)
    listed = ways.possible + ways.ruled_out
    assert all(len(way) == len(candidates) and sum(way) == total for way in listed)


@settings(max_examples=80, deadline=None)
@given(chosen_cells())
def test_the_ways_ruled_out_are_those_open_cells_would_allow(case):
    total, candidates, peers = case
    ways = sum_ways(9, total, candidates, peers)
    everything = by_search(total, [EVERY] * len(candidates), peers)
    assert set(ways.ruled_out) == everything - set(ways.possible)
