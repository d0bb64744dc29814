"""End to end in Chromium: a Kropki and XV puzzle's marks drawn astride the edge between their
two cells on the solve and play pages at 360 px and 1280 px, without sideways scrolling on a
phone, and the pages axe clean in light and dark."""

from __future__ import annotations

import pytest
from browser_fixtures import axe_violations_of
from test_marked_rules import EMPTY, marked_puzzle

PUZZLE = marked_puzzle(EMPTY, "WBXV", all_given=True)
PATHS = (f"/solve/{PUZZLE.code}", f"/play/{PUZZLE.code}")
# How far a mark's centre may sit from the edge it is drawn on, in CSS pixels.
SLACK = 1.5

# Each mark's centre, and the centre of the edge it is drawn on (the right or lower side of
# its cell), as the browser lays them out.
OFF_EDGE = """all => all.map(mark => {
  const box = mark.getBoundingClientRect(), cell = mark.closest('td').getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const right = mark.classList.contains('on-right');
  const edgeX = right ? cell.right : cell.left + cell.width / 2;
  const edgeY = right ? cell.top + cell.height / 2 : cell.bottom;
  return Math.max(Math.abs(x - edgeX), Math.abs(y - edgeY));
})"""


def farthest_off_edge(page) -> float:
    """How far the mark farthest from its edge sits from it, in CSS pixels."""
    return max(page.eval_on_selector_all(".edge-mark", OFF_EDGE))


@pytest.mark.parametrize("path", PATHS)
def test_marks_sit_on_their_edges_at_360_px(phone, base_url, path):
    phone.goto(base_url + path)
    assert farthest_off_edge(phone) <= SLACK


@pytest.mark.parametrize("path", PATHS)
def test_marks_sit_on_their_edges_at_1280_px(page, base_url, path):
    page.goto(base_url + path)
    assert farthest_off_edge(page) <= SLACK


def test_the_pages_do_not_scroll_sideways_at_360_px(phone, base_url):
    widths = []
    for path in PATHS:
        phone.goto(base_url + path)
        widths.append(phone.evaluate("document.documentElement.scrollWidth"))
    assert max(widths) <= 360


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_marked_pages_are_axe_clean(browser, base_url, scheme):
    found = axe_violations_of(browser, base_url, PATHS, scheme)
    assert found == {path: {} for path in found}
