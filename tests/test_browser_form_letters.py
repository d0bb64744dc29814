"""End to end in Chromium: a letter typed in a 9x9 cell of the home form is warned about as it
is typed, in the words the server uses for it when the form is sent without script."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from webapp.web.puzzle_form.reading import read_form


def test_a_letter_typed_in_a_9x9_cell_is_warned_about_at_once(page, base_url):
    page.goto(f"{base_url}/")
    page.locator("#r2c3").press("a")
    said = page.locator("#clash-status").text_content()
    marked = page.locator("td:has(#r2c3)").get_attribute("class") or ""
    server = read_form(MultiDict({"r2c3": "a"})).form.r2c3.errors[0]
    assert (said, "clash" in marked.split()) == (f"{server}.", True)
