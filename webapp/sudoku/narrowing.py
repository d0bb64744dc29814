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
    layout, the digits as a mask, digit 1 lowest), built when first asked for and kept: the
    digits' bits in the cell's field, and its unit bits (its digit 1 option's bits in every
    other layout) moved up a field for each digit past 1, as a placement reads them."""

    def __init__(self, board: Bitboard) -> None:
        super().__init__()
        self.unit_bits, self.width = board.unit_bits, board.width

    def __missing__(self, key: tuple[int, int]) -> int:
        """Build the drop of `key`, keep it and give it."""
        shift, digits = key
        width = self.width
        spread = 0  # a 1 at the foot of each digit's field
        rest = digits
        while rest:
            low = rest & -rest
            spread |= 1 << ((low.bit_length() - 1) * width)
            rest ^= low
        found = self[key] = (digits << shift) | (self.unit_bits[shift // width] * spread)
        return found
