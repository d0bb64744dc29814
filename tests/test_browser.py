"""End to end in Chromium: the pages as a person meets them, with and without JavaScript."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_fixtures import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    README_SCREENSHOT,
    REFRESH_README_PICTURE,
    WHOLE_CHROMIUM,
    axe_violations,
)
from playwright.sync_api import expect

from puzzles import NORVIG_EASY_CODE, data_lines

SOLVED_CODE = NORVIG_EASY_CODE
CONFLICT_ROW_3 = "." * 19 + "5" + "." * 4 + "5" + "." * 56  # r3c2 and r3c7 are both 5
# An X-Sudoku's givens (its share code needs "-x" to be read under the X rules).
X_SUDOKU_CODE = data_lines("x_sudoku.txt")[0][0].replace(".", "0")


# A result cell's own text, without the words for screen readers that follow it.
CELL_SYMBOL = "td => td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : ''"


def shown_cells(page, table: int = 0) -> str:
    """The symbols of one result board, blanks as "."."""
    cells = (
        page.locator("table.board")
        .nth(table)
        .locator("td")
        .evaluate_all(f"all => all.map({CELL_SYMBOL})")
    )
    return "".join(text.strip() or "." for text in cells)


def typed_cells(page) -> str:
    """The values of the form's cell inputs, blanks as "."."""
    values = page.eval_on_selector_all("table.input-board input", "all => all.map(i => i.value)")
    return "".join(value or "." for value in values)


def test_type_a_puzzle_with_the_keyboard_and_see_it_solved(page, base_url, unique_sample):
    page.goto(base_url + "/")
    page.locator("#r1c1").focus()
    page.keyboard.type(unique_sample.puzzle)  # "." leaves a cell blank and moves on
    assert typed_cells(page) == unique_sample.puzzle
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_url(f"**/solve/{unique_sample.code}")
    expect(page.locator("h1")).to_have_text("Solved")
    assert shown_cells(page) == unique_sample.solution
    givens = page.locator("td.given").count()
    assert givens == sum(symbol != "." for symbol in unique_sample.puzzle)


def test_arrow_keys_move_and_backspace_and_delete_clear(page, base_url):
    page.goto(base_url + "/")
    page.locator("#r1c1").focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowUp"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.id") == "r1c2"
    page.keyboard.type("7a")  # 7 fills and advances; "a" is no 9x9 symbol, so it stays put
    assert page.locator("#r1c2").input_value() == "7"
    assert page.evaluate("document.activeElement.id") == "r1c3"
    assert page.locator("#r1c3").input_value() == "a"  # kept as typed, for the server to explain
    page.keyboard.press("Backspace")  # clears this cell
    assert page.locator("#r1c3").input_value() == ""
    assert page.evaluate("document.activeElement.id") == "r1c3"
    page.keyboard.press("Backspace")  # an empty cell: go back and clear that one
    assert page.evaluate("document.activeElement.id") == "r1c2"
    assert page.locator("#r1c2").input_value() == ""
    page.keyboard.type("9")
    page.locator("#r1c2").focus()
    page.keyboard.press("Delete")
    assert page.locator("#r1c2").input_value() == ""
    page.locator("#r9c9").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == "r9c9"


def test_paste_a_whole_puzzle_into_one_cell_then_clear(page, base_url, unique_sample):
    page.goto(base_url + "/")
    page.evaluate("text => navigator.clipboard.writeText(text)", unique_sample.puzzle)
    page.locator("#r5c5").focus()
    page.keyboard.press("Control+V")
    assert typed_cells(page) == unique_sample.puzzle
    page.get_by_role("link", name="Clear").click()
    assert typed_cells(page) == "." * 81
    assert page.url == base_url + "/"  # cleared in place, no reload
    expect(page.locator(".clear-undo")).to_have_text("The grid is cleared. Undo")
    page.get_by_role("button", name="Undo").click()  # a slip of the finger costs nothing
    assert typed_cells(page) == unique_sample.puzzle
    expect(page.locator(".clear-undo")).to_have_count(0)
    page.get_by_role("link", name="Clear").click()
    page.locator("#r1c1").focus()
    page.keyboard.press("7")  # typing again: the cleared grid is gone for good
    expect(page.locator(".clear-undo")).to_have_count(0)


def test_paste_a_bigger_puzzle_opens_the_grid_of_its_size(page, base_url):
    page.goto(base_url + "/")
    page.evaluate("text => navigator.clipboard.writeText(text)", "G" + "." * 255)
    page.locator("#r1c1").focus()
    page.keyboard.press("Control+V")
    page.wait_for_url("**/?puzzle=*")
    assert page.locator("table.input-board input").count() == 256
    assert page.locator("#r1c1").input_value() == "G"


def test_the_paste_box_solves_a_puzzle(page, base_url, unique_sample):
    page.goto(base_url + "/")
    rows = [unique_sample.puzzle[r : r + 9] for r in range(0, 81, 9)]
    page.get_by_label("Puzzle text").fill("\n".join(rows))
    page.get_by_role("button", name="Solve pasted puzzle").click()
    page.wait_for_url(f"**/solve/{unique_sample.code}")
    assert shown_cells(page) == unique_sample.solution


def test_the_share_link_opens_the_same_solve_in_a_fresh_page(
    page, browser, base_url, unique_sample
):
    page.goto(f"{base_url}/solve/{unique_sample.puzzle}")  # dots move to the canonical link
    assert page.url == f"{base_url}/solve/{unique_sample.code}"
    share = page.locator("#share-link").inner_text()
    assert share == page.url
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator(".copy-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == share
    page.screenshot(path=ARTIFACTS / "solved-desktop.png", full_page=True)
    _save_readme_screenshot(page)

    fresh = browser.new_context().new_page()
    fresh.goto(share)
    expect(fresh.locator("h1")).to_have_text("Solved")
    assert shown_cells(fresh) == unique_sample.solution
    fresh.get_by_role("link", name="Edit this puzzle").click()
    fresh.wait_for_url("**/?puzzle=*")
    assert typed_cells(fresh) == unique_sample.puzzle
    fresh.context.close()


def test_conflicting_givens_are_marked_on_the_form(page, base_url):
    page.goto(base_url + "/")
    page.locator("#r1c1").focus()
    page.keyboard.type(CONFLICT_ROW_3[:30])
    page.locator("#r8c8").fill("x")
    page.get_by_role("button", name="Solve", exact=True).click()
    summary = page.locator(".error-summary")
    expect(summary).to_be_focused()  # the script moves focus there, so it is read first
    assert summary.get_by_role("link").all_inner_texts() == [
        "r8c8: 'x' is not a digit from 1 to 9",
        "Row 3 has two 5s (columns 2 and 7)",
    ]
    for cell in ("#r3c2", "#r3c7", "#r8c8"):
        assert page.locator(cell).get_attribute("aria-invalid") == "true"
    described = page.locator("#r3c7").get_attribute("aria-describedby")
    assert page.locator(f"#{described}").inner_text() == "Row 3 has two 5s (columns 2 and 7)"
    assert page.locator("#r3c3").get_attribute("aria-invalid") is None
    page.screenshot(path=ARTIFACTS / "conflict-desktop.png", full_page=True)
    page.locator("#r8c8").fill("")
    page.locator("#r8c8").press_sequentially("1")
    assert page.locator("#r8c8").get_attribute("aria-invalid") is None


def test_more_than_one_solution_side_by_side(page, base_url, multiple_sample):
    page.goto(f"{base_url}/solve/{multiple_sample.code}")
    assert page.locator("h1").inner_text() == "More than one solution"
    first, second = page.locator("table.board").all()
    assert first.bounding_box()["y"] == second.bounding_box()["y"]  # side by side
    differs = page.locator("td.differs").count()
    assert differs > 0
    # what the highlight shows, a screen reader hears, and the words under the boards list
    said = page.get_by_role(
        "cell", name=re.compile(r"^\w\s*, solved, differs from the other solution$")
    )
    assert said.count() == differs
    expect(page.locator(".detail")).to_contain_text(f"They differ in {differs // 2} cells: r")
    page.screenshot(path=ARTIFACTS / "multiple-desktop.png", full_page=True)


def focused(page) -> str:
    """The id of the element that has the focus, or its text when it has no id."""
    return page.evaluate("document.activeElement.id || document.activeElement.textContent")


@pytest.mark.parametrize("size", [9, 25])
def test_the_grid_is_one_tab_stop_between_the_sizes_and_solve(page, base_url, size):
    page.goto(f"{base_url}/?size={size}")
    assert page.locator("table.input-board input[tabindex='0']").count() == 1
    page.get_by_role("link", name="25×25").focus()  # the size picker's last link
    page.keyboard.press("Tab")
    assert focused(page) == "r1c1"
    page.keyboard.press("Tab")
    assert focused(page) == "Solve"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("End")  # the grid remembers the cell last focused
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == f"r2c{size}"
    assert page.locator("table.input-board input[tabindex='0']").count() == 1
    hint = page.locator("table.input-board").get_attribute("aria-describedby")
    expect(page.locator(f"#{hint}")).to_have_text(re.compile("^Arrow keys move between cells"))


@pytest.mark.parametrize(
    ("start", "keys", "end"),
    [
        ("r1c9", ["ArrowRight"], "r2c1"),  # on into the next row
        ("r2c1", ["ArrowLeft"], "r1c9"),  # back into the row above
        ("r1c1", ["ArrowLeft", "ArrowUp"], "r1c1"),  # nowhere before the first cell
        ("r9c9", ["ArrowRight", "ArrowDown"], "r9c9"),  # nor after the last
        ("r1c4", ["ArrowUp"], "r1c4"),  # columns do not wrap
        ("r9c4", ["ArrowDown"], "r9c4"),
        ("r5c5", ["Home"], "r5c1"),
        ("r5c5", ["End"], "r5c9"),
        ("r5c5", ["Control+Home"], "r1c1"),
        ("r5c5", ["Control+End"], "r9c9"),
    ],
)
def test_arrows_wrap_at_the_ends_of_rows(page, base_url, start, keys, end):
    page.goto(base_url + "/")
    page.locator(f"#{start}").focus()
    for key in keys:
        page.keyboard.press(key)
    assert focused(page) == end
    assert page.locator(f"#{end}").get_attribute("tabindex") == "0"


def test_without_script_every_cell_is_a_tab_stop(no_script_page, base_url):
    no_script_page.goto(base_url + "/")
    assert no_script_page.locator("table.input-board input[tabindex]").count() == 0
    no_script_page.locator("#r1c9").focus()
    no_script_page.keyboard.press("Tab")
    assert focused(no_script_page) == "r2c1"
    assert not no_script_page.locator(".grid-keys").is_visible()  # arrows do nothing there
    expect(no_script_page.locator(".sizes")).to_contain_text("Switching size starts an empty grid")


def test_the_first_invalid_cell_is_the_tab_stop(page, base_url):
    page.goto(base_url + "/?puzzle=" + CONFLICT_ROW_3)
    assert page.locator("input[tabindex='0']").get_attribute("id") == "r3c2"


def test_a_symbol_typed_twice_in_a_unit_is_marked_at_once(page, base_url):
    page.goto(base_url + "/")
    status = page.locator(".clash-status")
    page.locator("#r3c2").focus()
    page.keyboard.type("5")
    assert page.locator("td.clash").count() == 0
    page.locator("#r3c7").focus()
    page.keyboard.type("5")
    for name in ("r3c2", "r3c7"):
        assert page.locator(f"#{name}").get_attribute("aria-invalid") == "true"
        assert "clash" in page.locator(f"td:has(#{name})").get_attribute("class")
    assert page.locator("td.clash").count() == 2
    expect(status).to_have_text("Row 3 has two 5s (columns 2 and 7).")
    assert status.get_attribute("role") == "status"  # a polite live region
    page.locator("#r2c1").focus()
    page.keyboard.type("5")  # box 1 too
    expect(status).to_have_text(
        "Row 3 has two 5s (columns 2 and 7). Box 1 has two 5s (r2c1 and r3c2)."
    )
    page.locator("#r3c2").focus()
    page.keyboard.press("Delete")  # fixes both
    expect(status).to_have_text("No clashes left.")
    assert page.locator("td.clash").count() == 0
    assert page.locator("[aria-invalid]").count() == 0


def test_live_clashes_are_worded_as_the_server_words_them(page, base_url):
    page.goto(base_url + "/?size=16")
    page.locator("#r1c1").focus()
    page.keyboard.type("AA.A")  # three As in row 1 (two of them in box 1)
    page.locator("#r9c1").focus()
    page.keyboard.type("a")  # and two in column 1
    said = page.locator(".clash-status").inner_text()
    page.get_by_role("button", name="Solve", exact=True).click()
    summary = page.locator(".error-summary li").all_inner_texts()
    assert said == " ".join(f"{message}." for message in summary)
    assert summary[0] == "Row 1 has three As (columns 1, 2 and 4)"


def test_a_clash_on_a_variants_extra_unit_is_marked_and_worded_as_the_server_words_it(
    page, base_url
):
    # An X-Sudoku's board lists its diagonals too; the script marks a clash on one (its
    # cells share no row, column or box) and words it as the play page's Check does.
    page.goto(f"{base_url}/play/{X_SUDOKU_CODE}-x")
    for name in ("r1c1", "r5c5"):  # both blank, on diagonal 1
        page.locator(f"#{name}").focus()
        page.keyboard.type("1")
    status = page.locator(".clash-status")
    expect(status).to_have_text("Diagonal 1 has two 1s (r1c1 and r5c5).")
    assert page.locator("td.clash").count() == 2
    assert page.locator("#r5c5").get_attribute("aria-invalid") == "true"
    assert axe_violations(page) == {}
    said = status.inner_text()
    page.get_by_role("button", name="Check", exact=True).click()
    found = page.locator(".check-results li").all_inner_texts()
    assert said.removesuffix(".") in found


def test_fixing_a_clash_the_server_marked_clears_both_cells(page, base_url):
    page.goto(base_url + "/?puzzle=" + CONFLICT_ROW_3)
    assert page.locator("td.clash").count() == 2
    page.locator("#r3c7").focus()
    page.keyboard.type("4")
    assert page.locator("td.clash, td.invalid").count() == 0
    assert page.locator("#r3c2").get_attribute("aria-invalid") is None


def test_the_digit_pad_fills_the_cell_and_moves_on(phone, base_url):
    phone.goto(base_url + "/")
    pad = phone.get_by_role("group", name="Symbols to enter in the selected cell")
    expect(pad).to_be_visible()
    buttons = pad.get_by_role("button")
    assert buttons.all_inner_texts() == [*"123456789", "Erase"]
    assert pad.get_by_role("button", name="Erase the selected cell").count() == 1
    for box in (button.bounding_box() for button in buttons.all()):
        assert box["width"] >= 24 and box["height"] >= 24
    assert phone.locator("#r1c1").get_attribute("inputmode") == "none"  # the pad is the keyboard
    phone.locator("#r1c3").tap()
    pad.get_by_role("button", name="7", exact=True).tap()
    pad.get_by_role("button", name="8", exact=True).tap()
    assert typed_cells(phone)[:5] == "..78."
    assert focused(phone) == "r1c5"
    phone.locator("#r1c3").tap()
    pad.get_by_role("button", name="Erase the selected cell").tap()
    assert typed_cells(phone)[:5] == "...8."
    assert focused(phone) == "r1c3"
    phone.get_by_role("button", name="Solve", exact=True).tap()
    phone.wait_for_url("**/solve/" + "0" * 3 + "8" + "0" * 77)


def test_the_digit_pad_works_from_the_keyboard_too(phone, base_url):
    phone.goto(base_url + "/?size=16")
    phone.locator("#r2c2").focus()
    phone.keyboard.press("Tab")  # from the grid onto the pad's first button
    assert focused(phone) == "1"
    phone.get_by_role("button", name="G", exact=True).focus()
    phone.keyboard.press("Enter")
    assert phone.locator("#r2c2").input_value() == "G"
    assert focused(phone) == "G"  # the focus stays on the pad; the next cell is the one it fills
    assert phone.locator("#r2c3").get_attribute("tabindex") == "0"
    phone.keyboard.press("Enter")
    assert phone.locator("#r2c3").input_value() == "G"
    expect(phone.locator(".clash-status")).to_have_text(
        "Row 2 has two Gs (columns 2 and 3). Box 1 has two Gs (r2c2 and r2c3)."
    )


def test_no_digit_pad_on_a_desktop_screen(page, base_url):
    page.goto(base_url + "/")
    assert not page.locator(".digit-pad").is_visible()
    assert page.locator("#r1c1").get_attribute("inputmode") == "numeric"


def _lock_givens(route) -> None:
    """Serve the form with its filled cells readonly, as the play page shows its givens."""
    html = route.fetch().text()
    locked = re.sub(r'(<input id="r\d+c\d+" name="r\d+c\d+" value="[^"]+")', r"\1 readonly", html)
    route.fulfill(body=locked, content_type="text/html")


@pytest.mark.parametrize("context", ["page", "phone"])
def test_readonly_cells_are_locked(request, base_url, unique_sample, context):
    page = request.getfixturevalue(context)
    page.route("**/?puzzle=*", _lock_givens)
    page.goto(f"{base_url}/?puzzle={unique_sample.code}")
    givens = unique_sample.puzzle
    assert page.locator("input[readonly]").count() == sum(s != "." for s in givens)
    assert givens[:4] == "..3."  # r1c3 is a given
    page.locator("#r1c2").focus()
    page.keyboard.press("ArrowRight")
    assert focused(page) == "r1c3"  # arrows move onto a locked cell
    for key in ("9", "Delete", ".", "Backspace"):  # Backspace moves back to r1c2
        page.keyboard.press(key)
    assert focused(page) == "r1c2"
    if context == "phone":
        page.locator("#r1c3").tap()
        page.get_by_role("button", name="9", exact=True).tap()
        page.get_by_role("button", name="Erase the selected cell").tap()
    assert typed_cells(page) == givens
    page.locator("#r1c2").focus()
    page.keyboard.type("4")  # typing moves on past the locked r1c3
    assert focused(page) == "r1c4"
    page.evaluate("text => navigator.clipboard.writeText(text)", "1" * 81)
    page.keyboard.press("Control+V")
    assert typed_cells(page) == "".join(s if s != "." else "1" for s in givens)
    page.get_by_role("link", name="Clear").click()
    assert typed_cells(page) == givens


def test_back_after_solve_keeps_the_typed_grid(page, base_url, unique_sample):
    page.goto(base_url + "/")
    page.locator("#r1c1").focus()
    page.keyboard.type(unique_sample.puzzle[:40])
    page.get_by_label("Puzzle text").fill("kept too")
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_url("**/solve/*")
    page.go_back()  # no back-forward cache here (Playwright's Chromium): the form is restored
    page.wait_for_url(base_url + "/")
    assert typed_cells(page) == unique_sample.puzzle[:40] + "." * 41
    assert page.get_by_label("Puzzle text").input_value() == "kept too"
    assert page.locator("table.input-board input[tabindex='0']").count() == 1


def test_the_form_page_goes_into_the_back_forward_cache(browser, base_url, unique_sample):
    # A second Chromium, the whole browser (the headless shell has no back-forward cache),
    # with the cache Playwright switches off by default.
    cached_browser = browser.browser_type.launch(
        executable_path=str(WHOLE_CHROMIUM),
        args=CHROMIUM_ARGS,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    page = cached_browser.new_page()
    page.goto(base_url + "/")
    page.evaluate("addEventListener('pageshow', event => { window.cached = event.persisted })")
    page.locator("#r1c1").focus()
    page.keyboard.type(unique_sample.puzzle)
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_url("**/solve/*")
    page.go_back(wait_until="commit")  # a page from the cache fires no load event
    page.wait_for_function("window.cached !== undefined")
    cached, typed = page.evaluate("window.cached"), typed_cells(page)
    cached_browser.close()
    assert cached is True
    assert typed == unique_sample.puzzle


def test_another_size_asks_before_throwing_typed_cells_away(page, base_url):
    page.goto(base_url + "/")
    page.get_by_role("link", name="16×16").click()  # nothing typed: no question
    page.wait_for_url("**/?size=16")
    page.locator("#r1c1").focus()
    page.keyboard.type("G")
    page.get_by_role("link", name="9×9").click()
    question = page.get_by_role("group", name=re.compile("^9×9 starts an empty grid"))
    expect(question).to_contain_text("the cell you filled would be lost")
    assert page.url.endswith("/?size=16")
    assert focused(page) == "Keep editing"
    page.keyboard.press("Enter")
    expect(question).to_have_count(0)
    assert focused(page) == "9×9"
    assert page.locator("#r1c1").input_value() == "G"
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")  # Escape keeps editing too
    expect(question).to_have_count(0)
    page.get_by_role("link", name="4×4").click()
    page.get_by_role("button", name="Discard and switch").click()
    page.wait_for_url("**/?size=4")
    assert typed_cells(page) == "." * 16


def test_the_whole_flow_without_javascript(no_script_page, base_url, unique_sample):
    page = no_script_page
    page.goto(base_url + "/?size=16")
    assert page.locator("table.input-board input").count() == 256
    page.get_by_role("link", name="9×9").click()
    page.wait_for_url("**/?size=9")
    assert page.locator("table.input-board input").count() == 81
    for index, symbol in enumerate(CONFLICT_ROW_3):
        if symbol != ".":
            page.locator(f"#r{index // 9 + 1}c{index % 9 + 1}").fill(symbol)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator(".error-summary")).to_be_visible()
    assert page.locator("#r3c2").get_attribute("aria-invalid") == "true"
    page.screenshot(path=ARTIFACTS / "conflict-no-script.png", full_page=True)

    page.get_by_role("link", name="Clear").click()
    page.wait_for_url(base_url + "/?size=9")
    assert typed_cells(page) == "." * 81
    for index, symbol in enumerate(unique_sample.puzzle):
        if symbol != ".":
            page.locator(f"#r{index // 9 + 1}c{index % 9 + 1}").fill(symbol)
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_url(f"**/solve/{unique_sample.code}")
    assert shown_cells(page) == unique_sample.solution
    assert not page.get_by_role("button", name="Copy link").is_visible()
    assert page.locator("#share-link").inner_text() == page.url
    page.get_by_role("link", name="Edit this puzzle").click()
    page.wait_for_url("**/?puzzle=*")
    assert typed_cells(page) == unique_sample.puzzle

    page.get_by_label("Puzzle text").fill(unique_sample.puzzle)
    page.get_by_role("button", name="Solve pasted puzzle").click()
    page.wait_for_url(f"**/solve/{unique_sample.code}")
    assert shown_cells(page) == unique_sample.solution


# What injected markup would try: inline script, and a style attribute hiding a cell.
INJECT = """() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
    const cell = document.querySelector("table.board td");
    cell.setAttribute("style", "visibility: hidden");
    return {script: window.injected === true, style: getComputedStyle(cell).visibility};
}"""


@pytest.mark.parametrize("path", ["/", "/solve/" + SOLVED_CODE])
def test_the_pages_policy_blocks_inline_script_and_style(browser, base_url, path):
    context = browser.new_context()
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: message.type == "error" and refused.append(message.text))
    page.goto(base_url + path)
    assert page.evaluate(INJECT) == {"script": False, "style": "visible"}
    assert len(refused) == 2 and all("Content Security Policy" in text for text in refused)
    context.close()


# The pages whose width a phone checks, by the name of their picture in test-artifacts/.
PHONE_PAGES = {
    "form-9": "/",
    "form-16": "/?size=16",
    "form-25": "/?size=25",
    "solved": "/solve/" + SOLVED_CODE,
    "multiple": "/solve/" + "0" * 81,
    "no-solution": "/solve/55" + "0" * 79,
    "bad-link": "/solve/12x",
    "not-found": "/nowhere",
}


def sideways(page) -> dict[str, float]:
    """How far past a 360 px screen `page` reaches: the page itself, and its board's frame.
    A board of inputs may scroll sideways inside its frame; the frame, like a result board,
    stays on the screen."""
    past = {"page": page.evaluate("document.documentElement.scrollWidth") - 360}
    board = page.locator(".board-scroll, table.board:not(.input-board)").first
    if board.count():
        box = board.bounding_box()
        past["board"] = max(-box["x"], box["x"] + box["width"] - 360)
    return {part: reach for part, reach in past.items() if reach > 0}


# Every page in one phone window, one after the other: a window of its own took each page
# half a second more.
def test_phone_width_has_no_horizontal_scroll(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    found = {}
    for name, path in PHONE_PAGES.items():
        page.goto(base_url + path)
        found[name] = sideways(page)
        page.screenshot(path=ARTIFACTS / f"{name}-360.png", full_page=True)
    context.close()
    assert found == {name: {} for name in PHONE_PAGES}


# The least size of every cell input of the form, in CSS pixels (width and height).
SMALLEST_CELL = """() => Math.min(...[...document.querySelectorAll("table.input-board input")]
    .map(input => input.getBoundingClientRect())
    .map(box => Math.min(box.width, box.height)))"""


def in_sight_on_a_laptop(laptop, size: int) -> dict[str, bool]:
    """What a 1366x768 screen shows of the form of `size`: Solve without scrolling, the
    whole board, and cells of 24 px at least."""
    solve = laptop.get_by_role("button", name="Solve", exact=True).bounding_box()
    return {
        "solve in sight": solve["y"] >= 0 and solve["y"] + solve["height"] <= 768,
        "board fits": laptop.locator("table.board").bounding_box()["width"] <= 1366,
        "cells of 24 px": laptop.evaluate(SMALLEST_CELL) >= 24,
    }


# Every size in one window, one after the other: a window of its own took each size half a
# second more.
def test_solve_is_in_sight_on_a_laptop_screen(laptop, base_url):
    found = {}
    for size in (9, 12, 16, 25):
        laptop.goto(f"{base_url}/?size={size}")
        found[size] = in_sight_on_a_laptop(laptop, size)
        laptop.screenshot(path=ARTIFACTS / f"form-{size}-laptop.png")
    assert found == {size: dict.fromkeys(found[size], True) for size in found}


def on_a_phone(phone, size: int) -> dict[str, bool]:
    """How the form of `size` fits a 360x740 phone: cells of 24 px at least, the board's
    frame scrolling sideways (and saying so) or not, the page not, Solve in sight, and the
    last column reached by moving there, the board scrolling along."""
    scroller = phone.locator(".board-scroll")
    wide = scroller.evaluate("frame => frame.scrollWidth > frame.clientWidth")
    solve = phone.get_by_role("button", name="Solve", exact=True).bounding_box()
    phone.locator("#r1c1").focus()
    phone.keyboard.press("End")
    last = phone.locator(f"#r1c{size}").bounding_box()
    return {
        "cells of 24 px": phone.evaluate(SMALLEST_CELL) >= 24,
        "board scrolls": wide,
        "scroll hint": phone.locator(".scroll-hint").is_visible(),
        "page fits": phone.evaluate("document.documentElement.scrollWidth") <= 360,
        "solve in sight": solve["y"] + solve["height"] <= 740,
        "last column reached": last["x"] + last["width"] <= 360,
    }


# Every size in one window, one after the other: a window of its own took each size half a
# second more. Only the big boards scroll sideways, and they say so.
def test_every_cell_is_a_24_pixel_target_on_a_phone(phone, base_url):
    found = {}
    for size in (4, 9, 12, 16, 25):
        phone.goto(f"{base_url}/?size={size}")
        found[size] = on_a_phone(phone, size)
        phone.screenshot(path=ARTIFACTS / f"form-{size}-phone.png")
    wanted = {
        size: {
            **dict.fromkeys(found[size], True),
            "board scrolls": size >= 16,
            "scroll hint": size >= 16,
        }
        for size in found
    }
    assert found == wanted


# axe-core takes seconds a page (a 25x25 form, nine): the pages where its rules have most to
# look at. The form, 9x9 and 25x25, is checked on a light phone (and a dark desktop) with
# every page of test_browser_learning.py's axe run, and the 9x9 one by test_browser_phones.py.
AXE_PAGES = [
    (1366, "/solve/" + "0" * 81),
    (360, "/solve/12x"),
]


@pytest.mark.parametrize(("width", "path"), AXE_PAGES)
def test_axe_finds_nothing_to_fix(browser, base_url, path, width):
    context = browser.new_context(
        viewport={"width": width, "height": 740}, has_touch=width < 400, is_mobile=width < 400
    )
    page = context.new_page()
    page.goto(base_url + path)
    rules = {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"],
    }
    found = Axe().run(page, options={"runOnly": rules, "resultTypes": ["violations"]})
    violations = {rule["id"]: len(rule["nodes"]) for rule in found.response["violations"]}
    context.close()
    assert violations == {}


def test_a_printed_form_is_the_board_alone(phone, base_url):
    phone.goto(base_url + "/?size=25")
    phone.locator("#r1c1").focus()
    phone.keyboard.type("AA")
    phone.get_by_role("link", name="4×4").click()  # the question, the pad, the clash message...
    phone.emulate_media(media="print")
    for hidden in (".size-confirm", ".grid-keys", ".scroll-hint", ".clash-status", ".digit-pad"):
        assert not phone.locator(hidden).is_visible()
    for hidden in ("Solve", "Discard and switch", "Erase the selected cell"):
        assert not phone.get_by_role("button", name=hidden).is_visible()
    assert phone.locator("table.board").is_visible()


def test_dark_scheme_and_print_show_the_board_under_its_verdict(browser, base_url, multiple_sample):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{base_url}/solve/{multiple_sample.code}")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert _brightness(background) < 60
    page.screenshot(path=ARTIFACTS / "multiple-dark.png", full_page=True)
    page.emulate_media(media="print")
    for hidden in ("header.site", ".share", ".figures", ".next", "footer.site", "button"):
        assert not page.locator(hidden).first.is_visible()
    for shown in ("h1", ".summary", ".detail", "table.board"):
        assert page.locator(shown).first.is_visible()
    heading, board = page.locator("h1").bounding_box(), page.locator("table.board").first
    assert heading["y"] < board.bounding_box()["y"]  # the status line heads the printout
    page.screenshot(path=ARTIFACTS / "multiple-print.png", full_page=True)
    context.close()


def _brightness(css_color: str) -> float:
    """The mean of the red, green and blue of an rgb() colour."""
    red, green, blue = (int(v) for v in re.findall(r"\d+", css_color)[:3])
    return (red + green + blue) / 3


def _save_readme_screenshot(page) -> None:
    """Save the heading and board of a solved page in test-artifacts/, and as the README's
    picture when SUDOKU_REFRESH_README_PICTURE=1."""
    top = page.locator("h1").bounding_box()
    board = page.locator(".boards").bounding_box()
    clip = {
        "x": top["x"] - 16,
        "y": top["y"] - 12,
        "width": max(board["width"], 560) + 32,
        "height": board["y"] + board["height"] - top["y"] + 28,
    }
    picture = page.screenshot(clip=clip)
    (ARTIFACTS / "readme-solved.png").write_bytes(picture)
    if REFRESH_README_PICTURE:
        README_SCREENSHOT.write_bytes(picture)
