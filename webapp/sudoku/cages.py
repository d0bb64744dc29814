"""Killer Sudoku's cages: connected groups of cells whose digits differ and add up to a sum.

Glossary:
- cage: cells (0-based, reading order) that hold different digits; with a `total`,
  their digits add up to it. A cage without a sum is still a no-repeat cage. A cage
  is named by its first cell and its sum: "Cage at r1c1 (sum 10)", "Cage at r1c1";
- combination: a set of different digits of the cage's size adding up to its sum,
  as a digit mask (bit d-1 for digit d);
- cage code: the cages as a share code writes them (puzzle.py puts it after "k"):
  one character per cell, the number of its cage in CAGE_DIGITS (base 62; "0" for a
  cell in no cage), cages numbered from 1 in the order of their first cells; then
  each cage's sum in two characters ("00" for none). With more than 61 cages a cell
  takes two characters, and the code starts with WIDE. So the 4x4 of two cages
  r1c1-r1c2 (sum 3) and r2c1 (no sum) is "1100200000000000" + "03" + "00".

A cage read from a person is checked here, and every problem names the cage, with its
cells on the error for a form to mark: "Cage at r1c1 (sum 10) is in 2 pieces (r1c1 and
r3c3 are not joined)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations as subsets

from .errors import PuzzleError
from .regions import pieces, place

CAGE_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
BASE = len(CAGE_DIGITS)
# Starts a cage code whose cells take two characters each (more than BASE - 1 cages).
WIDE = "_"
# The solver gives each way of making a cage's sum a place of its own (bitboard.py): a
# cage that can be made in more ways than this (on 12x12 and bigger grids) is refused.
MOST_COMBINATIONS = 64


@dataclass(frozen=True)
class Cage:
    """Cells (0-based, kept in reading order) whose digits differ and, unless `total` is
    None, add up to `total`."""

    cells: tuple[int, ...]
    total: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(self.cells)))

    def name(self, size: int, capital: bool = True) -> str:
        """ "Cage at r1c1 (sum 10)", or "Cage at r1c1" without a sum."""
        word = "Cage" if capital else "cage"
        start = place(size, self.cells[0]) if self.cells else "nowhere"
        if self.total is None:
            return f"{word} at {start}"
        return f"{word} at {start} (sum {self.total})"

    def places(self, size: int) -> tuple[tuple[int, int], ...]:
        """The cells as 1-based (row, column) pairs, as PuzzleError carries them."""
        return tuple((cell // size + 1, cell % size + 1) for cell in self.cells)


def in_order(cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """Cages in the order of their first cells: the one order a puzzle keeps them in."""
    return tuple(sorted(cages, key=lambda cage: cage.cells[:1]))


def sum_range(size: int, count: int) -> tuple[int, int]:
    """The least and the most `count` different digits of 1..size add up to."""
    return count * (count + 1) // 2, count * (2 * size - count + 1) // 2


@lru_cache(maxsize=4096)
def combinations(size: int, count: int, total: int | None) -> tuple[int, ...]:
    """Every set of `count` different digits of 1..size adding up to `total` (any sum when
    None), as digit masks (bit d-1 for digit d), in increasing order of mask. Only sets
    that can still reach the sum are followed, so a sum made few ways costs little even
    on 25x25 (count_ways says how many there are without listing them)."""
    if total is None:
        found = [sum(1 << (d - 1) for d in digits) for digits in subsets(range(1, size + 1), count)]
        return tuple(sorted(found))
    masks: list[int] = []

    def extend(lowest: int, left: int, rest: int, mask: int) -> None:
        """Add digits from `lowest` up: `left` more of them making `rest`."""
        if left == 0:
            if rest == 0:
                masks.append(mask)
            return
        for digit in range(lowest, size + 1):
            least = left * digit + left * (left - 1) // 2  # digit, digit + 1, ...
            if least > rest:
                break
            if rest <= sum_range(size, left)[1]:
                extend(digit + 1, left - 1, rest - digit, mask | 1 << (digit - 1))

    extend(1, count, total, 0)
    return tuple(sorted(masks))


@lru_cache(maxsize=4096)
def count_ways(size: int, count: int, total: int) -> int:
    """How many sets of `count` different digits of 1..size add up to `total`."""
    # ways[k][t]: sets of k digits among those seen so far making t
    ways = [[0] * (total + 1) for _ in range(count + 1)]
    ways[0][0] = 1
    for digit in range(1, size + 1):
        for k in range(min(count, digit), 0, -1):
            for t in range(total, digit - 1, -1):
                ways[k][t] += ways[k - 1][t - digit]
    return ways[count][total]


def checked(size: int, cages: Sequence[Cage]) -> tuple[Cage, ...]:
    """`cages` of a size x size grid in order, checked: each connected, in the grid, no
    bigger than `size`, with a sum its digits can make, and none sharing a cell with
    another. PuzzleError naming the cage (and carrying its cells) otherwise."""
    cells = size * size
    owner: dict[int, Cage] = {}
    for cage in cages:
        if not isinstance(cage, Cage):
            raise PuzzleError(f"a cage is a Cage, not {type(cage).__name__}")
        if not cage.cells:
            raise PuzzleError("a cage has no cells; each cage holds at least one")
        outside = [cell for cell in cage.cells if not 0 <= cell < cells]
        if outside:
            raise PuzzleError(f"a cage names a cell outside the {size}x{size} grid")
        name, where = cage.name(size), cage.places(size)
        twice = [a for a, b in zip(cage.cells, cage.cells[1:], strict=False) if a == b]
        if twice:
            raise PuzzleError(f"{name} names {place(size, twice[0])} twice", cells=where)
        problem = _problem(size, cage)
        if problem:
            raise PuzzleError(f"{name}{problem}", cells=where)
        for cell in cage.cells:
            other = owner.setdefault(cell, cage)
            if other is not cage:
                first, second = in_order((other, cage))
                raise PuzzleError(
                    f"{first.name(size)} and {second.name(size, capital=False)}"
                    f" share {place(size, cell)}",
                    cells=first.places(size) + second.places(size),
                )
    return in_order(cages)


def _problem(size: int, cage: Cage) -> str | None:
    """What is wrong with one cage on its own (to follow its name), or None."""
    count = len(cage.cells)
    if count > size:
        return f" has {count} cells; a {size}x{size} cage holds at most {size}"
    parts = pieces(size, cage.cells)
    if len(parts) > 1:
        first, second = place(size, parts[0][0]), place(size, parts[1][0])
        return f" is in {len(parts)} pieces ({first} and {second} are not joined)"
    if cage.total is None:
        return None
    least, most = sum_range(size, count)
    digits = "one digit is" if count == 1 else f"{count} different digits add up to"
    if cage.total > most:
        return f": {digits} at most {most}"
    if cage.total < least:
        return f": {digits} at least {least}"
    ways = count_ways(size, count, cage.total)
    if ways > MOST_COMBINATIONS:
        return (
            f" can be made {ways} ways; the solver takes cages of at most"
            f" {MOST_COMBINATIONS} ways (split it, or give it fewer cells)"
        )
    return None


def _spell(number: int, width: int) -> str:
    """`number` in CAGE_DIGITS, `width` characters."""
    text = ""
    for _ in range(width):
        number, digit = divmod(number, BASE)
        text = CAGE_DIGITS[digit] + text
    return text


def read_cage_number(text: str) -> int:
    """The number `text` spells in CAGE_DIGITS."""
    number = 0
    for char in text:
        number = number * BASE + CAGE_DIGITS.index(char)
    return number


def encode_cages(size: int, cages: Sequence[Cage]) -> str:
    """The cage code of `cages` (checked, in order) on a size x size grid."""
    numbers = [0] * (size * size)
    for number, cage in enumerate(cages, start=1):
        for cell in cage.cells:
            numbers[cell] = number
    wide = len(cages) >= BASE
    width = 2 if wide else 1
    head = WIDE if wide else ""
    cells = "".join(_spell(number, width) for number in numbers)
    sums = "".join(_spell(0 if cage.total is None else cage.total, 2) for cage in cages)
    return head + cells + sums


def cage_code_fits(size: int, code: str) -> bool:
    """True when `code` has the length and characters of a size x size grid's cage code
    (decode_cages then checks the cages it spells)."""
    wide = code.startswith(WIDE)
    body = code[1:] if wide else code
    width = 2 if wide else 1
    cells = size * size * width
    if len(body) < cells or (len(body) - cells) % 2 or not all(c in CAGE_DIGITS for c in body):
        return False
    numbers = [read_cage_number(body[i : i + width]) for i in range(0, cells, width)]
    return len(body) == cells + 2 * max(numbers, default=0)


def decode_cages(size: int, code: str) -> tuple[Cage, ...]:
    """The cages a cage code spells on a size x size grid, checked as `checked` checks a
    person's; PuzzleError if the code cannot be one, or is not the one encode_cages writes
    (so a puzzle has one code)."""
    if not cage_code_fits(size, code):
        raise PuzzleError(f"the cage code does not fit a {size}x{size} grid")
    wide = code.startswith(WIDE)
    body = code[1:] if wide else code
    width = 2 if wide else 1
    cells = size * size * width
    numbers = [read_cage_number(body[i : i + width]) for i in range(0, cells, width)]
    members: list[list[int]] = [[] for _ in range(max(numbers, default=0))]
    for cell, number in enumerate(numbers):
        if number:
            members[number - 1].append(cell)
    if not all(members):
        raise PuzzleError("the cage code skips a cage number")
    sums = [read_cage_number(body[i : i + 2]) for i in range(cells, len(body), 2)]
    cages = checked(
        size,
        [Cage(tuple(cells), total or None) for cells, total in zip(members, sums, strict=True)],
    )
    if encode_cages(size, cages) != code:
        raise PuzzleError("the cage code numbers its cages out of the order of their first cells")
    return cages
