"""End to end in Chromium, issue 37's play page: notes show in the chosen cell as they are
written, the pad is in reach on a phone, the count and Solved! follow the entries, Pause
hides the board, "Explain from here" follows the typing, a refused note is said in words, a
Killer's sums and lines keep off the candidates, and a phone shows one notes toggle and no
keyboard help."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import expect
from test_browser_killer import NINE

from webapp.sudoku import read_code, solve

ISSUE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SOLUTION = solve(read_code(ISSUE)).solution.code


def ink_in(image: Image.Image, left: float, top: float, right: float, bottom: float) -> int:
    """How many pixels of a part of `image` (fractions of its size) are dark: ink, not paper."""
    width, height = image.size
    box = (int(left * width), int(top * height), int(right * width), int(bottom * height))
    grey = image.crop(box).convert("L")
    return sum(grey.histogram()[:160])


def test_notes_show_in_the_chosen_cell_while_they_are_written(page, base_url):
    page.goto(f"{base_url}/play/{ISSUE}")
    page.locator("#r1c6").click()
    for key in ("n", "4", "6"):
        page.keyboard.press(key)
    expect(page.locator("#r1c6")).to_be_focused()
    shot = Image.open(io.BytesIO(page.locator("td:has(#r1c6)").screenshot()))
    # the middle row's left and right slots, clear of the caret in the middle
    assert ink_in(shot, 0.1, 0.36, 0.3, 0.64) > 0  # 4
    assert ink_in(shot, 0.7, 0.36, 0.9, 0.64) > 0  # 6


def test_on_a_phone_the_pad_is_in_reach_while_the_board_is_in_view(phone, base_url):
    phone.goto(f"{base_url}/play/{ISSUE}")
    pad = phone.locator(".digit-pad")
    board = phone.locator("table.play-board-table")
    for where in ("as the page opens", "with the board at the top"):
        if where != "as the page opens":
            board.evaluate("table => table.scrollIntoView()")
        assert board.bounding_box()["y"] < 740, where  # the board is in view
        box = pad.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 740, where


def test_the_count_follows_entries_and_the_last_right_value_says_solved(page, base_url):
    left = SOLUTION[:2] + "00" + SOLUTION[4:]  # r1c3 and r1c4 to fill
    page.goto(f"{base_url}/play/{ISSUE}?progress={left}&time=65")
    count = page.locator(".progress-count")
    expect(count).to_have_text("79 of 81 cells filled.")
    page.locator("#r1c3").click()
    page.keyboard.press(SOLUTION[2])
    expect(count).to_have_text("80 of 81 cells filled.")
    page.locator("#r1c4").click()
    page.keyboard.press(SOLUTION[3])
    expect(page.locator("h1")).to_have_text("Solved!")
    banner = page.locator(".solved-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Every cell is filled and right, in 1:0")
    expect(banner.get_by_role("link", name="Next easy puzzle")).to_be_visible()


def test_pause_hides_the_board_and_takes_no_entry_until_resume(page, base_url):
    page.goto(f"{base_url}/play/{ISSUE}")
    page.locator("#r1c3").click()
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("table.play-board-table")).to_be_hidden()
    expect(page.get_by_text("Paused: press Resume to go on.")).to_be_visible()
    focused = page.evaluate("document.getElementById('r1c3').focus(); document.activeElement.id")
    assert focused != "r1c3"
    page.get_by_role("button", name="Resume").click()
    expect(page.locator("table.play-board-table")).to_be_visible()
    page.locator("#r1c3").click()
    page.keyboard.press("4")
    expect(page.locator("#r1c3")).to_have_value("4")


def test_explain_from_here_follows_what_is_typed(page, base_url):
    page.goto(f"{base_url}/play/{ISSUE}")
    page.locator("#r1c3").click()
    page.keyboard.press(SOLUTION[2])
    page.get_by_role("link", name="Explain from here").click()
    typed = ISSUE[:2] + SOLUTION[2] + ISSUE[3:]
    expect(page).to_have_url(f"{base_url}/explain/{typed}")


def test_a_note_a_given_rules_out_is_refused_in_words_with_script(page, base_url):
    page.goto(f"{base_url}/play/{ISSUE}")
    page.locator("#r1c3").click()
    page.keyboard.press("Shift+Digit5")  # r1c1 holds 5
    expect(page.locator(".note-status")).to_have_text(
        "r1c3: 5 cannot be a note here, as r1c1 holds 5"
    )


# Each candidate of a Killer's cage cells that its cage's dashed line (1 px, 3 px inside the
# cell's padding box) or its sum's patch covers. A digit's ink is as wide as its text and
# 0.72 of its font high, centred where its text is.
COVERED = """() => {
  const found = [];
  for (const td of document.querySelector('table.board').querySelectorAll('td.cage')) {
    const outer = td.getBoundingClientRect();
    const cell = {top: outer.top + td.clientTop, left: outer.left + td.clientLeft,
                  bottom: outer.top + td.clientTop + td.clientHeight,
                  right: outer.left + td.clientLeft + td.clientWidth};
    const sum = td.querySelector(':scope > .cage-sum');
    const patch = sum && sum.getBoundingClientRect();
    for (const mark of td.querySelectorAll('.mark')) {
      if (!mark.textContent) continue;
      const range = document.createRange();
      range.selectNodeContents(mark);
      const text = range.getBoundingClientRect();
      const half = 0.36 * parseFloat(getComputedStyle(mark).fontSize);
      const middle = text.top + text.height / 2;
      const ink = {left: text.left, right: text.right, top: middle - half, bottom: middle + half};
      const on = (side) => td.classList.contains('cage-' + side);
      const crosses = (on('top') && ink.top < cell.top + 4)
        || (on('left') && ink.left < cell.left + 4)
        || (on('right') && ink.right > cell.right - 4)
        || (on('bottom') && ink.bottom > cell.bottom - 4);
      const covered = patch && ink.left < patch.right && ink.right > patch.left
        && ink.top < patch.bottom && ink.bottom > patch.top;
      const where = location.pathname.slice(0, 8) + ' ' + td.className;
      if (crosses || covered) found.push(where + ' ' + mark.textContent);
    }
  }
  return found;
}"""


def test_a_killers_sums_and_lines_keep_off_its_candidates_on_a_phone(phone, base_url):
    covered = []
    for path in (f"/play/{NINE.code}?candidates=1", f"/explain/{NINE.code}"):
        phone.goto(base_url + path)
        covered += phone.evaluate(COVERED)
    assert covered == []


# Each candidate of a Killer's cage cells whose ink (estimated as COVERED does) comes within
# 2 px of its cell's sum: the sum's label needs air around it to be read at a glance.
CRAMPED = """() => {
  const found = [];
  for (const td of document.querySelectorAll('table.board td.cage')) {
    const sum = td.querySelector(':scope > .cage-sum');
    if (!sum) continue;
    const patch = sum.getBoundingClientRect();
    for (const mark of td.querySelectorAll('.mark')) {
      if (!mark.textContent) continue;
      const range = document.createRange();
      range.selectNodeContents(mark);
      const text = range.getBoundingClientRect();
      const middle = text.top + text.height / 2;
      const top = middle - 0.36 * parseFloat(getComputedStyle(mark).fontSize);
      const below = text.left < patch.right + 2 && text.right > patch.left - 2;
      if (below && top < patch.bottom + 2) found.push(sum.textContent + ' ' + mark.textContent);
    }
  }
  return found;
}"""


def test_a_killers_sums_keep_clear_of_its_candidates_on_a_phone(phone, base_url):
    cramped = []
    for path in (f"/play/{NINE.code}?candidates=1", f"/explain/{NINE.code}"):
        phone.goto(base_url + path)
        cramped += phone.evaluate(CRAMPED)
    assert cramped == []


def test_a_phone_shows_one_notes_toggle(phone, base_url):
    phone.goto(f"{base_url}/play/{ISSUE}")
    expect(phone.locator(".digit-pad")).to_have_count(1)  # the script has run
    expect(phone.locator("button.notes-toggle:visible")).to_have_count(1)


def test_no_page_shows_keyboard_help_on_a_touch_screen(phone, base_url):
    phone.goto(f"{base_url}/")
    expect(phone.locator(".digit-pad")).to_have_count(1)  # the script has run
    assert (
        phone.evaluate("getComputedStyle(document.getElementById('grid-keys')).display") == "none"
    )


def test_with_every_candidate_on_show_a_value_placed_keeps_the_others(page, base_url):
    page.goto(f"{base_url}/play/{ISSUE}?candidates=1")
    page.locator("#r1c3").click()
    page.keyboard.press(SOLUTION[2])  # 4: r1c4's candidates 2 and 6 stay
    expect(page.locator("td:has(#r1c4) .marks")).to_have_text("26")
