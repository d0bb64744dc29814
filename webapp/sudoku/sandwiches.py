"""Sandwich sums: a number outside a row's or a column's end; the digits of that row or
column strictly between its 1 and its 9 add up to the number (0 when the 1 and the 9 are
side by side). On a grid of another size its smallest and largest digits, 1 and the size.

A sandwich is an outside kind's line (rulebook.Line: its cells the whole row or column
walked in from its clue, its clue's number the line's value) kept by a rule over the whole
line (line_rules.py), since which cells are summed depends on where the 1 and the 9 stand.
Its narrowing tries each place of the 1 and of the 9 and, for the cells between them, the
digits whose sum with what the others can hold (as many different digits from 2 to 8)
still makes the clue; its SAT clauses follow the row from its clue's end, with choices of
their own: an end seen, both ends seen, a cell inside, and the sum of the cells inside so
far. A row's or a column's cells hold different digits (they are a unit of every grid), so
both count on it. What is wrong with a drawn sandwich or its number is said here, with
where it is.
"""

from __future__ import annotations

from functools import lru_cache

from .place import whole_line_problem

# A literal of the SAT clauses, or a constant (a choice known true or false).
TRUE, FALSE = "true", "false"
Literal = int | str


@lru_cache(maxsize=32)  # by size: a few
def _totals(size: int) -> tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]:
    """On a size x size grid: the least and the most k different digits strictly between 1
    and the size add up to, by k, and every total some of them make (a clue's number)."""
    middle = range(2, size)
    least = tuple(sum(middle[:k]) for k in range(size - 1))
    most = tuple(sum(middle[len(middle) - k :]) for k in range(size - 1))
    made = {0}
    for digit in middle:
        made |= {total + digit for total in made}
    return least, most, frozenset(made)


def sandwich_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a sandwich's line over `cells` (from its clue inwards) on a size x
    size grid, or None: no cells, a cell off the grid, or cells that are not a whole row or
    column walked from one end to the other."""
    return whole_line_problem(size, cells, "sandwich sum")


def sandwich_clue_problem(size: int, cells: tuple[int, ...], value: int) -> str | None:
    """What is wrong with a sandwich's number `value` on a size x size grid, or None: more
    than all the digits between 1 and the size, or a total no different ones of them make
    (1 on a 9x9, or 34)."""
    _, most, made = _totals(size)
    if value > most[-1]:
        return f"it is more than {most[-1]}, every digit from 2 to {size - 1} together"
    if value not in made:
        return f"no different digits from 2 to {size - 1} add up to it"
    return None


@lru_cache(maxsize=8192)  # by the line's masks: a search meets the same rows again
def sandwich_narrows(size: int, masks: tuple[int, ...], value: int | None) -> tuple[int, ...]:
    """The digits (masks, digit 1 lowest) a sandwich's cells keep, given they can hold
    `masks` and its clue is `value`: for each place of the 1 and of the size (the 9) that
    leaves every other cell a digit between them, and as many cells between them as
    different digits can make `value` with, the 1 and the 9 there, each cell outside them
    its digits between, and each cell between them the digits that, with the least and the
    most the others between can add (each its own digits, and as many different ones),
    make `value`. Of a line whose cells hold one digit each, exact."""
    if value is None:
        return masks
    least, most, _ = _totals(size)
    low, high = 1, 1 << (size - 1)
    middle = (1 << size) - 1 & ~low & ~high
    inner = [mask & middle for mask in masks]
    smallest = [(mask & -mask).bit_length() for mask in inner]  # 0 where none
    largest = [mask.bit_length() for mask in inner]
    bare = [at for at, mask in enumerate(inner) if not mask]
    if len(bare) > 2:
        return (0,) * len(masks)
    kept = [0] * len(masks)
    ones = [at for at, mask in enumerate(masks) if mask & low]
    nines = [at for at, mask in enumerate(masks) if mask & high]
    for one in ones:
        for nine in nines:
            if one == nine or any(at not in (one, nine) for at in bare):
                continue
            first, last = min(one, nine), max(one, nine)
            count = last - first - 1
            if not least[count] <= value <= most[count]:
                continue
            between = range(first + 1, last)
            low_sum = sum(smallest[at] for at in between)
            high_sum = sum(largest[at] for at in between)
            if not low_sum <= value <= high_sum:
                continue
            found = []
            for at in between:
                # the others between add at least `below` and at most `above`
                below = max(low_sum - smallest[at], least[count - 1])
                above = min(high_sum - largest[at], most[count - 1])
                lowest, highest = max(value - above, 2), min(value - below, size - 1)
                if lowest > highest:
                    break
                digits = inner[at] & ((1 << highest) - 1) & ~((1 << (lowest - 1)) - 1)
                if not digits:
                    break
                found.append(digits)
            else:
                kept[one] |= low
                kept[nine] |= high
                for at, digits in zip(between, found, strict=True):
                    kept[at] |= digits
                for at in (*range(first), *range(last + 1, len(masks))):
                    kept[at] |= inner[at]
    return tuple(kept)


@lru_cache(maxsize=1024)  # by (size, length, value): a puzzle asks a few
def sandwich_clauses(size: int, length: int, value: int | None) -> tuple[tuple[int, ...], ...]:
    """The SAT clauses of a sandwich of `length` cells and clue `value` on a size x size grid
    (line_rules.py's literals: cell i holding d is i * size + d, the kind's own choices from
    length * size + 1), following the line from its clue: "an end (a 1 or the 9) among the
    cells before i", "both ends among them", "cell i is between the ends" (an end before
    it, and not both up to it), and "the cells between the ends before i add up to t" for
    each t up to `value`, made by the one before and cell i's digit when it is between, kept
    when it is not; no total but `value` at the line's end, none past it on the way, and each
    total only from one before that makes it. A line whose digits are different and keep
    the rule is a model, with those choices; a model's line keeps it."""
    if value is None:
        return ()
    top = length * size
    clauses: list[tuple[int, ...]] = []

    def fresh() -> int:
        nonlocal top
        top += 1
        return top

    def clause(*literals: Literal) -> None:
        if TRUE in literals:
            return
        kept = tuple(literal for literal in literals if isinstance(literal, int))
        clauses.append(kept)

    def negated(literal: Literal) -> Literal:
        if isinstance(literal, str):
            return FALSE if literal == TRUE else TRUE
        return -literal

    def digit(at: int, number: int) -> int:
        return at * size + number

    seen: list[Literal] = [FALSE]  # an end among the cells before i
    both: list[Literal] = [FALSE, FALSE]  # both ends among them
    for at in range(length):
        one, nine = digit(at, 1), digit(at, size)
        after = fresh() if at < length - 1 else TRUE
        clause(negated(seen[at]), after)
        clause(-one, after)
        clause(-nine, after)
        clause(negated(after), seen[at], one, nine)
        seen.append(after)
        if at >= 1:
            twice = fresh() if at < length - 1 else TRUE
            clause(negated(both[at]), twice)
            clause(negated(seen[at]), -one, twice)
            clause(negated(seen[at]), -nine, twice)
            clause(negated(twice), both[at], seen[at])
            clause(negated(twice), both[at], one, nine)
            both.append(twice)
    inside: list[Literal] = []
    for at in range(length):
        if at == 0 or at == length - 1:
            inside.append(FALSE)
            continue
        between = fresh()
        clause(-between, seen[at])
        clause(-between, negated(both[at + 1]))
        clause(between, negated(seen[at]), both[at + 1])
        inside.append(between)
    made: dict[int, Literal] = {0: TRUE}  # the totals of the cells between so far
    for at in range(length):
        if inside[at] == FALSE:
            continue  # an end of the line is never between: the totals go on as they are
        ahead: dict[int, int] = {}
        ways: dict[int, list[Literal]] = {}

        def total_of(total: int, ahead: dict[int, int] = ahead) -> int:
            if total not in ahead:
                ahead[total] = fresh()
            return ahead[total]

        for total, literal in made.items():
            clause(negated(literal), inside[at], total_of(total))
            ways.setdefault(total, []).append(literal)
            for number in range(2, size):
                more = total + number
                if more > value:  # past the clue: not this digit between
                    clause(negated(literal), negated(inside[at]), -digit(at, number))
                    continue
                clause(negated(literal), negated(inside[at]), -digit(at, number), total_of(more))
                ways.setdefault(more, []).append(literal)
        for total, literal in ahead.items():
            clause(-literal, *ways[total])  # only from a total before that makes it
        clause(*ahead.values())  # some total is made
        made = dict(ahead)
    for total, literal in made.items():
        if total != value:
            clause(negated(literal))
    return tuple(clauses)
