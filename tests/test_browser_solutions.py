"""Every solution of a small puzzle in Chromium: the result page's link leads to the list with
JavaScript off, each board's marked cells are the ones it differs from the first in and say
so to a screen reader, the list fits a phone, and axe-core finds nothing to fix on it."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import ARTIFACTS, axe_violations_at
from playwright.sync_api import expect

from puzzles import data_lines

# The seed documents' under-constrained board (tests/data/seed_examples.txt): 5 solutions.
SEED_FIVE = next(
    fields[0].replace(".", "0") for fields in data_lines("seed_examples.txt") if fields[1] == "5"
)
# A result cell's own text, without the words for screen readers that follow it.
CELL_SYMBOL = "td => td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : ''"


def test_the_link_leads_to_every_solution_without_script(no_script_page, base_url):
    no_script_page.goto(f"{base_url}/solve/{SEED_FIVE}")
    expect(no_script_page.locator(".summary")).to_contain_text("exactly 5 solutions")
    no_script_page.get_by_role("link", name="See all 5 solutions").click()
    expect(no_script_page).to_have_url(re.compile(rf"/solve/{SEED_FIVE}\?all=1$"))
    expect(no_script_page.get_by_role("heading", name="All 5 solutions")).to_be_visible()
    expect(no_script_page.locator("table.board")).to_have_count(5)
    no_script_page.get_by_role("link", name="Back to the answer").click()
    expect(no_script_page.get_by_role("heading", name="More than one solution")).to_be_visible()


def test_each_board_marks_and_says_where_it_differs_from_the_first(page, base_url):
    page.goto(f"{base_url}/solve/{SEED_FIVE}?all=1")
    boards = page.locator("table.board")
    expect(boards).to_have_count(5)
    first = boards.nth(0).locator("td").evaluate_all(f"all => all.map({CELL_SYMBOL})")
    for number in range(5):
        board = boards.nth(number)
        cells = board.locator("td").evaluate_all(f"all => all.map({CELL_SYMBOL})")
        differ = sum(a != b for a, b in zip(first, cells, strict=True))
        assert board.locator("td.unlike-first").count() == differ
        said = board.get_by_role("cell", name=re.compile(r", differs from solution 1$"))
        assert said.count() == differ
        assert (differ > 0) == (number > 0)
    page.screenshot(path=ARTIFACTS / "all-solutions-desktop.png", full_page=True)


def test_the_list_fits_a_phone(phone, base_url):
    phone.goto(f"{base_url}/solve/{SEED_FIVE}?all=1")
    expect(phone.locator("table.board")).to_have_count(5)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=ARTIFACTS / "all-solutions-360.png", full_page=True)


@pytest.mark.parametrize(
    ("width", "path"),
    [(360, f"/solve/{SEED_FIVE}?all=1"), (1366, f"/solve/{SEED_FIVE}")],
)
def test_axe_finds_nothing_to_fix(browser, base_url, width, path):
    assert axe_violations_at(browser, base_url + path, width) == {}
