"""Corner marks, centre marks and cell colours: in the play state and its link (short,
checked, bounded), drawn and said by the page without script, kept by the form's buttons,
and the Killer combination list as the server sends it."""

from __future__ import annotations

import re

import pytest

from webapp.sudoku import read_code
from webapp.sudoku.logic import encode_marks
from webapp.sudoku.parse import read
from webapp.sudoku.progress import read_progress
from webapp.web.play.cell_marks import cell_marks_code, read_cell_marks
from webapp.web.play.notes import no_notes, with_notes
from webapp.web.play.state import PlayState

from puzzles import NORVIG_EASY_CODE

PUZZLE = read_code(NORVIG_EASY_CODE)  # r1c1, r1c2 open; r1c3 a given
# A 4x4 Killer with one solution, 1234/3412/2143/4321 (tests/test_killer_pages.py).
FOUR = read("....\n" * 4 + "aabb\ncdde\ncfge\nhfgg\na=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4\n").puzzle
MARKED = "corner=r1c1-45.r1c2-1&centre=r1c2-47&colours=r1c1-3.r1c3-9"


def a_game() -> PlayState:
    """A game with each kind of mark."""
    return PlayState(
        read_progress(PUZZLE, ""),
        no_notes(PUZZLE),
        corner=((0, 1 << 4 | 1 << 5), (1, 1 << 1)),
        centre=((1, 1 << 4 | 1 << 7),),
        colours=((0, 3), (2, 9)),
    )


def as_link(query: dict[str, object]) -> dict[str, str]:
    """The query as a link spells it: None left out, every value text."""
    return {key: str(value) for key, value in query.items() if value is not None}


def test_marks_and_colours_written_to_the_link_read_back_the_same():
    game = a_game()
    assert PlayState.from_query(PUZZLE, as_link(game.to_query()), None) == game


def test_the_share_link_keeps_marks_and_colours():
    query = a_game().share_query()
    assert (query["corner"], query["centre"], query["colours"]) == (
        "r1c1-45.r1c2-1",
        "r1c2-47",
        "r1c1-3.r1c3-9",
    )


def test_a_link_s_marks_code_is_its_cells_and_their_symbols():
    marked = read_cell_marks("corner", "r1c2-71.r1c1-4", PUZZLE.cells, PUZZLE.shape)
    assert cell_marks_code("corner", marked, 9) == "r1c1-4.r1c2-17"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("corner=r1c3-4", "corner: r1c3 is a given; marks go in open cells"),
        ("centre=r1c1-4.r1c1-5", "centre: r1c1 is named twice"),
        ("centre=r10c1-4", "centre: r10c1 is not a cell of a 9x9"),
        ("corner=r1c1-0", "corner: r1c1&#39;s marks hold &#39;0&#39;; marks are 1 to 9"),
        ("corner=r1c1-", "corner: r1c1 is named without marks"),
        ("corner=here", "corner: &#39;here&#39; is not a cell such as r1c2 and its marks"),
        ("colours=r1c1-0", "colours: r1c1&#39;s colour &#39;0&#39; is not a number from 1 to 9"),
        ("colours=" + "r1c1-1." * 200, "colours: 1,400 characters, more than a 9x9 holds"),
    ],
)
def test_a_bad_mark_in_the_link_is_refused_naming_its_field(client, query, message):
    response = client.get(f"/play/{NORVIG_EASY_CODE}?{query}")
    assert (response.status_code, message in response.text) == (422, True)


def test_the_page_draws_corner_and_centre_marks_without_script(client):
    html = client.get(f"/play/{NORVIG_EASY_CODE}?{MARKED}").text
    assert (
        '<span class="corner-marks" aria-hidden="true"><span>4</span><span>5</span></span>' in html
        and '<span class="centre-marks" aria-hidden="true">47</span>' in html
    )


def test_a_screen_reader_hears_a_cell_s_marks_and_colour(client):
    html = client.get(f"/play/{NORVIG_EASY_CODE}?{MARKED}").text
    assert 'aria-label="Row 1, column 2, corner marks 1, centre marks 4 and 7"' in html
    assert 'aria-label="Row 1, column 1, corner marks 4 and 5, coloured yellow"' in html


def test_a_coloured_given_is_drawn_in_its_colour(client):
    html = client.get(f"/play/{NORVIG_EASY_CODE}?{MARKED}").text
    assert re.search(r'<td class="given colour-9[^"]*"><input id="r1c3"', html)


def test_a_value_hides_a_cell_s_marks(client):
    progress = "4".ljust(81, "0")
    html = client.get(f"/play/{NORVIG_EASY_CODE}?progress={progress}&{MARKED}").text
    assert "corner-marks" in html and "Row 1, column 1, corner" not in html


def test_save_without_script_keeps_marks_and_colours(client):
    form = {
        "progress": "",
        "settings": "1",
        "corner": "r1c1-45",
        "centre": "r1c2-47",
        "colours": "r1c3-9",
        "action": "save",
    }
    response = client.post(f"/play/{NORVIG_EASY_CODE}", data=form)
    assert "corner=r1c1-45&centre=r1c2-47&colours=r1c3-9" in response.headers["Location"]


def test_a_bad_mark_sent_by_the_form_is_refused_naming_its_field(client):
    form = {"progress": "", "settings": "1", "corner": "r1c3-4", "action": "save"}
    response = client.post(f"/play/{NORVIG_EASY_CODE}", data=form)
    assert (response.status_code, "corner: r1c3 is a given" in response.text) == (422, True)


def test_a_killer_s_play_page_lists_each_cage_s_ways_without_script(client):
    html = client.get(f"/play/{FOUR.code}").text
    assert "<li>Cage at r1c3 (sum 7), 7 in 2: 3-4</li>" in html


def test_the_cage_list_leaves_out_the_ways_the_notes_rule_out(client):
    # r2c2 and r2c3 make 5 as 1-4 or 2-3; notes of 1 and 4 in both leave 1-4 alone
    notes = with_notes(no_notes(FOUR), {5: 1 << 1 | 1 << 4, 6: 1 << 1 | 1 << 4})
    html = client.get(f"/play/{FOUR.code}?marks={encode_marks(notes)}").text
    assert "<li>Cage at r2c2 (sum 5), 5 in 2: 1-4; ruled out: 2-3</li>" in html
