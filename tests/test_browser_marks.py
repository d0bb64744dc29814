"""Pasted pencil marks in Chromium, JavaScript off: the paste box opens the position's page,
which leads on to the explanation from the marks; axe-core finds nothing to fix on the new
parts (the position's page, its explanation, play from it, and marks refused)."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import axe_violations_at
from playwright.sync_api import expect
from test_pencilmarks import marks_of

from webapp.sudoku import solve
from webapp.sudoku.logic import encode_marks
from webapp.sudoku.puzzle import Puzzle

from reglib import read_cases

# HoDoKu's regression library, case 59: its deleted candidates make a hidden single.
MARKED = next(case for case in read_cases() if case.line == 59).position
CODE = MARKED.grid.code
MARKS = encode_marks(MARKED)


def test_a_pasted_pencil_mark_grid_leads_to_its_explanation(no_script_page, base_url):
    page = no_script_page
    page.goto(base_url + "/")
    page.get_by_label("Puzzle text").fill(marks_of(MARKED, framed=True))
    page.get_by_role("button", name="Solve pasted puzzle").click()
    expect(page).to_have_url(re.compile(rf"/solve/{CODE}\?marks={MARKS}$"))
    expect(page.get_by_role("heading", name="The pasted position")).to_be_visible()
    page.get_by_role("link", name="Explain from here").click()
    expect(page).to_have_url(re.compile(rf"/explain/{CODE}\?marks={MARKS}$"))
    page.get_by_role("link", name="First step").click()
    expect(page).to_have_url(re.compile(rf"/explain/{CODE}\?step=1&marks={MARKS}$"))
    heading = page.get_by_role("heading", name=re.compile("Step 1 of .*Hidden single"))
    expect(heading).to_be_visible()


def test_play_from_the_marks_keeps_them_without_script(no_script_page, base_url):
    page = no_script_page
    page.goto(base_url + f"/play/{CODE}?marks={MARKS}")
    page.get_by_role("button", name="Hint").click()
    expect(page).to_have_url(re.compile(rf"marks={MARKS}&hint=1"))
    expect(page.get_by_text("There is a hidden single")).to_be_visible()


# The same marks without the solution's value in the first open cell: said on the page.
OPEN = next(cell for cell, mask in enumerate(MARKED.candidates) if mask)
WRONG = encode_marks(
    MARKED.eliminate([(OPEN, solve(Puzzle(MARKED.grid)).solutions[0].cells[OPEN])])
)


@pytest.mark.parametrize(
    ("width", "path"),
    [
        (1366, f"/solve/{CODE}?marks={MARKS}"),
        (360, f"/solve/{CODE}?marks={MARKS}"),
        (1366, f"/explain/{CODE}?step=1&marks={MARKS}"),
        (360, f"/play/{CODE}?marks={MARKS}"),
        (1366, f"/solve/{CODE}?marks={WRONG}"),
        (1366, f"/explain/{CODE}?marks=AB*"),
    ],
)
def test_axe_finds_nothing_to_fix(browser, base_url, width, path):
    assert axe_violations_at(browser, base_url + path, width) == {}
