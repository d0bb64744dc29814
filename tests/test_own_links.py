"""This site's own links pasted into the form (puzzle_form/own_links.py): read from any host,
opened where they point, rules, progress and notes kept."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from test_pages import Page

from puzzles import NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION

CODE = NORVIG_EASY_CODE  # r1c1 open: 4 in the solution
PROGRESS = NORVIG_EASY_SOLUTION[0] + CODE[1:]  # r1c1 filled in


def pasted(client, text: str):
    """The home form's answer to `text` pasted and sent."""
    return client.post("/", data={"source": "paste", "puzzle": text})


def noted_marks(client) -> str:
    """The marks code of notes 4 and 5 in r1c2, as the play page writes them into its link."""
    sent = {"progress": CODE, "notes": "1", "n-r1c2": "45", "action": "save"}
    location = client.post(f"/play/{CODE}", data=sent).headers["Location"]
    return parse_qs(urlsplit(location).query)["marks"][0]


@pytest.mark.parametrize(
    ("link", "location"),
    [
        pytest.param(
            f"https://sudoku.example.org/solve/{CODE}-x",
            f"/solve/{CODE}-x",
            id="a share link keeps its rules",
        ),
        pytest.param(
            f"http://localhost:8000/explain/{CODE}?marks=abc",
            f"/explain/{CODE}?marks=abc",
            id="an explanation's link keeps its query",
        ),
        pytest.param(
            f"  https://another.host/sudoku/solve/{CODE.replace('0', '.')}  ",
            f"/solve/{CODE}",
            id="under a prefix, any spelling of the code",
        ),
        pytest.param(f"/solve/{CODE}", f"/solve/{CODE}", id="a path alone"),
    ],
)
def test_a_pasted_link_of_this_site_opens_where_it_points(client, link, location):
    response = pasted(client, link)
    assert (response.status_code, response.headers.get("Location")) == (303, location)


def test_a_pasted_play_link_keeps_the_players_progress_and_notes(client):
    marks = noted_marks(client)
    query = f"progress={PROGRESS}&marks={marks}&candidates=0"
    response = pasted(client, f"https://sudoku.example.org/play/{CODE}?{query}")
    assert response.headers.get("Location") == f"/play/{CODE}?{query}"


def test_the_play_page_a_pasted_play_link_opens_shows_its_position(client):
    marks = noted_marks(client)
    link = f"https://sudoku.example.org/play/{CODE}?progress={PROGRESS}&marks={marks}"
    page = client.get(pasted(client, link).headers["Location"]).text
    shown = ('value="4" aria-label="Row 1, column 1', 'aria-label="Row 1, column 2, notes 4 and 5"')
    assert [part in page for part in shown] == [True, True]


def test_a_pasted_link_of_this_site_without_a_puzzle_says_so(client):
    response = pasted(client, "https://sudoku.example.org/play/12x")
    message = Page(response.text).texts["problem-1"]
    assert (response.status_code, message) == (
        422,
        "Pasted puzzle: this link's code holds no puzzle: line 1, column 3: 'x' is not a"
        " Sudoku symbol (symbols are 1-9 and A-P; . or 0 is a blank)",
    )
