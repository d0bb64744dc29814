"""How closely our ratings follow another rater's: Spearman's rank correlation and the
mean absolute difference, over puzzles both rated."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank, 1 for the smallest; tied values share the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for place in range(start, end + 1):
            found[order[place]] = (start + end) / 2 + 1
        start = end + 1
    return found


def spearman(ours: Sequence[float], theirs: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the two lists' ranks (nan when
    either list has no spread)."""
    if len(ours) != len(theirs):
        raise ValueError("both raters must rate the same puzzles")
    a, b = ranks(ours), ranks(theirs)
    if len(a) < 2:
        return math.nan
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    covariance = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b, strict=True))
    spread = math.sqrt(sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b))
    return covariance / spread if spread else math.nan


def mean_difference(ours: Sequence[float], theirs: Sequence[float]) -> float:
    """The mean of |ours - theirs|."""
    return statistics.fmean(abs(x - y) for x, y in zip(ours, theirs, strict=True))
