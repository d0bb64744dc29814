"""A game in play as one value: read from a play link's query and written back to it."""

from __future__ import annotations

from webapp.sudoku import read_code
from webapp.sudoku.logic import decode_marks, encode_marks
from webapp.sudoku.progress import read_progress
from webapp.web.play.notes import no_notes, with_notes
from webapp.web.play.state import PlayState

from puzzles import NORVIG_EASY_CODE

PUZZLE = read_code(NORVIG_EASY_CODE)  # r1c1 open, its candidates from the givens 4 and 5


def a_game() -> PlayState:
    """A game with a value placed, a cell noted, one noted in full, and every setting off
    its default."""
    progress = read_progress(PUZZLE, "").with_values({0: 4})
    notes = with_notes(no_notes(PUZZLE), {1: 1 << 7})
    return PlayState(
        progress,
        notes,
        frozenset({3}),
        seconds=75,
        show_timer=False,
        candidates=False,
        notes_mode=True,
        autoclear=False,
    )


def as_link(query: dict[str, object]) -> dict[str, str]:
    """The query as a link spells it: None left out, every value text."""
    return {key: str(value) for key, value in query.items() if value is not None}


def test_a_game_written_to_its_link_reads_back_the_same() -> None:
    game = a_game()
    query = as_link(game.to_query())
    marks = decode_marks(PUZZLE, query["marks"])
    assert PlayState.from_query(PUZZLE, query, marks) == game


def test_a_shared_game_leaves_the_sharer_s_notes_mode_out() -> None:
    query = a_game().share_query()
    assert "notes" not in query


def test_a_link_without_notes_or_settings_is_a_fresh_game() -> None:
    game = PlayState.from_query(PUZZLE, {}, None)
    assert (encode_marks(game.notes), as_link(game.to_query())) == (
        "",
        {"progress": game.progress.code},
    )


def test_a_game_opened_from_a_link_with_notes_shares_the_same_link() -> None:
    notes = with_notes(no_notes(PUZZLE), {1: 1 << 7})
    game = PlayState.opened(read_progress(PUZZLE, ""), notes)
    link = as_link(game.share_query())
    assert link == {"progress": game.progress.code, "marks": encode_marks(notes)}
