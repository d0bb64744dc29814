"""The combination helper for chosen cells, without script: the play page's small form
(?cells= and ?sum=) and the JSON route play_marks.js asks give the same line, say when a
digit may repeat, and refuse what cannot be used with a 422 naming the field and the fault."""

from __future__ import annotations

import html

import pytest

from webapp.sudoku.parse import read

from puzzles import NORVIG_EASY_CODE

PLAY = f"/play/{NORVIG_EASY_CODE}"
# r1c1 and r5c5 share no unit: 8 is 3+5 or 4+4 with r1c1's candidates 4 and 5
APART = "r1c1 r5c5, 8 in 2: 3-5, 4-4; ruled out by your candidates: 1-7, 2-6."
# A 4x4 Killer with one solution, 1234/3412/2143/4321 (tests/test_killer_pages.py).
FOUR = read("....\n" * 4 + "aabb\ncdde\ncfge\nhfgg\na=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4\n").puzzle


def test_the_page_without_script_says_the_ways_of_the_cells_named(client):
    page = client.get(f"{PLAY}?cells=r1c1+r5c5&sum=8").get_data(as_text=True)
    assert APART in html.unescape(page)


def test_cells_sharing_no_unit_are_said_to_repeat_a_digit(client):
    page = client.get(f"{PLAY}?cells=r1c1+r5c5&sum=8").get_data(as_text=True)
    assert "r1c1 and r5c5 share no unit, so a digit may repeat" in page


def test_cells_of_one_unit_take_different_digits(client):
    # row 1: 4 and 5 in r1c1 and r1c2 leave r1c4 8 (4-4-9 and such are not ways)
    answer = client.get(f"{PLAY}/sums?cells=r1c1+r1c2+r1c4&sum=17").get_json()
    assert answer["line"] == "r1c1 r1c2 r1c4, 17 in 3: 4-5-8; ruled out by your candidates:" + (
        " 1-7-9, 2-6-9, 2-7-8, 3-5-9, 3-6-8, 4-6-7."
    )


def test_the_script_s_route_says_the_page_s_line(client):
    answer = client.get(f"{PLAY}/sums?cells=r1c1 r5c5&sum=8").get_json()
    assert answer["line"].startswith(APART)


def test_the_cells_of_a_killer_cage_give_the_cage_s_ways(client):
    # the cage at r1c1 (sum 3): r1c1 and r1c2 can only be 1 and 2
    answer = client.get(f"/play/{FOUR.code}/sums?cells=r1c2,r1c1&sum=3").get_json()
    assert answer["line"] == "r1c2 r1c1, 3 in 2: 1-2."


def test_the_game_s_values_rule_ways_out(client):
    # r1c1 holds 4: r1c1 and r5c5 making 8 is 4-4 only
    progress = "4" + "0" * 80
    answer = client.get(f"{PLAY}/sums?progress={progress}&cells=r1c1 r5c5&sum=8").get_json()
    assert answer["line"].startswith("r1c1 r5c5, 8 in 2: 4-4; ruled out by your candidates:")


REFUSED = [
    ("r10c1", "8", "Cells: r10c1 is not in this 9x9 grid (rows and columns 1 to 9)"),
    ("zz", "8", "Cells: 'zz' is not a cell's name such as r1c1"),
    ("", "8", "Cells: name the cells to add up, such as r1c1 r1c2 r2c1"),
    ("r1c1 r1c1", "8", "Cells: r1c1 is named twice"),
    (" ".join(f"r1c{c}" for c in range(1, 10)) + " r2c1", "50", "Cells: 10 cells are more than"),
    ("r1c1 " * 60, "8", "Cells: 300 characters are too many; name at most 9 cells"),
    ("r1c1 r1c2", "99", "Sum: 2 cells add up to 3 to 17, not 99"),
    ("r1c1 r5c5", "1", "Sum: 2 cells add up to 2 to 18, not 1"),
    ("r1c1 r1c2", "x", "Sum: 'x' is not a whole number such as 17"),
    ("r1c1 r1c2", "", "Sum: give a whole number such as 17"),
]


@pytest.mark.parametrize(("cells", "total", "said"), REFUSED)
def test_the_page_refuses_what_cannot_be_used_in_words(client, cells, total, said):
    response = client.get(PLAY, query_string={"cells": cells, "sum": total})
    assert (response.status_code, said in html.unescape(response.get_data(as_text=True))) == (
        422,
        True,
    )


@pytest.mark.parametrize(("cells", "total", "said"), REFUSED)
def test_the_script_s_route_refuses_what_cannot_be_used_in_words(client, cells, total, said):
    response = client.get(f"{PLAY}/sums", query_string={"cells": cells, "sum": total})
    assert (response.status_code, response.get_json()["error"].startswith(said)) == (422, True)


def test_the_field_at_fault_is_marked_for_a_screen_reader(client):
    page = client.get(PLAY, query_string={"cells": "r1c1", "sum": "x"}).get_data(as_text=True)
    assert (
        'name="sum" value="x" inputmode="numeric" size="4" autocomplete="off"'
        + (' aria-invalid="true" aria-describedby="sum-error"')
        in page
    )


def test_a_broken_game_in_the_script_s_route_is_a_422(client):
    response = client.get(f"{PLAY}/sums", query_string={"progress": "12", "cells": "r1c1"})
    assert response.status_code == 422
