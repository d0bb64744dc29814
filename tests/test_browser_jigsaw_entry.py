"""End to end in Chromium: a Jigsaw's givens on the home form are checked against its regions
as the map is typed, not against the boxes, and drawn with the map's lines; after a map
mistake the page checks them the same way."""

from __future__ import annotations

import re

from webapp.sudoku import find_conflicts
from webapp.sudoku.generator import generate
from webapp.sudoku.puzzle import Puzzle
from webapp.web.variant_drawing import region_edges

# A generated Jigsaw whose givens hold two 3s in box 2 (r1c5, r3c6): no clash in a Jigsaw.
PUZZLE = generate(9, "easy", variant="jigsaw", seed=2).puzzle
assert find_conflicts(Puzzle(PUZZLE.grid))  # the boxes would clash
LABELS = [str(region + 1) for region in PUZZLE.rules.regions]


def name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def type_jigsaw(page, labels: list[str]) -> None:
    """The Jigsaw chosen, its map typed as `labels`, then its givens."""
    page.locator("#variant").select_option("jigsaw")
    for cell, label in enumerate(labels):
        page.locator(f"#map_{name(cell)}").fill(label)
    for cell, value in enumerate(PUZZLE.cells):
        if value:
            page.locator(f"#{name(cell)}").fill(str(value))


def clashing(page) -> list[str]:
    return page.eval_on_selector_all(
        "table.input-board td.clash input", "all => all.map(i => i.id)"
    )


def drawn_edges(page) -> list[list[str]]:
    """The thick lines each cell of the givens' board draws, in reading order."""
    classes = page.eval_on_selector_all("table.input-board td", "all => all.map(c => c.className)")
    return [sorted(re.findall(r"edge-(?:right|below)", found)) for found in classes]


def edges(labels: list[str]) -> list[list[str]]:
    """The thick lines a map of `labels` draws, each cell's sorted."""
    return [sorted(found) for found in region_edges(9, labels)]


def a_region_clash() -> tuple[int, int, str]:
    """An open cell that shares a region (but no row or column) with a given, the given's
    cell, and the sentence a clash of the two says."""
    regions = PUZZLE.rules.regions
    for given, value in enumerate(PUZZLE.cells):
        for cell in range(81):
            apart = cell // 9 != given // 9 and cell % 9 != given % 9
            if value and not PUZZLE.cells[cell] and regions[cell] == regions[given] and apart:
                first, second = sorted((given, cell))
                sentence = (
                    f"Region {LABELS[given]} has two {value}s ({name(first)} and {name(second)})."
                )
                return cell, value, sentence
    raise AssertionError("no such cell")


def test_a_jigsaws_givens_are_checked_against_its_regions_and_drawn_with_them(page, base_url):
    page.goto(f"{base_url}/")
    type_jigsaw(page, LABELS)
    calm = (clashing(page), drawn_edges(page))
    cell, value, sentence = a_region_clash()
    page.locator(f"#{name(cell)}").fill(str(value))
    said = page.locator("#clash-status").text_content()
    assert (calm, sentence in said) == (([], edges(LABELS)), True)


def test_after_a_map_mistake_the_givens_are_checked_against_the_map_not_the_boxes(page, base_url):
    page.goto(f"{base_url}/")
    mistaken = ["9", *LABELS[1:]]  # region 9 now has ten cells
    type_jigsaw(page, mistaken)
    page.get_by_role("button", name="Solve with this map").click()
    problems = page.eval_on_selector_all(".error-summary li", "all => all.map(i => i.textContent)")
    assert (problems, clashing(page), drawn_edges(page)) == (
        ["Region map: Region 9 (from r1c1) has 10 cells, not 9"],
        [],
        edges(mistaken),
    )


def test_on_a_phone_a_solve_button_is_just_below_the_map_just_painted(phone, base_url):
    phone.goto(f"{base_url}/")
    phone.locator("#variant").select_option("jigsaw")
    last_row = phone.locator("#map_r9c9").bounding_box()
    solve = phone.get_by_role("button", name="Solve with this map").bounding_box()
    gap = solve["y"] - (last_row["y"] + last_row["height"])
    assert 0 <= gap < 120  # px: a thumb's reach, where the first Solve was a screen above
