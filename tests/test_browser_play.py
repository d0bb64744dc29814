"""End to end in Chromium: the play page's notes, hints on them one step at a time, and a page
that stays put; with script and without, on a desktop and a 360 px phone."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_fixtures import ARTIFACTS, axe_violations_of_new_parts_and_page
from playwright.sync_api import expect

from webapp import create_app
from webapp.sudoku import read_code, solve
from webapp.sudoku.logic import Position, decode_marks, wrong_notes
from webapp.sudoku.progress import check, read_progress

from puzzles import FOUR, SIX

# The README's extreme example.
EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"
PUZZLE = read_code(EXTREME)
SOLUTION = solve(PUZZLE).solution
TIER_TWO_LONGEST = 400


def grid_values(page) -> str:
    """The play grid's values, blanks as 0."""
    values = page.eval_on_selector_all(
        "table.play-board-table input", "all => all.map(i => i.value)"
    )
    return "".join(value or "0" for value in values)


def drawn_notes(page) -> list[str]:
    """Each cell's notes as drawn, such as "137" ("" where none are drawn)."""
    return page.eval_on_selector_all(
        "table.play-board-table td",
        "cells => cells.map(td => Array.from(td.querySelectorAll('.marks .mark'),"
        " m => m.textContent).join(''))",
    )


def state_of(url: str) -> tuple[str, str]:
    """The progress and the notes code a play link holds."""
    found = parse_qs(urlsplit(url).query)
    return found.get("progress", [EXTREME])[0], found.get("marks", [""])[0]


def tier_two(page) -> str:
    """The hint's second tier as said, without the link to its technique's lesson after it."""
    told = page.locator(".hint-panel dt:text-is('What it is') + dd")
    return told.evaluate("dd => dd.firstChild.textContent").strip()


def take_hints(page, most: int) -> int:
    """From the page's position, press Hint, More help and Do it until it says Solved! or
    `most` hints were taken, checking every step on the way; how many hints that took."""
    hints = 0
    while page.locator("h1").inner_text() != "Solved!" and hints < most:
        page.get_by_role("button", name="Hint", exact=True).click()
        expect(page.locator(".hint-panel")).to_contain_text("Where to look")
        page.get_by_role("button", name="More help").click()
        told = tier_two(page)
        assert 0 < len(told) < TIER_TWO_LONGEST, told
        page.get_by_role("button", name="Do it").click()
        page.wait_for_load_state()
        hints += 1
        progress, marks = state_of(page.url)
        played = read_progress(PUZZLE, progress)
        assert not check(played, SOLUTION), told  # every value placed is the solution's
        notes = decode_marks(PUZZLE, marks)
        assert not wrong_notes(notes, played, SOLUTION), told  # no note loses the answer
    return hints


def after_hints(count: int) -> str:
    """The play link of the extreme example after its first `count` hints' steps, taken
    through the API from every candidate noted."""
    client = create_app({"TESTING": True}).test_client()
    progress, marks = EXTREME, ""
    for _ in range(count):
        asked = {"puzzle": EXTREME, "progress": progress, "marks": marks}
        body = client.post("/api/hint", json=asked).json
        progress, marks = body["progress_after"], body["marks_after"]
    return f"/play/{EXTREME}?progress={progress}&marks={marks}"


# Every hint of the extreme example from the start is followed to Solved! through the API in
# tests/test_api_hint.py, and a game is played to Solved! by hints in the browser in
# tests/test_browser_learning.py. Here, in the browser: the first hints from the candidates
# filled in, without script, and the hints through its chains (its hardest steps), with
# script, each checked: 12 hints where two whole playthroughs took 160. The six from the
# 20th are an AIC, a hidden rectangle, an AIC, a grouped AIC and two forcing chains.
FIRST_HINTS = 6
BEFORE_THE_CHAINS = 19
THE_CHAINS = 6


def test_fill_in_then_the_first_hints_place_and_remove_only_what_is_true(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/play/{EXTREME}")
    page.get_by_role("button", name="Fill in all candidates").click()
    expect(page.locator(".marks")).to_have_count(EXTREME.count("0"))
    assert take_hints(page, FIRST_HINTS) == FIRST_HINTS


def test_the_hints_through_the_chains_place_and_remove_only_what_is_true(page, base_url):
    page.goto(base_url + after_hints(BEFORE_THE_CHAINS))
    assert take_hints(page, THE_CHAINS) == THE_CHAINS


def test_notes_and_values_typed_follow_the_link_and_survive_a_reload_and_a_fresh_browser(
    page, browser, base_url
):
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").click()
    page.keyboard.press("Shift+Digit1")  # a note in any mode
    page.keyboard.press("Shift+Digit2")
    expect(page.locator("td:has(#r1c1) .mark").filter(has_text="2")).to_have_count(1)
    assert page.locator("#r1c1").input_value() == ""  # a note, not a value
    page.keyboard.press("n")  # notes mode: plain digits write notes
    page.locator("#r1c2").click()
    page.keyboard.press("5")
    page.keyboard.press("7")
    page.keyboard.press("7")  # a second press takes it off again
    page.keyboard.press("n")
    page.locator("#r1c4").click()
    page.keyboard.press("6")  # a value; the pad and the cursor stay on the cell
    assert page.evaluate("document.activeElement.id") == "r1c4"
    notes = drawn_notes(page)
    assert notes[0] == "12" and notes[1] == "5" and notes[3] == ""
    progress, marks = state_of(page.url)
    assert progress[3] == "6" and marks
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator(".copy-status")).to_have_text("Link copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert state_of(copied) == (progress, marks)
    page.reload()
    assert grid_values(page)[3] == "6"
    assert drawn_notes(page) == notes
    fresh = browser.new_context()
    other = fresh.new_page()
    other.goto(copied)
    assert grid_values(other)[3] == "6"
    assert drawn_notes(other) == notes
    fresh.close()


def test_notes_mode_without_script_takes_notes_as_typed(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").fill("1")
    page.get_by_role("button", name="Notes mode").click()
    expect(page.locator("#n-r1c2")).to_be_visible()
    assert page.locator("#r1c1").input_value() == "1"  # the value was saved on the way
    page.locator("#n-r1c2").fill("25")  # the givens leave r1c2 2, 5 and 8
    page.get_by_role("button", name="Notes mode").click()  # back to values, notes saved
    expect(page.locator("#r1c2")).to_be_visible()
    assert drawn_notes(page)[1] == "25"
    assert urlsplit(page.url).fragment == "board"


def test_start_over_asks_first_with_script(page, base_url):
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").click()
    page.keyboard.press("1")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("a.start-over").click()
    assert page.locator("#r1c1").input_value() == "1"
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("a.start-over").click()
    page.wait_for_url(re.compile(rf"/play/{EXTREME}#board$"))
    assert page.locator("#r1c1").input_value() == ""


def test_start_over_asks_first_without_script(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/play/{EXTREME}?progress=1{EXTREME[1:]}")
    page.locator("a.start-over").click()
    expect(page.locator(".restart-confirm")).to_contain_text("Start over?")
    page.get_by_role("link", name="Keep playing").click()
    assert page.locator("#r1c1").input_value() == "1"
    page.locator("a.start-over").click()
    page.locator(".restart-confirm").get_by_role("link", name="Start over").click()
    assert page.locator("#r1c1").input_value() == ""


def filled_link(base_url: str, page) -> str:
    """The link of the extreme example with every candidate filled in and a few values."""
    page.goto(f"{base_url}/play/{EXTREME}")
    page.get_by_role("button", name="Fill in all candidates").click()
    for _ in range(3):
        page.get_by_role("button", name="Hint", exact=True).click()
        page.get_by_role("button", name="Do it").click()
    return page.url.split("#")[0]


def test_a_phone_plays_with_notes_and_hints_without_sideways_scroll(phone, base_url):
    link = filled_link(base_url, phone)
    for tier in (0, 1, 2):
        phone.goto(link + (f"&hint={tier}" if tier else "") + "#board")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"tier {tier}: {width} px wide"
        board = phone.locator("table.play-board-table").bounding_box()
        assert board["y"] < 400  # the hint follows the board: no tier pushes it down
        small = phone.evaluate(
            """() => Array.from(document.querySelectorAll('main button, main input, main a.button'))
              .filter(e => e.type !== 'hidden' && e.offsetParent !== null)
              .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
              .filter(([, r]) => r.width < 24 || r.height < 24).map(([name]) => name)"""
        )
        assert small == [], f"tier {tier}: targets under 24 px: {small}"
    phone.screenshot(path=ARTIFACTS / "play-notes-hint-phone.png", full_page=True)


def test_keyboard_help_is_not_shown_on_touch_screens(phone, page, base_url):
    for device in (phone, page):
        device.goto(f"{base_url}/play/{EXTREME}")
        expect(device.locator(".digit-pad")).to_have_count(1)  # the script has run
    assert (
        phone.evaluate("getComputedStyle(document.getElementById('grid-keys')).display") == "none"
    )
    expect(page.locator("#grid-keys")).to_be_visible()


def test_on_a_wide_screen_the_hint_sits_beside_the_board(page, base_url):
    link = filled_link(base_url, page)
    page.goto(link + "&hint=2#board")
    board = page.locator("table.play-board-table").bounding_box()
    hint = page.locator(".hint-panel").bounding_box()
    assert hint["x"] >= board["x"] + board["width"]
    assert hint["y"] < board["y"] + board["height"]
    page.screenshot(path=ARTIFACTS / "play-notes-hint-desktop.png", full_page=True)


# Each colour scheme once and each width once, as the other pages are checked. The plain
# page whole, each tier after it on what it adds (the hint's panel, the checked cells, the
# notes) and the rules judging a page whole: a whole page took axe two to three seconds, most
# of it on the board's cells the plain page had checked already.
@pytest.mark.parametrize(("scheme", "width"), [("light", 360), ("dark", 1280)])
def test_axe_finds_nothing_serious_on_play_with_notes(browser, base_url, scheme, width):
    context = browser.new_context(
        viewport={"width": width, "height": 800},
        color_scheme=scheme,
        has_touch=width < 400,
        is_mobile=width < 400,
    )
    page = context.new_page()
    # filled_link's position, its three hints taken through the API (the phone's test above
    # takes them in the browser) and its candidates filled in.
    progress = state_of(after_hints(3))[0]
    link = f"{base_url}/play/{EXTREME}?progress={progress}&candidates=1"
    found = {}
    checked: set[str] = set()
    for tier in ("", "&hint=1", "&hint=2", "&check=1", "&notes=1"):
        page.goto(link + tier)
        serious = axe_violations_of_new_parts_and_page(page, checked)
        if serious:
            found[tier or "plain"] = serious
    context.close()
    assert found == {}


@pytest.mark.parametrize(
    ("code", "columns", "rows"),
    [
        (FOUR.replace(".", "0"), 2, 2),
        (SIX.replace(".", "0"), 3, 2),
        (EXTREME, 3, 3),
    ],
    ids=["4x4", "6x6", "9x9"],
)
def test_each_digit_sits_in_the_same_place_of_every_cells_mini_grid(
    page, base_url, code, columns, rows
):
    page.goto(f"{base_url}/play/{code}?candidates=1")
    places = page.eval_on_selector_all(
        "table.play-board-table td:has(.marks)",
        """cells => cells.map(td => {
            const box = td.querySelector('.marks').getBoundingClientRect();
            return Array.from(td.querySelectorAll('.mark'), m => {
              const r = m.getBoundingClientRect();
              return [Math.round(r.left - box.left), Math.round(r.top - box.top)];
            });
        })""",
    )
    assert places
    first = places[0]
    assert len({x for x, _ in first}) == columns and len({y for _, y in first}) == rows
    for cell in places:  # the same slot in every cell, to a pixel (thick lines shift cells)
        assert all(
            abs(x - x0) <= 1 and abs(y - y0) <= 1
            for (x, y), (x0, y0) in zip(cell, first, strict=True)
        )


def test_back_and_forward_keep_values_and_notes(page, base_url):
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").click()
    page.keyboard.press("1")
    page.locator("#r1c2").click()
    page.keyboard.press("Shift+Digit2")
    page.get_by_role("button", name="Check").click()
    expect(page.locator(".check-results")).to_be_visible()
    checked = page.url
    page.go_back()
    assert grid_values(page)[0] == "1" and drawn_notes(page)[1] == "2"
    page.go_forward()
    assert page.url == checked
    assert grid_values(page)[0] == "1" and drawn_notes(page)[1] == "2"


def test_an_entry_that_cannot_be_read_comes_back_at_the_board(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").fill("x")
    page.get_by_role("button", name="Check").click()
    expect(page.locator(".error-summary")).to_contain_text("r1c1: 'x' is not a digit")
    assert urlsplit(page.url).fragment == "board"
    assert page.evaluate("window.scrollY") > 0  # the board, not the top of the page


def test_the_chosen_cell_s_digit_is_shown_wherever_it_stands(page, base_url):
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r3c4").click()
    page.keyboard.press("Shift+Digit4")  # a note of 4 in r3c4, where the givens allow one
    page.locator("#r1c3").click()  # a given 4
    fours = EXTREME.count("4")
    expect(page.locator("td.same-digit")).to_have_count(fours)
    expect(page.locator("td:has(#r3c4) .mark.same-digit")).to_have_text("4")
    page.locator("#r1c1").click()  # an empty cell: nothing to show
    expect(page.locator("td.same-digit")).to_have_count(0)
    expect(page.locator(".mark.same-digit")).to_have_count(0)


def test_a_cell_noted_with_every_candidate_survives_a_reload(page, base_url):
    """The marks code cannot tell a cell noted with every candidate the givens allow from one
    without notes: the link names it in noted=, and the notes come back."""
    allowed = Position.from_puzzle(PUZZLE).candidates
    pairs = [c for c in range(81) if bin(allowed[c]).count("1") >= 2]
    cell = min(pairs, key=lambda c: bin(allowed[c]).count("1"))
    digits = [v for v in range(1, 10) if allowed[cell] >> v & 1]
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator(f"#{name}").click()
    for digit in digits:
        page.keyboard.press(f"Shift+Digit{digit}")
    expected = "".join(map(str, digits))
    assert drawn_notes(page)[cell] == expected
    assert parse_qs(urlsplit(page.url).query)["noted"] == [name]
    page.reload()
    assert drawn_notes(page)[cell] == expected
    page.locator(f"#{name}").click()
    page.keyboard.press(f"Shift+Digit{digits[0]}")  # one taken off: the marks code says it
    assert "noted" not in parse_qs(urlsplit(page.url).query)
    page.reload()
    assert drawn_notes(page)[cell] == expected[1:]
