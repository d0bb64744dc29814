"""A player's notes on a play position: written or not, shown, replaced, filled in, and
cleared by a value placed."""

from __future__ import annotations

from webapp.sudoku import Grid, read_code
from webapp.sudoku.logic import Position, decode_marks, encode_marks
from webapp.web.play.notes import (
    cleared_by,
    filled_in,
    no_notes,
    placements,
    shown,
    with_notes,
    written,
)

from puzzles import NORVIG_EASY_CODE, with_cells

PUZZLE = read_code(NORVIG_EASY_CODE)  # r1c1 open, its candidates from the givens 4 and 5
R1C1, R1C2 = 0, 1


def mask(*values: int) -> int:
    return sum(1 << value for value in values)


def grid_of(code: str) -> Grid:
    return read_code(code).grid


def test_a_fresh_game_has_no_notes_and_shows_none_until_the_candidates_are_asked_for():
    notes = no_notes(PUZZLE)
    assert encode_marks(notes) == ""
    assert not any(written(notes, notes, cell) for cell in range(81))
    assert set(shown(notes, PUZZLE.grid, False)) == {None}
    every = shown(notes, PUZZLE.grid, True)
    assert every[R1C1] == Position.from_puzzle(PUZZLE).candidates[R1C1] == mask(4, 5)
    assert every[2] is None  # r1c3 is a given


def test_notes_written_in_a_cell_travel_in_the_marks_code_and_come_back():
    start = no_notes(PUZZLE)
    notes = with_notes(start, {R1C1: mask(4)})
    assert written(notes, start, R1C1) and not written(notes, start, R1C2)
    back = decode_marks(PUZZLE, encode_marks(notes))
    assert back.candidates == notes.candidates
    assert shown(back, PUZZLE.grid, False)[R1C1] == mask(4)


def test_a_note_the_givens_rule_out_is_dropped_and_empty_notes_are_none():
    start = no_notes(PUZZLE)
    notes = with_notes(start, {R1C1: mask(3, 4)})  # 3 is a given in row 1
    assert notes.candidates[R1C1] == mask(4)
    assert with_notes(notes, {R1C1: 0}).candidates == start.candidates
    assert with_notes(notes, {R1C1: mask(3)}).candidates == start.candidates


def test_notes_shown_are_the_players_own_even_where_a_value_rules_one_out():
    start = no_notes(PUZZLE)
    notes = with_notes(start, {R1C2: mask(4, 5, 8)})
    grid = grid_of(with_cells(NORVIG_EASY_CODE, r1c1="4"))
    assert shown(notes, grid, False)[R1C2] == mask(4, 5, 8)
    assert shown(notes, grid, False)[R1C1] is None  # a value hides its cell's notes


def test_filling_in_writes_every_candidate_the_values_allow():
    grid = grid_of(with_cells(NORVIG_EASY_CODE, r1c1="4"))
    filled = filled_in(no_notes(PUZZLE), grid)
    allowed = Position.of_values(PUZZLE, grid.cells).candidates
    for cell, value in enumerate(grid.cells):
        if not value:
            assert filled.candidates[cell] == allowed[cell], cell
    assert not filled.has(R1C2, 4)  # r1c2 shares row 1 with the 4 just placed
    assert shown(filled, grid, True)[R1C2] == allowed[R1C2]


def test_a_value_placed_clears_its_digit_from_the_peers_the_player_wrote_notes_in():
    start = no_notes(PUZZLE)
    r2c2, r9c9 = 10, 80
    notes = with_notes(start, {R1C2: mask(4, 5), r9c9: mask(4, 7)})
    before = PUZZLE.grid
    after = grid_of(with_cells(NORVIG_EASY_CODE, r1c1="4"))
    placed = placements(before, after)
    assert placed == ((R1C1, 4),)
    cleared = cleared_by(notes, placed)
    assert cleared.candidates[R1C2] == mask(5)  # a peer, noted
    assert cleared.candidates[r9c9] == mask(4, 7)  # not a peer
    assert cleared.candidates[r2c2] == start.candidates[r2c2]  # a peer without notes
