"""The search's narrowings' shared drops (webapp/sudoku/narrowing.py): a cell's drop for some
digits is every bit of those options in every layout, as the board lists them, on a Killer's
board (its cages' fields among its layouts), an arrow puzzle's and an X-Sudoku's."""

from __future__ import annotations

import pytest

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.cages import Cage
from webapp.sudoku.narrowing import CellDrops, bits_mask
from webapp.sudoku.rulebook import Line

EMPTY = parse("." * 81)
PUZZLES = {
    "killer": Puzzle(EMPTY, Rules.from_letters("", cages=(Cage((0, 1, 9), 12),), cage_size=9)),
    "arrows": Puzzle(EMPTY, Rules(lines=(Line("A", (0, 10, 20)),), line_size=9)),
    "x": Puzzle(EMPTY, Rules.from_letters("x")),
}


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_cells_drop_is_every_bit_of_its_digits_options(name: str) -> None:
    board = bitboard_for(PUZZLES[name].geometry)
    drops = CellDrops(board)
    length = (board.constraints * board.width + 7) // 8
    wrong = [
        (cell, digits)
        for cell in range(board.cells)
        for digits in (1, 0b100010000, 0b111111111)
        if drops[cell * board.width, digits]
        != bits_mask(
            [bit for d in range(9) if digits >> d & 1 for bit in board.bits[cell * 9 + d]], length
        )
    ]
    assert wrong == []
