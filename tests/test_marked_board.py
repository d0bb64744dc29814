"""A board for a puzzle's own marks (bitboard.py): it serves one puzzle, so its placements
(and its options' mates) are built as the search asks for them, and its relations' masks
are the same as OR-ing in each forbidden partner's bits one by one."""

from __future__ import annotations

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.bitboard import Bitboard, bitboard_for
from webapp.sudoku.rulebook import MarkedPairs, orthogonal_pairs
from webapp.sudoku.shape import SHAPES

# A grid that keeps classic rules, and its white dots (digits one apart), all given.
ANSWER = "435269781682571493197834562826195347374682915951743628519326874248957136763418259"


def _white_dots() -> Puzzle:
    digits = [int(char) for char in ANSWER]
    dots = tuple(
        (one, other)
        for one, other in orthogonal_pairs(SHAPES[9])
        if abs(digits[one] - digits[other]) == 1
    )
    rules = Rules(marks=(MarkedPairs("W", dots, True),), mark_size=9)
    return Puzzle(parse("." * 81), rules)


def test_a_marked_board_builds_no_placement_before_the_search_asks() -> None:
    board = Bitboard(_white_dots().geometry)
    assert len(board.placements) == 0


def test_a_marked_boards_relation_masks_are_each_partner_bit_ored_in() -> None:
    board = Bitboard(_white_dots().geometry)
    n, expected = board.n, [0] * len(board.mates)
    for relation in board.geometry.relations:
        for first, second in relation.pairs:
            for one, other in relation.forbidden:
                for cell, to, digit, beside in (
                    (first, second, one, other),
                    (second, first, other, one),
                ):
                    for bit in board.bits[to * n + beside - 1]:
                        expected[cell * n + digit - 1] |= 1 << bit
    assert board.mates == expected


def every_mate(board: Bitboard) -> list[int]:
    """A board's mates, option by option (a marked board works each out when asked)."""
    return [board.mates[option] for option in range(len(board.mates))]


def test_a_marked_board_made_from_its_unmarked_board_relates_the_same_options() -> None:
    geometry = _white_dots().geometry
    assert every_mate(bitboard_for(geometry)) == Bitboard(geometry).mates


def test_a_marked_board_made_from_its_unmarked_board_places_the_same_way() -> None:
    geometry = _white_dots().geometry
    made, built = bitboard_for(geometry), Bitboard(geometry)
    options = range(0, made.options, 7)
    assert [made.placements[o] for o in options] == [built.placements[o] for o in options]


def test_a_marked_board_with_pairs_made_from_the_plain_board_relates_the_same_options() -> None:
    # Anti-king's pairs too: the marked board takes them from no board of its own.
    white = _white_dots()
    geometry = Puzzle(
        white.grid, Rules(extras=("t",), marks=white.rules.marks, mark_size=9)
    ).geometry
    assert geometry.pairs and every_mate(bitboard_for(geometry)) == Bitboard(geometry).mates
