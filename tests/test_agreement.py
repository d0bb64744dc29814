"""Rank correlation and mean difference between two raters."""

from __future__ import annotations

import math
import random

import pytest

from webapp.cli.agreement import mean_difference, ranks, spearman


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([3.0, 1.0, 2.0], [3.0, 1.0, 2.0]),
        ([2.5, 2.5, 1.0], [2.5, 2.5, 1.0]),  # a tie shares ranks 2 and 3
        ([7.0, 7.0, 7.0], [2.0, 2.0, 2.0]),
        ([], []),
    ],
)
def test_ranks_share_ties(values, expected):
    assert ranks(values) == expected


def test_without_ties_it_is_the_textbook_formula():
    rng = random.Random(9)
    for _ in range(50):
        n = rng.randint(3, 30)
        ours = rng.sample(range(1000), n)
        theirs = rng.sample(range(1000), n)
        a, b = ranks(ours), ranks(theirs)
        squares = sum((x - y) ** 2 for x, y in zip(a, b, strict=True))
        assert spearman(ours, theirs) == pytest.approx(1 - 6 * squares / (n * (n * n - 1)))


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        ([1.2, 2.3, 4.5, 7.1], [1.5, 2.0, 3.0, 9.0], 1.0),  # same order, other values
        ([1.2, 2.3, 4.5, 7.1], [9.0, 3.0, 2.0, 1.5], -1.0),
    ],
)
def test_only_the_order_counts(ours, theirs, expected):
    assert spearman(ours, theirs) == pytest.approx(expected)


def test_no_spread_has_no_correlation():
    assert math.isnan(spearman([2.0, 2.0, 2.0], [1.0, 2.0, 3.0]))


def test_the_mean_difference_ignores_sign():
    assert mean_difference([1.0, 4.0], [2.0, 2.0]) == pytest.approx(1.5)
