"""A batch in Chromium: a real .sdm file uploaded with JavaScript off gives the results table,
a row's link opens its puzzle, and axe-core finds nothing to fix on the table, on a laptop
or a phone."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import ARTIFACTS, axe_violations
from playwright.sync_api import expect

from webapp.sudoku import parse

from puzzles import DATA

MIXED = DATA / "batch_mixed.sdm"
TWO_9X9 = DATA / "two_9x9.sdm"


def test_an_uploaded_sdm_file_gives_a_table_whose_rows_link_to_their_puzzles(
    no_script_page, base_url
):
    page = no_script_page
    page.goto(base_url + "/")
    page.get_by_label("Or upload a text file").set_input_files(str(TWO_9X9))
    page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(page.get_by_role("heading", name="Results of the batch")).to_be_visible()
    table = page.get_by_role("table", name="One row per puzzle, in the order of the file")
    expect(table.get_by_role("row")).to_have_count(3)  # the heading row and two puzzles
    expect(page.get_by_role("status")).to_have_text("2 puzzles: 2 solved.")
    second = TWO_9X9.read_text().splitlines()[1]
    page.get_by_role("link", name="Solve page of line 2").click()
    expect(page).to_have_url(re.compile(f"/solve/{parse(second).code}$"))
    expect(page.get_by_role("heading", name="Solved")).to_be_visible()


@pytest.mark.parametrize("width", [360, 1366])
def test_axe_finds_nothing_to_fix_on_the_results_table(browser, base_url, width):
    context = browser.new_context(
        viewport={"width": width, "height": 740}, has_touch=width < 400, is_mobile=width < 400
    )
    page = context.new_page()
    page.goto(base_url + "/")
    page.get_by_label("Or upload a text file").set_input_files(str(MIXED))
    page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(page.get_by_role("heading", name="Results of the batch")).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"batch-{width}.png", full_page=True)
    violations = axe_violations(page)
    context.close()
    assert violations == {}


def test_an_unreadable_line_does_not_wear_the_solved_dot(no_script_page, base_url):
    page = no_script_page
    page.goto(base_url + "/")
    good = TWO_9X9.read_text().splitlines()[0]
    text = "\n".join([good, good, good, good, good[:78] + "x" + good[79:]]) + "\n"
    upload = {"name": "typo.sdm", "mimeType": "text/plain", "buffer": text.encode()}
    page.get_by_label("Or upload a text file").set_input_files(upload)
    page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(page.get_by_role("heading", name="Results of the batch")).to_be_visible()
    dots = page.evaluate(
        """() => Object.fromEntries(["solved", "invalid"].map((status) => {
            const dot = getComputedStyle(document.querySelector(".status-" + status), "::before");
            return [status, [dot.backgroundColor, dot.borderTopColor, dot.borderTopWidth]];
        }))"""
    )
    assert dots["invalid"][0] != dots["solved"][0]
    expect(page.get_by_text("line 5, column 79: 'x' is not a symbol")).to_be_visible()
