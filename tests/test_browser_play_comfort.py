"""End to end in Chromium: the play page's comforts with script, Undo and Redo, the position
kept in the browser and offered back, and the timer kept in the link (with and without script).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

# The README's extreme example: r1c1 and r1c2 are open, the givens leave r1c2 2, 5 and 8.
EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"


def linked(url: str) -> dict[str, str]:
    """The query of a play link, one value per key."""
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def notes_of(page, cell: str) -> str:
    """The notes drawn in a cell, such as "25"."""
    return "".join(page.locator(f"td:has(#{cell}) .marks .mark").all_text_contents())


def test_undo_and_redo_take_back_values_and_notes_and_the_link_follows(page, base_url):
    page.goto(f"{base_url}/play/{EXTREME}")
    undo = page.get_by_role("button", name="Undo")
    redo = page.get_by_role("button", name="Redo")
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()
    page.locator("#r1c2").click()
    page.keyboard.press("Shift+Digit2")
    page.keyboard.press("Shift+Digit5")
    page.locator("#r1c1").click()
    page.keyboard.press("2")  # clears 2 from r1c2's notes too: one move
    assert notes_of(page, "r1c2") == "5"
    placed = linked(page.url)
    assert placed["progress"][0] == "2"

    page.keyboard.press("Control+z")
    assert page.locator("#r1c1").input_value() == ""
    assert notes_of(page, "r1c2") == "25"
    assert linked(page.url)["progress"] == EXTREME
    undo.click()
    assert notes_of(page, "r1c2") == "2"
    expect(redo).to_be_enabled()

    page.keyboard.press("Control+y")
    assert notes_of(page, "r1c2") == "25"
    redo.click()
    assert page.locator("#r1c1").input_value() == "2"
    assert linked(page.url) == placed
    expect(redo).to_be_disabled()

    page.keyboard.press("Control+Shift+Z")  # nothing left to redo: nothing changes
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    page.keyboard.press("7")  # a new move after undoing drops what could be redone
    assert notes_of(page, "r1c2") == "2"
    expect(redo).to_be_disabled()
    page.reload()
    assert page.locator("#r1c1").input_value() == "7" and notes_of(page, "r1c2") == "2"
