"""X-sums: a number outside a row's or a column's end; the first X digits of that row or
column, counted from that end, add up to the number, where X is the digit in the first
cell (so a first cell of 1 makes the number 1, and a first cell of 9 the whole row's 45).

An X-sum is an outside kind's line (rulebook.Line: its cells the whole row or column walked
in from its clue, its clue's number the line's value) kept by a rule over the whole line
(line_rules.py), since how many cells are summed depends on the first cell's digit. Its
narrowing tries each digit X of the first cell and, for the next X - 1 cells, the digits
whose sum with what the others can hold (each its own digits, and as many different digits
other than X) still makes the number; its SAT clauses, for each X, follow the first X cells
with "the cells after the first so far add up to t", which the first cell holding X
starts. A row's or a column's cells hold different digits (they are a unit of every grid),
so both count on it. What is wrong with an X-sum or its number is said here, with where it
is.
"""

from __future__ import annotations

from functools import lru_cache

from .place import whole_line_problem


@lru_cache(maxsize=64)  # by size: a few
def _totals(size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], frozenset[int]], ...]:
    """On a size x size grid, by the first cell's digit X (from 1): the least and the most k
    different digits other than X add up to, by k (up to X - 1), and every total X and X - 1
    different digits other than X make (a clue's number when the first cell holds X)."""
    found = []
    for first in range(1, size + 1):
        others = [digit for digit in range(1, size + 1) if digit != first]
        least = tuple(sum(others[:k]) for k in range(first))
        most = tuple(sum(others[len(others) - k :]) for k in range(first))
        made: list[set[int]] = [{0}] + [set() for _ in range(first - 1)]  # by count
        for digit in others:
            for count in range(first - 1, 0, -1):
                made[count] |= {total + digit for total in made[count - 1]}
        found.append((least, most, frozenset(first + total for total in made[first - 1])))
    return tuple(found)


def xsum_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with an X-sum's line over `cells` (from its clue inwards) on a size x
    size grid, or None: no cells, a cell off the grid, or cells that are not a whole row or
    column walked from one end to the other."""
    return whole_line_problem(size, cells, "X-sum")


def xsum_clue_problem(size: int, cells: tuple[int, ...], value: int) -> str | None:
    """What is wrong with an X-sum's number `value` on a size x size grid, or None: more than
    the whole row's digits, or a total no first cells make (0, 2 or 4 on a 9x9)."""
    largest = size * (size + 1) // 2
    if value > largest:
        return f"it is more than {largest}, every digit from 1 to {size} together"
    if not any(value in made for _, _, made in _totals(size)):
        return "no first cell X and X - 1 different digits after it add up to it"
    return None


@lru_cache(maxsize=8192)  # by the line's masks: a search meets the same rows again
def xsum_narrows(size: int, masks: tuple[int, ...], value: int | None) -> tuple[int, ...]:
    """The digits (masks, digit 1 lowest) an X-sum's cells keep, given they can hold
    `masks` and its clue is `value`: for each digit X of the first cell whose first X cells
    can make `value`, X there, each of the next X - 1 cells the digits other than X that,
    with the least and the most the others of them can add (each its own digits, and as
    many different ones), make `value` less X, and each cell after them its digits other
    than X. Of a line whose cells hold one digit each, exact."""
    if value is None:
        return masks
    kept = [0] * len(masks)
    for first, (least, most, made) in enumerate(_totals(size), start=1):
        bit = 1 << (first - 1)
        if not masks[0] & bit or first > len(masks) or value not in made:
            continue
        rest = [mask & ~bit for mask in masks[1:first]]
        if any(not mask for mask in rest):
            continue
        want, count = value - first, first - 1
        smallest = [(mask & -mask).bit_length() for mask in rest]
        largest = [mask.bit_length() for mask in rest]
        low_sum, high_sum = sum(smallest), sum(largest)
        if not max(low_sum, least[count]) <= want <= min(high_sum, most[count]):
            continue
        found = []
        for at, mask in enumerate(rest):
            # the others of the first cells add at least `below` and at most `above`
            below = max(low_sum - smallest[at], least[count - 1])
            above = min(high_sum - largest[at], most[count - 1])
            lowest, highest = max(want - above, 1), min(want - below, size)
            digits = mask & ((1 << highest) - 1) & ~((1 << (lowest - 1)) - 1) if highest > 0 else 0
            if not digits:
                break
            found.append(digits)
        else:
            kept[0] |= bit
            for at, digits in enumerate(found, start=1):
                kept[at] |= digits
            for at in range(first, len(masks)):
                kept[at] |= masks[at] & ~bit
    return tuple(kept)


@lru_cache(maxsize=1024)  # by (size, length, value): a puzzle asks a few
def xsum_clauses(size: int, length: int, value: int | None) -> tuple[tuple[int, ...], ...]:
    """The SAT clauses of an X-sum of `length` cells and clue `value` on a size x size grid
    (line_rules.py's literals: cell i holding d is i * size + d, the kind's own choices from
    length * size + 1): a first cell X whose first X cells cannot make `value` (X past the
    line, or 1 with a clue other than 1) is ruled out; for every other X, "the cells after
    the first up to cell i add up to t", made by the first cell holding X and each digit
    from the one before, none past `value` less X, and at cell X - 1 none but `value` less
    X. A line whose digits are different and keep the rule is a model, with those choices;
    a model's line keeps it."""
    if value is None:
        return ()
    top = length * size
    clauses: list[tuple[int, ...]] = []

    def digit(at: int, number: int) -> int:
        return at * size + number

    for first in range(1, size + 1):
        chosen = digit(0, first)
        want = value - first
        if first > length or want < 0 or (first == 1 and want != 0):
            clauses.append((-chosen,))
            continue
        made: dict[int, int] = {}  # the totals of cells 1 to at so far, as choices
        for at in range(1, first):
            ahead: dict[int, int] = {}
            # cell 1 goes on from the first cell holding X, each later one from a total
            for total, literal in ({0: chosen} if at == 1 else made).items():
                for number in range(1, size + 1):
                    more = total + number
                    if more > want:  # past the clue: not this digit here
                        clauses.append((-literal, -digit(at, number)))
                        continue
                    if more not in ahead:
                        top += 1
                        ahead[more] = top
                    clauses.append((-literal, -digit(at, number), ahead[more]))
            made = ahead
        for total, literal in made.items():
            if total != want:
                clauses.append((-literal,))
    return tuple(clauses)
