"""Reading a photo in Chromium: a newspaper photo chosen in the home page's file field is
previewed (with script), read into the grid form, and solved; without script the same
upload fills the same form."""

from __future__ import annotations

import re

from browser_fixtures import axe_violations
from playwright.sync_api import expect

from photo_files import photo

NAME = "image1019.jpg"
UNCERTAIN = "image1088.jpg"  # one cell read with little confidence


def form_cells(page) -> str:
    """The grid form's values in reading order, blanks as "0"."""
    values = page.eval_on_selector_all("table.input-board input", "all => all.map(i => i.value)")
    return "".join(value or "0" for value in values)


def test_a_photo_is_previewed_read_into_the_form_and_solved(page, base_url):
    shot = photo(NAME)
    page.goto(base_url + "/")
    preview = page.locator("[data-photo-preview]")
    expect(preview).to_be_hidden()
    page.set_input_files("#photo", str(shot.path))
    expect(preview).to_be_visible()
    # shown at once, decoded a moment later: wait for the picture itself (its decode() is a
    # promise evaluate waits on; wait_for_function's polling evaluates a string, which the
    # page's CSP forbids once the first look finds the picture not yet decoded)
    preview.evaluate("image => image.decode()")
    page.get_by_role("button", name="Read photo").click()
    expect(page.locator(".photo-standing")).to_have_text("The grid as read has one solution.")
    assert form_cells(page) == "".join(map(str, shot.printed))
    assert axe_violations(page) == {}
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_url("**/solve/*")
    expect(page.locator("h1")).to_have_text("Solved")


def test_without_script_the_upload_fills_the_form_the_same(no_script_page, base_url):
    shot = photo(NAME)
    no_script_page.goto(base_url + "/")
    assert no_script_page.locator("img").count() == 0  # the preview is the script's
    no_script_page.set_input_files("#photo", str(shot.path))
    no_script_page.get_by_role("button", name="Read photo").click()
    expect(no_script_page.locator(".photo-standing")).to_be_visible()
    assert form_cells(no_script_page) == "".join(map(str, shot.printed))


def test_a_cell_to_check_is_marked_and_keeps_its_note_with_script(page, base_url):
    page.goto(base_url + "/")
    page.set_input_files("#photo", str(photo(UNCERTAIN).path))
    page.get_by_role("button", name="Read photo").click()
    marked = page.locator("td.uncertain input")
    expect(marked).to_have_count(page.locator(".photo-doubts li").count())
    assert marked.count() >= 1
    note = marked.first.get_attribute("aria-describedby")
    name = marked.first.get_attribute("name")
    expect(page.locator(f"#{note}")).to_have_text(re.compile(rf"^check {name}: read as "))
