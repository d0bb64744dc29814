"""End to end in Chromium: real puzzles' thermometers, arrows, German whispers, palindromes,
renban lines, between lines, region-sum lines and odd cells, and built greater-than signs,
drawn over their cells on the solve and play pages at 360 px and 1280 px, each bulb, circle or
shaded cell's shape centred in its cell and each straight arm reaching the border its cell
shares with the next cell on the line; a built puzzle's little killers' clues and real
puzzles' sandwich sums and X-sums drawn outside the grid, in the board's margin and in view,
a sandwich's heard as of its row or column; and the pages axe clean in light and dark."""

from __future__ import annotations

import pytest
from browser_fixtures import axe_violations_of

from webapp.sudoku.links import read_link
from webapp.sudoku.parse import read_code

from puzzles import DATA


def first_link(letters: str) -> str:
    """The first real link of tests/data/links/marked_real_links.txt with only `letters`."""
    return next(
        line.split()[-1]
        for line in (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
        if line.startswith(letters + " ")
    )


# "Frost", a real 6x6 of thermometers, "Clipped", a real 9x9 of arrows and thermometers,
# "GW Test 1" of German whispers, "Back and Forth" of palindromes (lines without a bulb),
# "Run-On Renbans" of renban lines, "Between Lines" of between lines (a circle at each end)
# and "Jan. 6, 2024: Region Sum Lines" of region-sum lines, each with one solution, so the
# play page takes it.
PUZZLES = [
    read_link(first_link(letters)).given  # type: ignore[union-attr]
    for letters in ("T", "tTA", "G", "P", "N", "L", "R")
]
# No real greater-than puzzle the solver reads was found (f-puzzles has no key for the signs):
# the first of the greater-than sweep's built puzzles (tests/test_greater_than_logic.py, seed
# 0), 30 signs, each drawn by its greater cell on the border it shares with the smaller.
GREATER = (
    "030000008001080309000072540900260487050490213400000056000800000340516700105009000"
    "-MA6ACCFDACA3BACBGEACCOEACAMGACBBGACCJDACATGACBSBACANEACASBACBVBACB7GACCGGACBYBACB2GACBK"
    "EACBJEACBTBACB5EACANGACBGDACBAEACBGBACB2EACBCGACARGACADGACB7BACCJB"
)
# The first of the little killer sweep's built puzzles with one solution
# (tests/test_little_killer_logic.py, seed 0), nine little killers.
LITTLE_KILLERS = (
    "000900008000000300609002001903060007800400000000008056200040000000506000000000004"
    "-ZAJAJAIFFFFFFFFBPAIAJHHHHHHHBEAEADFFFA3ABCIABADACFFAMACB7HAJAGCLCCCCCA4AIAHFFFFFFFA7AFBE"
    "CCCCA5"
)
PUZZLES.append(read_code(LITTLE_KILLERS))
PATHS = tuple(f"/{page}/{puzzle.code}" for puzzle in PUZZLES for page in ("solve", "play"))
# "September 13, 2021: Sandwich", a real 9x9 of sandwich sums, clues at rows' and columns'
# ends: on the solve page alone, as the play page draws its clues as the little killers'.
SANDWICH = read_link(first_link("H")).given  # type: ignore[union-attr]
# "July 4, 2023: X-Sums Sudoku", a real 9x9 of X-sums, likewise on the solve page alone.
XSUMS = read_link(first_link("Y")).given  # type: ignore[union-attr]
PATHS += (f"/solve/{SANDWICH.code}", f"/solve/{XSUMS.code}")
CLUED = (
    *(f"/{page}/{LITTLE_KILLERS}" for page in ("solve", "play")),
    f"/solve/{SANDWICH.code}",
    f"/solve/{XSUMS.code}",
)
# "Odd Sudoku", a real 9x9 of odd cells (a grey circle under each), and the greater-than signs
# above: on the solve page alone, as the play page draws its board from the same template.
ODD = read_link(first_link("O")).given  # type: ignore[union-attr]
PATHS += (f"/solve/{ODD.code}", f"/solve/{read_code(GREATER).code}")
# How far a bulb's centre or an arm's end may sit from where it belongs, in CSS pixels.
SLACK = 1.5

# How far each straight arm's end sits from its cell's border in its way, and the bulb's
# centre from its cell's, as the browser lays them out.
OFF_PLACE = """all => all.map(part => {
  const box = part.getBoundingClientRect(), cell = part.closest('td').getBoundingClientRect();
  const has = name => part.classList.contains(name);
  if (has('bulb') || has('shade')) {
    return Math.max(
      Math.abs(box.left + box.width / 2 - (cell.left + cell.width / 2)),
      Math.abs(box.top + box.height / 2 - (cell.top + cell.height / 2)));
  }
  if (has('to-right')) return Math.abs(box.right - cell.right);
  if (has('to-left')) return Math.abs(box.left - cell.left);
  if (has('to-below')) return Math.abs(box.bottom - cell.bottom);
  if (has('to-above')) return Math.abs(box.top - cell.top);
  return 0;
})"""


def farthest_off_place(page) -> float:
    """How far the part farthest from its place sits from it, in CSS pixels."""
    return max(page.eval_on_selector_all(".line-part", OFF_PLACE))


@pytest.mark.parametrize("path", PATHS)
def test_the_lines_are_drawn_in_place_at_360_px(phone, base_url, path):
    phone.goto(base_url + path)
    assert farthest_off_place(phone) <= SLACK


@pytest.mark.parametrize("path", PATHS)
def test_the_lines_are_drawn_in_place_at_1280_px(page, base_url, path):
    page.goto(base_url + path)
    assert farthest_off_place(page) <= SLACK


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lined_pages_are_axe_clean(browser, base_url, scheme):
    found = axe_violations_of(browser, base_url, PATHS, scheme)
    assert found == {path: {} for path in found}


# How far each outside clue reaches into the grid (none: it sits wholly outside the table's
# cells), and out of the board's scrolling frame (none: it is in view, not cut off).
CLUE_OVERLAP = """all => all.map(clue => {
  const box = clue.getBoundingClientRect();
  const grid = clue.closest('table').querySelector('tbody').parentElement;
  const cells = [...grid.querySelectorAll('tbody')].map(band => band.getBoundingClientRect());
  const top = Math.min(...cells.map(r => r.top)), bottom = Math.max(...cells.map(r => r.bottom));
  const left = Math.min(...cells.map(r => r.left)), right = Math.max(...cells.map(r => r.right));
  const inside = Math.max(0, Math.min(box.right, right) - Math.max(box.left, left))
    * Math.max(0, Math.min(box.bottom, bottom) - Math.max(box.top, top));
  const frame = clue.closest('.board-scroll') || document.body;
  const shown = frame.getBoundingClientRect();
  const cut = Math.max(0, shown.left - box.left, box.right - shown.right,
    shown.top - box.top, box.bottom - shown.bottom);
  return [inside > 4 ? 1 : 0, cut > 1 ? 1 : 0];
})"""


def clues_misplaced(page) -> list[list[int]]:
    """For each outside clue on the page, whether it reaches into the grid and whether its
    frame cuts it off ([0, 0] for one drawn in the margin, in view)."""
    return page.eval_on_selector_all(".outside-clue", CLUE_OVERLAP)


@pytest.mark.parametrize("path", CLUED)
def test_the_outside_clues_sit_in_the_boards_margin_at_360_px(phone, base_url, path):
    phone.goto(base_url + path)
    found = clues_misplaced(phone)
    assert found and found == [[0, 0]] * len(found)


@pytest.mark.parametrize("path", CLUED)
def test_the_outside_clues_sit_in_the_boards_margin_at_1280_px(page, base_url, path):
    page.goto(base_url + path)
    found = clues_misplaced(page)
    assert found and found == [[0, 0]] * len(found)


def test_a_sandwich_clue_is_heard_as_of_its_row_or_column(page, base_url):
    page.goto(f"{base_url}/solve/{SANDWICH.code}")
    heard = page.eval_on_selector_all(
        "td [aria-label], td .visually-hidden",
        "all => all.map(c => c.getAttribute('aria-label') || c.textContent)",
    )
    said = [label for label in heard if "sandwich sum" in label]
    assert any(" left of row " in label for label in said) and any(
        " above column " in label for label in said
    )
