"""Sum-aware narrowing of a Killer's cages inside the search: what its exact cover misses.

The board (bitboard.py) gives each way of making a cage's sum, a *combination*, an option
of its own, and the search's singles keep them: a digit placed in the cage drops every
combination without it, and the last combination left drops from the cage's cells every
digit it lacks. While two or more are left the singles say nothing more, and there the
search wandered: a combination whose digit no cell of the cage can still take stays, and
a digit that no live combination holds stays in the cage's cells. On the 9x9 Killers of
tests/data/variants most solves went to the SAT solver after KILLER_HANDOVER nodes.

Here, at each node once the singles are done, every cage with a sum is narrowed: a
combination dies if one of its digits has no live option left in the cage's cells (the
cage's remaining sum cannot be made with it), and a digit dies in every cell of the cage
if no live combination holds it. The cage's smallest and largest sums
bound it through the combinations, which list exactly the sets that make the sum. Only
options are removed, never placed, so the search's answers stay what its singles and
branching make them, with fewer nodes; a cage whose combinations all die leaves its
constraint empty, the search's contradiction.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from .cages import combinations
from .narrowing import bits_mask

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard, FieldMembers


@dataclass(frozen=True)
class CageMasks:
    """One cage with a sum, as the narrowing reads it off a state: the shifts of its cells'
    fields in the cell layout, the shift of its combinations' field, its combinations'
    digit masks, the option number of its first combination and the key of its digit 1's
    drop (Drops)."""

    cell_shifts: tuple[int, ...]
    combination_shift: int
    combination_mask: int
    tables: WayTables
    first_way: int
    first_digit: int


# The combinations' digits are looked up CHUNK combinations at a time (WayTables.unions).
CHUNK = 6
LOW_CHUNK = (1 << CHUNK) - 1


@dataclass(frozen=True)
class WayTables:
    """What the narrowing reads of a cage's shape (size and sum), the same for every cage of
    it: the digits of all its combinations, the combinations holding each digit (bit j for
    combination j), and the digits held by any set of combinations, by chunks of CHUNK
    (unions[c][m]: the digits of the combinations of chunk c whose bits are set in m)."""

    digits: int
    with_digit: tuple[int, ...]
    unions: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1024)
def way_tables(n: int, size: int, total: int | None) -> WayTables:
    """The WayTables of a cage of `size` cells adding up to `total` on an n x n board."""
    ways = combinations(n, size, total)
    with_digit = tuple(
        sum(1 << j for j, way in enumerate(ways) if way >> digit & 1) for digit in range(n)
    )
    unions = []
    for start in range(0, len(ways), CHUNK):
        part = ways[start : start + CHUNK]
        table = [0] * (1 << len(part))
        for held in range(1, len(table)):
            low = held & -held
            table[held] = table[held ^ low] | part[low.bit_length() - 1]
        unions.append(tuple(table))
    digits = 0
    for way in ways:
        digits |= way
    return WayTables(digits, with_digit, tuple(unions))


class Drops(dict[int, int]):
    """The bits to clear to drop an option (by its number: a combination) or a digit from
    every cell of a cage (by a negative key, CageMasks.first_digit less the digit), built
    when first asked for: a Killer's board serves one puzzle, often one solve, and building
    them all took a fifth of its median solve. A digit's are its cells' digit 1 bits in
    every layout (`spread`, by the cage's first digit key) moved that digit up."""

    def __init__(self, board: Bitboard, spread: dict[int, tuple[int, int]]) -> None:
        super().__init__()
        self.bits, self.n, self.width = board.bits, board.n, board.width
        self.length = (board.constraints * board.width + 7) // 8
        self.spread = spread  # (cell layout bits, unit layouts' bits) by first digit key

    def __missing__(self, key: int) -> int:
        """Build the drop of `key`, keep it and give it."""
        if key >= 0:
            found = bits_mask(self.bits[key], self.length)
        else:
            digit = (-1 - key) % self.n  # the key is first_digit - digit
            in_cells, in_units = self.spread[key + digit]
            found = (in_cells << digit) | (in_units << (digit * self.width))
        self[key] = found
        return found


class CageSums:
    """The narrowing of one board's cages with sums (see the module docstring)."""

    def __init__(self, board: Bitboard) -> None:
        geometry, n, width = board.geometry, board.n, board.width
        self.digit_mask = (1 << n) - 1
        self.cell_layout = (1 << (board.cells * width)) - 1
        first_cage_field = n * n + len(geometry.units) * n
        cages = []
        spread: dict[int, tuple[int, int]] = {}
        # A board with summed cages works out its members (FieldMembers).
        members = cast("FieldMembers", board.members)
        first_way = board.options  # each cage's combinations follow the cell options
        summed = [k for k, total in enumerate(geometry.cage_totals) if total is not None]
        for rank, k in enumerate(summed):
            cells = geometry.cages[k]
            ways = combinations(n, len(cells), geometry.cage_totals[k])
            field = first_cage_field + rank * (n + 1) + n
            first_digit = -1 - rank * n
            spread[first_digit] = members.cage_digit_1(rank)
            cages.append(
                CageMasks(
                    cell_shifts=tuple(cell * width for cell in cells),
                    combination_shift=field * width,
                    combination_mask=(1 << len(ways)) - 1,
                    tables=way_tables(n, len(cells), geometry.cage_totals[k]),
                    first_way=first_way,
                    first_digit=first_digit,
                )
            )
            first_way += len(ways)
        self.cages = tuple(cages)
        # The same, flat, as the narrowing reads them at each node.
        self.rows = tuple(
            (
                cage.combination_shift,
                cage.combination_mask,
                cage.cell_shifts,
                cage.tables.digits,
                cage.tables.with_digit,
                cage.tables.unions,
                cage.first_way,
                cage.first_digit,
            )
            for cage in cages
        )
        self.drops = Drops(board, spread)

    def narrowed(self, alive: int) -> int:
        """`alive` less the combinations and digits its cages' sums rule out.

        `alive` is a state the search's singles have settled, as the search asks: there a
        cage with one live combination has it placed (it was the last of the cage's
        constraint), so its cells hold exactly its digits and nothing is dropped; it is
        passed over.

        One pass is enough: a cage's drops touch only its own cells and combinations, and
        once they are made every live combination's digits are still in its cells, and
        every digit left in them is in a live combination. What the drops make single, the
        search's singles place, and then the narrowing looks again."""
        digit_mask, drops = self.digit_mask, self.drops
        cells = alive & self.cell_layout
        drop = 0
        for at, ways, shifts, digits, with_digit, unions, first_way, first_digit in self.rows:
            live = (alive >> at) & ways
            if not live & (live - 1):  # one way left, placed: its digits are its cells'
                continue
            present = 0
            for shift in shifts:
                present |= cells >> shift
            present &= digit_mask
            # The live ways holding a digit no cell has die; what the rest hold stays.
            absent = digits & ~present
            dead = 0
            while absent:
                low = absent & -absent
                dead |= with_digit[low.bit_length() - 1]
                absent ^= low
            dead &= live
            live ^= dead
            held = shift = 0
            for union in unions:
                held |= union[(live >> shift) & LOW_CHUNK]
                shift += CHUNK
            while dead:
                low = dead & -dead
                drop |= drops[first_way + low.bit_length() - 1]
                dead ^= low
            gone = present & ~held
            while gone:
                low = gone & -gone
                drop |= drops[first_digit - low.bit_length() + 1]
                gone ^= low
        return alive & ~drop if drop & alive else alive
