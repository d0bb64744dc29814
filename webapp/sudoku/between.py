"""Between lines: a grey line with a circle at each end, every digit inside it strictly
between the digits in its two circles (ends 2 and 7 leave the cells inside 3 to 6).

That depends on both ends at once, so a between line is a line rule (line_rules.py): its
narrowing tries the line each way round, the first end the smaller and then the larger, by
the bounds of what its cells can still hold, and keeps what either way keeps; its SAT clauses
have one choice of their own, "the first end is the smaller", under which each cell inside
is above the first end and below the last, and without which the other way round. On a
line whose cells hold one digit each both are exact. What is wrong with a drawn line is
said here, with where it is.
"""

from __future__ import annotations

from functools import lru_cache

from .thermometers import line_problem


def _above(digit: int) -> int:
    """The digits above `digit` (a mask, digit 1 lowest)."""
    return ~((1 << digit) - 1)


def _below(digit: int) -> int:
    """The digits below `digit` (a mask, digit 1 lowest)."""
    return (1 << (digit - 1)) - 1


def _one_way(smaller: int, larger: int, inside: list[int]) -> tuple[int, int, list[int]] | None:
    """What the smaller end, the larger end and the cells inside can hold (masks) when the
    end that can hold `smaller` is the smaller one, by bounds, twice round; None when that
    way leaves a cell nothing."""
    for _ in range(2):
        least, most = (smaller & -smaller).bit_length(), larger.bit_length()
        inside = [mask & _above(least) & _below(most) for mask in inside]
        if not all(inside):
            return None
        # The smaller end lies below every cell inside, the larger above them all.
        smaller &= _below(min(mask.bit_length() for mask in inside))
        larger &= _above(max((mask & -mask).bit_length() for mask in inside))
        if not smaller or not larger:
            return None
    return smaller, larger, inside


def between_narrows(size: int, masks: tuple[int, ...], value: int | None = None) -> tuple[int, ...]:
    """The digits (masks, digit 1 lowest) a between line's cells keep, given they can hold
    `masks`, its ends first and last (a between line has no clue's `value`): those the line
    keeps with the first end the smaller, or with it the larger. A line of two cells has
    nothing inside and keeps everything."""
    if len(masks) < 3:
        return masks
    first, *inside, last = masks
    kept = [0] * len(masks)
    up = _one_way(first, last, inside)
    if up is not None:
        kept[0], kept[-1] = up[0], up[1]
        kept[1:-1] = up[2]
    down = _one_way(last, first, inside)
    if down is not None:
        kept[0] |= down[1]
        kept[-1] |= down[0]
        kept[1:-1] = [mask | more for mask, more in zip(kept[1:-1], down[2], strict=True)]
    return tuple(kept)


@lru_cache(maxsize=1024)  # by (size, length): a puzzle asks a few
def between_clauses(
    size: int, length: int, value: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """The SAT clauses of a between line of `length` cells on a size x size grid (it has
    no clue's `value`)
    (line_rules.py's literals: cell i holding d is i * size + d, its choice "the first end
    is the smaller" length * size + 1): with the choice each cell inside is above the first
    end and below the last; without it, below the first and above the last."""
    if length < 3:
        return ()
    up = length * size + 1
    last = length - 1
    clauses = []
    for inner in range(1, last):
        for end_digit in range(1, size + 1):
            for digit in range(1, size + 1):
                first_end, last_end = end_digit, size * last + end_digit
                cell = size * inner + digit
                if digit <= end_digit:  # the first end the smaller: it is below `digit`
                    clauses.append((-up, -first_end, -cell))
                if digit >= end_digit:  # the first end the larger: above
                    clauses.append((up, -first_end, -cell))
                if digit >= end_digit:  # the last end the larger: above
                    clauses.append((-up, -last_end, -cell))
                if digit <= end_digit:  # the last end the smaller: below
                    clauses.append((up, -last_end, -cell))
    return tuple(clauses)


def between_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a between line over `cells` (an end first) on a size x size grid,
    or None: a line's faults (line_problem: a cell twice, so an end inside among them too).
    Its cells inside may repeat a digit where no unit forbids it, so it may be of any
    length."""
    said = line_problem(size, cells, "between line", None)
    if said is not None:
        return said.replace("has only its bulb", "has only one circle")
    return None
