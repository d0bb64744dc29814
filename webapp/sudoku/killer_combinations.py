"""The combination helper: the ways a sum can still be made in chosen cells.

A way is the digits the cells take, one a cell, adding up to the sum; it is written as
those digits in increasing order ("1-7-9", or "4-4-9" where a digit repeats). Two cells
that share a unit or a cage (peers, geometry.py) take different digits; so a Killer's cage,
or any cells lying in one row, column, box, region or diagonal, is made of different
digits only, as cages.combinations lists them. Cells that do not all see each other (a
player's innies and outies, cells across two boxes) may repeat a digit between two that
share no unit: the helper lists those ways too and says so, because a player reasoning
about such cells needs the ways the rules allow, and a list of different digits only
would leave out the very answer the puzzle may hold.

A way is still possible while its digits can be placed one to a cell, each in a cell
whose candidates hold it and no two peers alike (a cell holding a value has that value
as its one candidate). Where every cell sees every other, that is the logic engine's
question of a cage (logic/cage_combinations.fillings answers it, for both); otherwise the
cells are filled in turn, what the cells left can make worked out once for each sum left
and digits barred, within MOST_WORK steps (a request is refused in words past them). The
play page shows the possible ways and those the candidates rule out ("17 in 3: 1-7-9,
2-6-9; ruled out by your candidates: 3-5-9").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cages import combinations, count_ways, sum_range
from .errors import PuzzleError
from .logic.cage_combinations import fillings

# The ways listed for one sum at most: more are no help to read, and a request naming many
# cells must not make the server list thousands (9 cells on a 9x9 can be 910 ways).
MOST_WAYS = 300
# The steps of the search for ways with a repeated digit (a state tried, and each way of
# the cells after it taken in): a bound on the work one request can ask, whatever cells it
# names. Measured over 2,880 cell sets of 2 to 9 cells, with random peers, on a shared
# machine: none of 6 cells or fewer reaches it, and the slowest answer took 0.8 s.
MOST_WORK = 100_000


@dataclass(frozen=True)
class SumWays:
    """The ways of making `total` in `count` cells: those the candidates still allow
    (`possible`) and those they rule out, each way its digits in increasing order, the ways
    in increasing order; `distinct` when every cell sees every other (no digit repeats)."""

    total: int
    count: int
    possible: tuple[tuple[int, ...], ...]
    ruled_out: tuple[tuple[int, ...], ...]
    distinct: bool = True


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a combination mask (bit d-1 for digit d), in increasing order."""
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def sum_ways(
    size: int, total: int, candidates: Sequence[int], peers: Sequence[int] | None = None
) -> SumWays:
    """Every way of making `total` with one digit of 1..size in each cell whose
    `candidates` (masks, bit d for digit d) are given, split into those the candidates
    still allow and those they rule out. `peers` gives, for each cell, the cells (bit i for
    the i-th of them) it may not repeat a digit with; None: every other (a cage, a unit).
    PuzzleError for no cells, more cells than digits, or a sum no digits can make."""
    count = len(candidates)
    if not count:
        raise PuzzleError("choose at least one cell")
    if count > size:
        raise PuzzleError(f"{count} cells are more than the {size} digits of a {size}x{size} grid")
    every = (1 << count) - 1
    if peers is None:
        peers = [every & ~(1 << at) for at in range(count)]
    if len(peers) != count:
        raise ValueError("peers names each cell's peers, one mask a cell")
    distinct = all(mask | 1 << at == every for at, mask in enumerate(peers))
    least, most = sum_range(size, count) if distinct else (count, count * size)
    if not least <= total <= most:
        raise PuzzleError(f"{count} cells add up to {least} to {most}, not {total}")
    open_cells = tuple([((1 << size) - 1) << 1] * count)
    if distinct:
        listed = count_ways(size, count, total)
        _refuse_many(listed, count, total)
        made = {digits_of(mask) for mask in combinations(size, count, total)}
        allowed = {_digits(way) for way in fillings(total, tuple(candidates))[0]}
    else:
        work = _Work()
        made = _makeable(size, total, open_cells, tuple(peers), work)
        _refuse_many(len(made), count, total)
        allowed = _makeable(size, total, tuple(candidates), tuple(peers), work)
    possible = tuple(sorted(made & allowed))
    ruled_out = tuple(sorted(made - allowed))
    return SumWays(total, count, possible, ruled_out, distinct)


def spelled(digits: Sequence[int]) -> str:
    """A way as the helper writes it: "1-7-9"."""
    return "-".join(map(str, digits))


def _digits(values: int) -> tuple[int, ...]:
    """The values of a mask with bit v for value v, in increasing order."""
    return tuple(v for v in range(values.bit_length()) if values >> v & 1)


def _refuse_many(listed: int, count: int, total: int) -> None:
    """PuzzleError when `total` in `count` cells has more ways than the helper lists."""
    if listed > MOST_WAYS:
        raise PuzzleError(
            f"{total} in {count} cells can be made {listed:,} ways, more than the {MOST_WAYS}"
            " the helper lists: choose fewer cells"
        )


class _Work:
    """The steps the search has taken for one request, refused past MOST_WORK."""

    def __init__(self) -> None:
        self.steps = 0

    def step(self, steps: int = 1) -> None:
        """`steps` more; PuzzleError once the bound is passed."""
        self.steps += steps
        if self.steps > MOST_WORK:
            raise PuzzleError("these cells take too long to work out: choose fewer cells")


def _makeable(
    size: int, total: int, candidates: tuple[int, ...], peers: tuple[int, ...], work: _Work
) -> set[tuple[int, ...]]:
    """Every way of putting one digit in each cell, each a candidate of its cell and no two
    peers alike, adding up to `total`: the digits of each, in increasing order. The cells
    are filled in turn (fewest candidates first); what the cells left can make depends only
    on the sum left and the digits each may no longer take, so that is worked out once."""
    count = len(candidates)
    order = sorted(range(count), key=lambda at: candidates[at].bit_count())
    step_of = {cell: step for step, cell in enumerate(order)}
    later = [
        [step_of[other] - step - 1 for other in range(count) if peers[cell] >> other & 1]
        for step, cell in enumerate(order)
    ]
    later = [[at for at in ats if at >= 0] for ats in later]
    known: dict[tuple[int, int, tuple[int, ...]], frozenset[int]] = {}

    def ways(step: int, rest: int, barred: tuple[int, ...]) -> frozenset[int]:
        """The ways of the cells from `step` on (each a count of each digit, COUNT_BITS a
        digit) making `rest`, each cell kept from the digits `barred` says."""
        if step == count:
            return _NOTHING_MORE if rest == 0 else _NO_WAY
        if not count - step <= rest <= (count - step) * size:
            return _NO_WAY
        key = (step, rest, barred)
        if key in known:
            return known[key]
        found: set[int] = set()
        allowed = candidates[order[step]] & ~barred[0]
        for digit in range(1, min(size, rest) + 1):
            if not allowed >> digit & 1:
                continue
            after = list(barred[1:])
            for at in later[step]:
                after[at] |= 1 << digit & candidates[order[step + 1 + at]]
            rests = ways(step + 1, rest - digit, tuple(after))
            work.step(1 + len(rests))
            found.update(way + (1 << COUNT_BITS * digit) for way in rests)
        known[key] = frozenset(found)
        return known[key]

    start = tuple(0 for _ in range(count))
    return {_spelled_counts(way, size) for way in ways(0, total, start)}


# A way as counts of each digit, COUNT_BITS bits a digit (a count is at most 25).
COUNT_BITS = 5
_NOTHING_MORE: frozenset[int] = frozenset((0,))
_NO_WAY: frozenset[int] = frozenset()


def _spelled_counts(way: int, size: int) -> tuple[int, ...]:
    """The digits of a way held as counts, in increasing order."""
    mask = (1 << COUNT_BITS) - 1
    return tuple(d for d in range(1, size + 1) for _ in range(way >> COUNT_BITS * d & mask))
