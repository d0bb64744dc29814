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
question of a cage (logic/cage_combinations.fillings answers it, for both); otherwise a
short search per way answers it, within MOST_WORK steps. The play page shows the possible
ways and those the candidates rule out ("17 in 3: 1-7-9, 2-6-9; ruled out by your
candidates: 3-5-9").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cages import combinations, count_ways, sum_range
from .errors import PuzzleError
from .logic.cage_combinations import fillings

# The ways listed for one sum at most: more are no help to read, and a request naming many
# cells must not make the server list thousands (9 cells on a 9x9 can be 910 ways).
MOST_WAYS = 300
# The steps of the search for ways with a repeated digit, all ways of a request together:
# a bound on the work one request can ask, whatever cells it names.
MOST_WORK = 200_000


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
        listed = _count_repeating(size, count, total)
        _refuse_many(listed, count, total)
        work = _Work()
        ways = _repeating(size, count, total)
        made = {way for way in ways if _placeable(way, open_cells, tuple(peers), work)}
        allowed = {way for way in made if _placeable(way, tuple(candidates), tuple(peers), work)}
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


@lru_cache(maxsize=1024)
def _count_repeating(size: int, count: int, total: int) -> int:
    """How many ways `count` digits of 1..size, repeats allowed, add up to `total`."""
    # ways[k][t]: ways of k digits among those seen so far making t
    ways = [[0] * (total + 1) for _ in range(count + 1)]
    ways[0][0] = 1
    for digit in range(1, size + 1):
        for k in range(1, count + 1):
            for t in range(digit, total + 1):
                ways[k][t] += ways[k - 1][t - digit]
    return ways[count][total]


def _repeating(size: int, count: int, total: int) -> list[tuple[int, ...]]:
    """Every way `count` digits of 1..size, repeats allowed, add up to `total`, as digits in
    increasing order."""
    found: list[tuple[int, ...]] = []

    def extend(lowest: int, left: int, rest: int, taken: tuple[int, ...]) -> None:
        """Add `left` digits from `lowest` up making `rest`."""
        if left == 0:
            if rest == 0:
                found.append(taken)
            return
        for digit in range(lowest, size + 1):
            if digit * left > rest:
                break
            if rest <= digit + (left - 1) * size:
                extend(digit, left - 1, rest - digit, (*taken, digit))

    extend(1, count, total, ())
    return found


class _Work:
    """The steps the search has taken for one request, refused past MOST_WORK."""

    def __init__(self) -> None:
        self.steps = 0

    def step(self) -> None:
        """One more step; PuzzleError once the bound is passed."""
        self.steps += 1
        if self.steps > MOST_WORK:
            raise PuzzleError("these cells take too long to work out: choose fewer cells")


def _placeable(
    way: tuple[int, ...], candidates: tuple[int, ...], peers: tuple[int, ...], work: _Work
) -> bool:
    """Whether the digits of `way` can go one to a cell, each in a cell whose candidates
    hold it, no two peers alike (the cells with fewest candidates tried first)."""
    left: dict[int, int] = {}
    for digit in way:
        left[digit] = left.get(digit, 0) + 1
    order = sorted(range(len(candidates)), key=lambda at: candidates[at].bit_count())
    placed = [0] * len(candidates)

    def place(step: int) -> bool:
        """Give the cells from `step` on (in `order`) the digits left."""
        if step == len(order):
            return True
        at = order[step]
        seen = {placed[other] for other in range(len(placed)) if peers[at] >> other & 1}
        for digit, times in left.items():
            if not times or not candidates[at] >> digit & 1 or digit in seen:
                continue
            work.step()
            left[digit] -= 1
            placed[at] = digit
            if place(step + 1):
                return True
            left[digit] += 1
            placed[at] = 0
        return False

    return place(0)
