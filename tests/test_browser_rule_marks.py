"""End to end in Chromium: marks, lines and marked cells entered on the home form with script
(choose the kind, select the cells in order, Add) reach the solved puzzle's share code; the
fold is axe clean with its cells selected, at 1280 px and on a 360 px phone without sideways
scrolling."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import axe_violations
from playwright.sync_api import expect

from webapp.sudoku.parse import read_code
from webapp.sudoku.rule_text import rules_text


def select_and_add(page, letter: str, *places: str) -> None:
    """Choose the kind `letter`, press each of `places` on the fold's grid in order, Add."""
    page.get_by_label("Mark or line", exact=True).select_option(letter)
    for name in places:
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Add", exact=True).click()


@pytest.mark.parametrize(
    ("entries", "written"),
    [
        ((("W", "r1c1", "r1c2"), ("X", "r2c1", "r3c1")), "W r1c1-r1c2\nX r2c1-r3c1"),
        ((("T", "r4c4", "r4c5", "r5c6"),), "T r4c4-r4c5-r5c6"),
        ((("M", "r4c4", "r4c5"), ("E", "r1c3", "r2c2")), "M r4c4-r4c5\nE r1c3 r2c2"),
    ],
    ids=["marks", "thermometer", "sign-and-even-cells"],
)
def test_marks_and_a_thermometer_entered_with_script_reach_the_share_code(
    page, base_url, entries, written
):
    page.goto(base_url + "/")
    page.get_by_label("Row 1, column 1", exact=True).fill("1")
    page.locator("details.rule-marks summary").click()
    for entry in entries:
        select_and_add(page, *entry)
    expect(page.locator("#rule_marks")).to_have_value(written)
    page.get_by_role("button", name="Solve with these marks and lines").click()
    expect(page).to_have_url(re.compile(r"/solve/"))
    code = page.url.split("/solve/")[1].split("?")[0]
    assert rules_text(read_code(code).rules) == written


@pytest.mark.parametrize("viewer", ["page", "phone"])
def test_the_fold_with_cells_selected_is_axe_clean_and_fits(request, base_url, viewer):
    shown = request.getfixturevalue(viewer)
    shown.goto(base_url + "/")
    shown.locator("details.rule-marks summary").click()
    shown.get_by_role("button", name="r2c2", exact=True).click()
    assert shown.evaluate("document.documentElement.scrollWidth") <= shown.viewport_size["width"]
    assert axe_violations(shown) == {}
