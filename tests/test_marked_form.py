"""A marked puzzle (Kropki dots, X and V) on the home form: its marks field shows them
(sudoku/rule_text.py), and a puzzle solved again from the form keeps them."""

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
    photo forms' aside), and the marks and lines typed."""
    return {
        attributes["name"]: attributes.get("value", "")
        for tag, attributes in page.elements
        if tag == "input"
        and attributes.get("name", "source") not in ("source", "upload", "photo")
        and attributes.get("type") != "radio"
    } | {"variant": "classic", "rule_marks": page.texts["rule_marks"]}


def test_the_form_shows_the_marks_in_their_field(client):
    assert shown_form(client).texts["rule_marks"].startswith("W! r1c1-r1c2")


def test_solving_the_form_again_keeps_the_puzzles_marks(client):
    answer = client.post("/", data=sent_back(shown_form(client)))
    assert answer.headers["Location"] == f"/solve/{PUZZLE.code}"
