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
from typing import TYPE_CHECKING

from .cages import combinations
from .narrowing import bits_mask

if TYPE_CHECKING:  # the board builds its narrowing from here, so no import at run time
    from .bitboard import Bitboard


@dataclass(frozen=True)
class CageMasks:
    """One cage with a sum, as the narrowing reads it off a state: the shifts of its cells'
    fields in the cell layout, the shift of its combinations' field, its combinations'
    digit masks, the option number of its first combination and the key of its digit 1's
    drop (Drops)."""

    cell_shifts: tuple[int, ...]
    combination_shift: int
    combination_mask: int
    ways: tuple[int, ...]
    first_way: int
    first_digit: int


class Drops(dict[int, int]):
    """The bits to clear to drop an option (by its number: a combination) or a digit from
    every cell of a cage (by a negative key, CageMasks.first_digit less the digit), built
    when first asked for: a Killer's board serves one puzzle, often one solve, and building
    them all took a fifth of its median solve."""

    def __init__(self, board: Bitboard, cages: dict[int, tuple[int, ...]]) -> None:
        super().__init__()
        self.bits, self.n = board.bits, board.n
        self.length = (board.constraints * board.width + 7) // 8
        self.cages = cages  # the cells of each cage, by its first digit key

    def __missing__(self, key: int) -> int:
        """Build the drop of `key`, keep it and give it."""
        if key >= 0:
            found = bits_mask(self.bits[key], self.length)
        else:
            digit = (-1 - key) % self.n  # the key is first_digit - digit
            cells = self.cages[key + digit]
            bits = [bit for cell in cells for bit in self.bits[cell * self.n + digit]]
            found = bits_mask(bits, self.length)
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
        cells_by_key: dict[int, tuple[int, ...]] = {}
        first_way = board.options  # each cage's combinations follow the cell options
        summed = [k for k, total in enumerate(geometry.cage_totals) if total is not None]
        for rank, k in enumerate(summed):
            cells = geometry.cages[k]
            ways = combinations(n, len(cells), geometry.cage_totals[k])
            field = first_cage_field + rank * (n + 1) + n
            first_digit = -1 - rank * n
            cells_by_key[first_digit] = cells
            cages.append(
                CageMasks(
                    cell_shifts=tuple(cell * width for cell in cells),
                    combination_shift=field * width,
                    combination_mask=(1 << len(ways)) - 1,
                    ways=ways,
                    first_way=first_way,
                    first_digit=first_digit,
                )
            )
            first_way += len(ways)
        self.cages = tuple(cages)
        self.drops = Drops(board, cells_by_key)

    def narrowed(self, alive: int) -> int:
        """`alive` less the combinations and digits its cages' sums rule out.

        One pass is enough: a cage's drops touch only its own cells and combinations, and
        once they are made every live combination's digits are still in its cells, and
        every digit left in them is in a live combination. What the drops make single, the
        search's singles place, and then the narrowing looks again."""
        digit_mask, drops = self.digit_mask, self.drops
        cells = alive & self.cell_layout
        drop = 0
        for cage in self.cages:
            present = 0
            for shift in cage.cell_shifts:
                present |= cells >> shift
            present &= digit_mask
            live = (alive >> cage.combination_shift) & cage.combination_mask
            held = 0
            while live:
                low = live & -live
                j = low.bit_length() - 1
                live ^= low
                way = cage.ways[j]
                if way & ~present:
                    drop |= drops[cage.first_way + j]
                else:
                    held |= way
            gone = present & ~held
            while gone:
                low = gone & -gone
                drop |= drops[cage.first_digit - low.bit_length() + 1]
                gone ^= low
        return alive & ~drop if drop & alive else alive
