"""End to end in Chromium: a 4x4 Killer entered on the home form, its cages painted and added
with script and typed as a cage map without it, solved; a Killer's pages axe clean, and a 9x9
Killer's pages at 360 px with no sideways scrolling and every sum readable."""

from __future__ import annotations

import pytest
from browser_fixtures import axe_violations_of
from playwright.sync_api import expect
from test_killer_pages import FOUR, FOUR_MAP, FOUR_SUMS

from webapp.sudoku.links import read_link
from webapp.sudoku.parse import read

from puzzles import DATA

PUZZLE = read(FOUR).puzzle
# SudokuWiki's own Killer example (tests/data/links/real_links.txt): 31 cages, one solution.
NINE = read_link(
    next(
        line.split()[-1]
        for line in (DATA / "links" / "real_links.txt").read_text().splitlines()
        if line.startswith("killer 31 ")
    )
).given


def drag(page, first: str, last: str) -> None:
    """Press on one cage map cell and let go on another, passing the cells between."""
    page.locator(first).scroll_into_view_if_needed()
    start, end = page.locator(first).bounding_box(), page.locator(last).bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=6)
    page.mouse.up()


def test_a_killer_painted_and_added_with_script_is_solved(page, base_url):
    page.goto(f"{base_url}/?size=4")
    page.locator("#variant").select_option("killer")
    expect(page.locator("details.cage-map")).to_have_attribute("open", "")  # script opened it
    total = page.get_by_label("Sum of the selected cells")
    cages = {label: [] for label in dict.fromkeys(FOUR_MAP)}
    for index, label in enumerate(FOUR_MAP):
        cages[label].append(f"#cage_r{index // 4 + 1}c{index % 4 + 1}")
    sums = dict(pair.split("=") for pair in FOUR_SUMS.split(", "))
    for label, cells in cages.items():
        if len(cells) == 2 and label in "ab":  # a drag selects the cells it crosses
            drag(page, cells[0], cells[-1])
        else:
            for cell in cells:
                page.locator(cell).click()
        total.fill(sums[label])
        total.press("Enter")
    listed = page.locator(".cage-list li")
    expect(listed).to_have_count(8)
    expect(listed.first).to_contain_text("Cage a: sum 3, r1c1 r1c2")
    expect(page.locator(".cage-status")).to_have_text("Cage h added: 1 cell, sum 4.")
    # a cage removed and added again
    page.get_by_role("button", name="Remove cage h").click()
    expect(listed).to_have_count(7)
    page.locator("#cage_r4c1").click()
    total.fill("4")
    page.get_by_role("button", name="Add cage").click()
    expect(page.locator("#cage_sums")).to_have_value(FOUR_SUMS)
    page.get_by_role("button", name="Solve", exact=True).click()
    assert page.url == f"{base_url}/solve/{PUZZLE.code}"
    expect(page.locator("h1")).to_have_text("Solved")
    expect(page.locator("caption")).to_have_text("The solution (Killer Sudoku)")
    expect(page.locator("td .cage-sum")).to_have_count(8)


def test_a_killer_typed_as_a_cage_map_without_script_is_solved(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/?size=4")
    page.locator("#variant").select_option("killer")
    page.locator("summary", has_text="Cage map").click()
    for index, label in enumerate(FOUR_MAP):
        page.locator(f"#cage_r{index // 4 + 1}c{index % 4 + 1}").fill(label)
    page.get_by_label("Cage sums").fill(FOUR_SUMS)
    page.get_by_role("button", name="Solve", exact=True).click()
    assert page.url == f"{base_url}/solve/{PUZZLE.code}"
    expect(page.locator("h1")).to_have_text("Solved")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_killers_pages_are_axe_clean(browser, base_url, scheme):
    paths = (f"/?puzzle={NINE.code}", f"/solve/{NINE.code}", f"/play/{NINE.code}")
    found = axe_violations_of(browser, base_url, paths, scheme)
    assert found == {path: {} for path in found}


def test_a_9x9_killers_pages_fit_360_px_with_every_sum_readable_in_its_cell(phone, base_url):
    for path in (f"/solve/{NINE.code}", f"/play/{NINE.code}", f"/?puzzle={NINE.code}"):
        phone.goto(base_url + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, path
        if path.startswith("/?"):
            continue
        sums = phone.locator("table.board").first.locator(".cage-sum")
        expect(sums).to_have_count(31)
        for index in range(31):
            shown = sums.nth(index)
            box, cell = shown.bounding_box(), shown.locator("xpath=..").bounding_box()
            size = float(shown.evaluate("s => getComputedStyle(s).fontSize")[:-2])
            assert size >= 10, path
            assert cell["x"] <= box["x"] and box["x"] + box["width"] <= cell["x"] + cell["width"]
            assert cell["y"] <= box["y"] and box["y"] + box["height"] <= cell["y"] + cell["height"]
