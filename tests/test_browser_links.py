"""Pasting another solver's link in Chromium, JavaScript off and on: a real SudokuWiki link
lands on its puzzle's solution, whose page offers it back to SudokuWiki and f-puzzles, and a
variant's link comes back saying what is not read yet."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import ARTIFACTS, axe_violations
from playwright.sync_api import expect
from test_browser import shown_cells
from test_links import real_links

from webapp.sudoku import parse, solve
from webapp.sudoku.puzzle import Puzzle

LINK = real_links("classic")[0][1]  # a SudokuWiki link from a public solver's tests
CODE = LINK.partition("bd=")[2]
DISJOINT = real_links("variant")[-1][1]  # an f-puzzles link with disjoint groups, not read


@pytest.fixture(params=["no_script_page", "page"], ids=["script off", "script on"])
def any_page(request):
    """A fresh page with JavaScript off, then one with it on."""
    return request.getfixturevalue(request.param)


def test_a_pasted_sudokuwiki_link_lands_on_its_solution(any_page, base_url):
    any_page.goto(base_url + "/")
    any_page.get_by_label("Puzzle text").fill(LINK)
    any_page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(any_page).to_have_url(f"{base_url}/solve/{CODE}")
    expect(any_page.get_by_role("heading", name="Solved")).to_be_visible()
    solution = solve(Puzzle(parse(CODE))).solution
    assert solution is not None and shown_cells(any_page) == solution.line
    sudokuwiki = any_page.get_by_role("link", name="Open in SudokuWiki")
    expect(sudokuwiki).to_have_attribute("href", re.compile(f"bd={CODE}$"))
    expect(sudokuwiki).to_have_attribute("rel", "noopener")
    expect(any_page.get_by_role("link", name="Open in f-puzzles")).to_have_attribute(
        "href", re.compile(r"^https://www\.f-puzzles\.com/\?load=N4Ig")
    )


def test_a_pasted_variant_link_says_what_is_not_read(any_page, base_url):
    any_page.goto(base_url + "/")
    any_page.get_by_label("Puzzle text").fill(DISJOINT)
    any_page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(any_page.get_by_role("heading", name="Fix the puzzle")).to_be_visible()
    expect(any_page.get_by_role("alert")).to_contain_text("holds a variant: disjoint groups")
    expect(any_page.get_by_label("Puzzle text")).to_have_value(DISJOINT)


def test_axe_finds_nothing_to_fix_on_a_result_with_links_onward(page, base_url):
    page.goto(f"{base_url}/solve/{CODE}")
    page.screenshot(path=ARTIFACTS / "result-links-onward.png", full_page=True)
    assert axe_violations(page) == {}
