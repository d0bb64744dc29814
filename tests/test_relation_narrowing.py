"""The search's narrowing of relations (webapp/sudoku/relation_narrowing.py): a digit
leaves a cell of a related pair when no digit left in the other cell may stand beside it;
relations whose digits allow many partners are left to the singles."""

from __future__ import annotations

import pytest

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.rulebook import Line
from webapp.sudoku.solver import initial_state


def narrowed_digits(puzzle: Puzzle) -> list[set[int]]:
    """Each cell's digits once the relation narrowing of `puzzle`'s board changes nothing."""
    board = bitboard_for(puzzle.geometry)
    assert board.relation_narrowing is not None
    alive, before = initial_state(board, puzzle.grid)[0], -1
    while alive != before:
        alive, before = board.relation_narrowing.narrowed(alive), alive
    return [
        {digit for digit in range(1, 10) if alive >> (cell * board.width + digit - 1) & 1}
        for cell in range(81)
    ]


def test_a_thermometer_of_four_cells_makes_its_tip_at_least_4_and_its_bulb_at_most_6() -> None:
    thermometer = Line("T", (0, 1, 2, 3))  # r1c1 (its bulb) to r1c4
    digits = narrowed_digits(Puzzle(parse("." * 81), Rules(lines=(thermometer,), line_size=9)))
    assert (digits[0], digits[3]) == ({1, 2, 3, 4, 5, 6}, {4, 5, 6, 7, 8, 9})


@pytest.mark.parametrize(
    "rules",
    [
        Rules.from_letters("o"),  # never consecutive: each digit allows six or more
        Rules(lines=(Line("G", (0, 1, 2)),), line_size=9),  # a whisper's allow up to four
    ],
    ids=["non-consecutive", "German whisper"],
)
def test_a_relation_whose_digits_allow_many_partners_is_left_to_the_singles(rules) -> None:
    puzzle = Puzzle(parse("." * 81), rules)
    assert puzzle.geometry.relations and bitboard_for(puzzle.geometry).relation_narrowing is None
