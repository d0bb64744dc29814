"""What the search's narrowings share (cage_sums.py, sum_lines.py, line_rules.py,
relation_narrowing.py): the masks that drop some digits of one cell, in every layout, built
once and kept."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the board builds its narrowings, so no import at run time
    from .bitboard import Bitboard


def bits_mask(bits: Iterable[int], length: int) -> int:
    """The int with `bits` set, `length` bytes at most: set in a bytearray, which is some
    times faster than adding a thousand-bit power of two for each (a Killer's board
    serves one puzzle, so this is part of its solve)."""
    spelled = bytearray(length)
    for bit in bits:
        spelled[bit >> 3] |= 1 << (bit & 7)
    return int.from_bytes(spelled, "little")


class CellDrops(dict[tuple[int, int], int]):
    """Every bit of the options of a cell for some digits, by (the cell's shift in the cell
    layout, the digits as a mask, digit 1 lowest), built when first asked for and kept."""

    def __init__(self, board: Bitboard) -> None:
        super().__init__()
        self.bits, self.n, self.width = board.bits, board.n, board.width
        self.length = (board.constraints * board.width + 7) // 8

    def __missing__(self, key: tuple[int, int]) -> int:
        """Build the drop of `key`, keep it and give it."""
        shift, digits = key
        cell, n = shift // self.width, self.n
        bits = [
            bit for digit in range(n) if digits >> digit & 1 for bit in self.bits[cell * n + digit]
        ]
        found = self[key] = bits_mask(bits, self.length)
        return found
