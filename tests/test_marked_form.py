"""A marked puzzle (Kropki dots, X and V) on the home form: no field shows its marks, so the
form keeps them as they came, says so, and a puzzle solved again from the form keeps them."""

from __future__ import annotations

from urllib.parse import quote

from test_marked_rules import ANSWER, marked_puzzle
from test_pages import Page

PUZZLE = marked_puzzle(ANSWER[:40] + "." * 41, "WBXV", True)


def shown_form(client) -> Page:
    """The home form filled with PUZZLE, as its ?puzzle= link shows it."""
    return Page(client.get(f"/?puzzle={quote(PUZZLE.code)}").get_data(as_text=True))


def sent_back(page: Page) -> dict[str, str]:
    """What the grid's form sends as it is shown: each input's name and value (the paste and
    photo forms' aside)."""
    return {
        attributes["name"]: attributes.get("value", "")
        for tag, attributes in page.elements
        if tag == "input"
        and attributes.get("name", "source") not in ("source", "upload", "photo")
        and attributes.get("type") != "radio"
    } | {"variant": "classic"}


def test_the_form_says_the_marks_are_kept(client):
    assert "Kropki and XV marks are kept" in shown_form(client).texts["kept-marks"]


def test_solving_the_form_again_keeps_the_puzzles_marks(client):
    answer = client.post("/", data=sent_back(shown_form(client)))
    assert answer.headers["Location"] == f"/solve/{PUZZLE.code}"
