"""Phones, 360 px wide: no 9x9 page scrolls sideways (only 16x16 and 25x25 boards may, inside
their own box), every control is a target of 24 px at least, and axe-core finds nothing to
fix. The pages are the ones a person meets: the form, a solve with its candidates, a pasted
pencil-mark position, an explanation with a chain drawn, a learner's check, a new puzzle's
form, a sheet to print and a batch's table; and a learner's check keeps its answer folded with
script off."""

from __future__ import annotations

import pytest
from browser_fixtures import ARTIFACTS, axe_violations
from playwright.sync_api import expect
from test_browser_marks import CODE as MARKED_CODE
from test_browser_marks import MARKS

from puzzles import DATA, SEED_EASY, TOP95_SEVENTH

TWO_9X9 = DATA / "two_9x9.sdm"

SEED_EASY_CODE = SEED_EASY.replace(".", "0")
TOP95_CODE = TOP95_SEVENTH.replace(".", "0")
# A step of TOP95_SEVENTH's path that is a grouped AIC: a chain drawn over the board.
CHAIN_STEP = 18

PAGES = {
    "home": "/",
    "home-16": "/?size=16",
    "solve-candidates": f"/solve/{SEED_EASY_CODE}?candidates=1",
    "check": f"/solve/{SEED_EASY_CODE}?check=1",
    "pencil-marks": f"/solve/{MARKED_CODE}?marks={MARKS}",
    "explain-start": f"/explain/{TOP95_CODE}",
    "explain-chain": f"/explain/{TOP95_CODE}?step={CHAIN_STEP}",
    "explain-marks": f"/explain/{MARKED_CODE}?step=1&marks={MARKS}",
    "new": "/new",
    "print": "/print?size=9&level=easy&count=4&seed=7",
}

# What a person taps: buttons, fields, and links that stand alone (not words in a sentence,
# which WCAG's target size exempts). Boards' own cells are measured by their own tests.
TARGETS = """
a.button, button, select, input:not([type=hidden]), textarea, summary,
.technique-counts a, .step-list a, .sheet-play a, .batch-results a
"""

MEASURE = """(selector) => {
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest("table.board")) continue;
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not shown
    if (box.width < 24 || box.height < 24)
      small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || "").trim()}"`
        + ` ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  const wide = [];
  for (const el of document.querySelectorAll("main *")) {
    const box = el.getBoundingClientRect();
    if (box.right > 360.5 && !el.closest(".board-scroll, .explain-board, .batch-scroll"))
      wide.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)}`);
  }
  // A box of its own may scroll only for a 16x16 or 25x25 board.
  const boxes = [];
  for (const el of document.querySelectorAll("main *")) {
    if (el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1
        && getComputedStyle(el).overflowX !== "visible"
        && !el.querySelector(".board-16, .board-25") && !el.closest(".visually-hidden"))
      boxes.push(`${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}>${el.clientWidth}`);
  }
  const scroll = document.documentElement.scrollWidth;
  return {scroll, small, wide: wide.slice(0, 5), boxes};
}"""


def measured(page) -> dict:
    """The page's width against the window's, the targets under 24 px, and what sticks out.
    A phone widens its layout to fit a page wider than the screen (innerWidth grows with
    it), so the page is measured against the screen's width, 360 px."""
    found = page.evaluate(MEASURE, " ".join(TARGETS.split()))
    found["width"] = page.viewport_size["width"]
    return found


def unfit_for_a_phone(phone) -> dict:
    """What keeps the phone's page from fitting: how far it reaches past the screen, boxes
    that scroll, targets under 24 px, and what axe finds to fix; empty parts left out."""
    found = measured(phone)
    unfit = {
        "past the screen": max(0, found["scroll"] - found["width"]),
        "boxes": found["boxes"],
        "small": found["small"],
        "axe": axe_violations(phone),
    }
    return {part: what for part, what in unfit.items() if what}


# Every page in one phone window, one after the other: a window of its own took each page
# half a second more.
def test_a_page_fits_a_phone_with_targets_of_24_px(phone, base_url):
    found = {}
    for name, path in PAGES.items():
        phone.goto(base_url + path)
        phone.screenshot(path=ARTIFACTS / f"phone-{name}.png", full_page=True)
        found[name] = unfit_for_a_phone(phone)
    assert found == dict.fromkeys(PAGES, {})


def test_only_a_big_board_scrolls_and_inside_its_own_box(phone, base_url):
    phone.goto(base_url + "/?size=16")
    board = phone.locator(".board-scroll").first
    widths = board.evaluate("(box) => [box.scrollWidth, box.clientWidth]")
    assert widths[0] > widths[1]  # the 16x16 board is wider than the phone: it scrolls
    found = measured(phone)
    assert found["scroll"] <= found["width"], found


def test_a_batch_table_fits_a_phone(phone, base_url):
    phone.goto(base_url + "/")
    phone.get_by_label("Or upload a text file").set_input_files(str(TWO_9X9))
    phone.get_by_role("button", name="Solve pasted puzzle").click()
    expect(phone.get_by_role("heading", name="Results of the batch")).to_be_visible()
    phone.screenshot(path=ARTIFACTS / "phone-batch.png", full_page=True)
    found = measured(phone)
    assert found["scroll"] <= found["width"], found
    assert found["boxes"] == [], found["boxes"]
    assert found["small"] == [], found["small"]
    assert axe_violations(phone) == {}


def test_a_chains_drawing_lies_over_its_board_on_a_phone(phone, base_url):
    """The drawing reaches from the first cell's corner over the whole grid, so its lines
    land on the candidates they join."""
    phone.goto(base_url + PAGES["explain-chain"])
    boxes = phone.evaluate(
        """() => {
          const svg = document.querySelector(".chain-drawing").getBoundingClientRect();
          const cells = [...document.querySelectorAll(".pencil-board td")];
          const first = cells[0].getBoundingClientRect();
          const last = cells.at(-1).getBoundingClientRect();
          return [svg.left - first.left, svg.top - first.top,
                  svg.right - last.right, svg.bottom - last.bottom];
        }"""
    )
    assert all(abs(offset) <= 4 for offset in boxes), boxes


@pytest.mark.parametrize("width", [360, 1280])
def test_a_chain_step_passes_axe_in_the_dark_theme_too(browser, base_url, width):
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme="dark", is_mobile=width < 400
    )
    page = context.new_page()
    try:
        page.goto(base_url + PAGES["explain-chain"])
        page.screenshot(path=ARTIFACTS / f"explain-chain-dark-{width}.png", full_page=True)
        line = page.evaluate("() => getComputedStyle(document.querySelector('.chain-link')).stroke")
        assert line != "none" and line != "rgb(0, 0, 0)"
        assert axe_violations(page) == {}
    finally:
        context.close()


def test_check_my_puzzle_keeps_the_answer_folded_without_script(no_script_page, base_url):
    page = no_script_page
    page.goto(base_url + "/")
    page.get_by_label("Puzzle text").fill(SEED_EASY)
    page.get_by_role("button", name="Check pasted puzzle").click()
    expect(page.get_by_role("heading", name="It has one solution")).to_be_visible()
    expect(page.get_by_role("link", name="Explain the solution")).to_be_visible()
    expect(page.get_by_role("link", name="Play this puzzle")).to_be_visible()
    answer = page.get_by_role("table", name="The solution")
    expect(answer).to_be_hidden()
    page.get_by_text("Show the solution").click()
    expect(answer).to_be_visible()
