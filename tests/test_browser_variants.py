"""End to end in Chromium: a Jigsaw entered on the home form by its region map, typed without
script and painted with it, solved, explained and played to the end by hints; the variant's
pages axe clean in light and dark, and a 9x9 Jigsaw's pages without sideways scrolling at
360 px."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import axe_violations_of
from playwright.sync_api import expect

from webapp.sudoku import solve
from webapp.sudoku.generator import generate

# An easy generated Jigsaw: singles solve it, so hints reach its end in few steps.
PUZZLE = generate(9, "easy", variant="jigsaw", seed=5).puzzle
LABELS = "123456789"
TARGET = [LABELS[region] for region in PUZZLE.rules.regions]
MOST_HINTS = 81
# Play starts with the solution's values in all but the last OPEN blanks (a play link's
# progress), so that hints finish the puzzle in a few seconds.
OPEN = 12


def type_givens(page) -> None:
    """The puzzle's givens typed into the grid's cells."""
    for index, value in enumerate(PUZZLE.cells):
        if value:
            page.locator(f"#r{index // 9 + 1}c{index % 9 + 1}").fill(str(value))


def map_values(page) -> list[str]:
    return page.eval_on_selector_all("table.region-board input", "all => all.map(i => i.value)")


def test_a_jigsaw_typed_without_script_is_solved_and_explained(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/")
    page.locator("#variant").select_option("jigsaw")
    page.locator("summary", has_text="Region map").click()
    for index, label in enumerate(TARGET):
        page.locator(f"#map_r{index // 9 + 1}c{index % 9 + 1}").fill(label)
    type_givens(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    assert page.url == f"{base_url}/solve/{PUZZLE.code}"
    expect(page.locator("caption")).to_have_text("The solution (Jigsaw)")
    page.get_by_role("link", name="Explain the solution").click()
    expect(page.locator("h1")).to_have_text("Explain the solution")
    expect(page.locator("caption").first).to_contain_text("(Jigsaw)")


def test_a_jigsaw_painted_with_script_is_solved(page, base_url):
    page.goto(f"{base_url}/")
    page.locator("#variant").select_option("jigsaw")
    expect(page.locator("details.region-map")).to_have_attribute("open", "")  # script opened it
    palette = page.get_by_role("group", name="Region to paint with")
    expect(palette.get_by_role("button")).to_have_count(9)
    # a drag paints every cell it crosses
    palette.get_by_role("button", name="Region 5").click()
    start = page.locator("#map_r1c1").bounding_box()
    end = page.locator("#map_r1c3").bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=6)
    page.mouse.up()
    assert map_values(page)[:3] == ["5", "5", "5"]
    # the region's new edge is drawn at once: r1c4 is still in box 2
    expect(page.locator("td:has(#map_r1c3)")).to_have_class(re.compile(r"\bedge-right\b"))
    expect(page.locator("td:has(#map_r1c3)")).to_have_class(re.compile(r"\bregion-tint-5\b"))
    # a click paints one cell: every cell the map wants otherwise, region by region
    for label in LABELS:
        palette.get_by_role("button", name=f"Region {label}").click()
        for index, wanted in enumerate(map_values(page)):
            if TARGET[index] == label and wanted != label:
                page.locator(f"#map_r{index // 9 + 1}c{index % 9 + 1}").click()
    assert map_values(page) == TARGET
    type_givens(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    assert page.url == f"{base_url}/solve/{PUZZLE.code}"
    expect(page.locator("h1")).to_have_text("Solved")


def test_hints_alone_play_a_jigsaw_to_the_end(no_script_page, base_url):
    page = no_script_page
    blanks = [index for index, value in enumerate(PUZZLE.cells) if not value]
    progress = list(solve(PUZZLE).solution.code)
    for index in blanks[-OPEN:]:
        progress[index] = "0"
    page.goto(f"{base_url}/play/{PUZZLE.code}?progress={''.join(progress)}")
    hints = 0
    while page.locator("h1").inner_text() != "Solved!":
        assert hints < MOST_HINTS, "not solved within the hints allowed"
        page.get_by_role("button", name="Hint", exact=True).click()
        page.get_by_role("button", name="Do it").click()
        hints += 1
    assert hints >= OPEN  # a hint places one value at most


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_jigsaws_pages_are_axe_clean(browser, base_url, scheme):
    paths = (f"/?puzzle={PUZZLE.code}", f"/solve/{PUZZLE.code}", f"/play/{PUZZLE.code}")
    found = axe_violations_of(browser, base_url, paths, scheme)
    assert found == {path: {} for path in found}


def test_a_9x9_jigsaws_pages_do_not_scroll_sideways_at_360_px(phone, base_url):
    for path in (f"/?puzzle={PUZZLE.code}", f"/solve/{PUZZLE.code}", f"/play/{PUZZLE.code}"):
        phone.goto(base_url + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, path
