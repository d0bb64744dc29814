"""The player's own record in Chromium: a game finished on the play page is counted on
/record (in this browser only), and a record file is exported, imported, or refused with a
reason, and the daily streak counted; axe-core finds nothing to fix on the page."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from browser_fixtures import axe_violations
from playwright.sync_api import expect

from puzzles import NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION

# Norvig's easy puzzle one cell from the end: r1c1 (4) open.
ONE_LEFT = "0" + NORVIG_EASY_SOLUTION[1:]
A_GAME = {
    "code": "x",
    "variant": "X-Sudoku",
    "level": "hard",
    "seconds": 754,
    "hints": 2,
    "daily": "",
    "finished": "2026-11-20",
}


def dailies() -> list[dict[str, object]]:
    """Puzzles of the day finished yesterday and today (UTC): a streak of two days."""
    today = datetime.now(UTC).date()
    days = [f"{today - timedelta(days=1)}", f"{today}"]
    return [{**A_GAME, "code": day, "daily": day, "finished": day} for day in days]


def test_a_finished_game_is_counted_in_this_browser_s_record(page, base_url):
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?progress={ONE_LEFT}&time=95&hint=1")
    page.locator("#r1c1").click()
    page.keyboard.press("4")
    expect(page.locator(".clock-label")).to_have_text("Solved in")
    page.goto(f"{base_url}/record")
    row = page.locator(".record-table tr").nth(1)
    expect(row).to_be_visible()
    cells = row.locator("th, td").all_inner_texts()
    # variant, level, games, best = median (one game, its time near 1:35), the hint asked
    assert (cells[:3], cells[3] == cells[4], cells[5]) == (["Classic", "easy", "1"], True, "1")


def test_a_hint_s_page_reloaded_counts_the_hint_once(page, base_url):
    # the page again as a reload five seconds on finds it (the clock keeps ?time= current)
    for seconds in (95, 100):
        page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?progress={ONE_LEFT}&time={seconds}&hint=1")
        expect(page.locator(".mark-modes")).to_be_attached()  # the scripts have run
    page.locator("#r1c1").click()
    page.keyboard.press("4")
    expect(page.locator(".clock-label")).to_have_text("Solved in")
    page.goto(f"{base_url}/record")
    row = page.locator(".record-table tr").nth(1)
    expect(row).to_be_visible()
    cells = row.locator("th, td").all_inner_texts()
    assert (cells[2], cells[5]) == ("1", "1")  # one game, one hint


def test_a_record_file_is_imported_and_a_bad_one_refused(page, base_url):
    page.goto(f"{base_url}/record")
    chooser = page.get_by_label("Import a record file")
    chooser.set_input_files(
        files=[
            {
                "name": "record.json",
                "mimeType": "application/json",
                "buffer": json.dumps({"games": [A_GAME, *dailies()]}).encode(),
            }
        ]
    )
    expect(page.get_by_role("status")).to_have_text(
        "Imported 3 games (those already here were kept once)."
    )
    expect(
        page.get_by_text("Puzzles of the day: a streak of 2 days (the longest 2).")
    ).to_be_visible()
    expect(page.get_by_role("row", name="X-Sudoku")).to_contain_text("12:34")
    assert axe_violations(page) == {}
    with page.expect_download() as download:
        page.get_by_role("link", name="Export your record").click()
    assert json.loads(download.value.path().read_text())["games"] == [A_GAME, *dailies()]
    broken = {"games": [{**A_GAME, "seconds": "soon"}]}
    page.get_by_label("Import a record file").set_input_files(
        files=[
            {
                "name": "b.json",
                "mimeType": "application/json",
                "buffer": json.dumps(broken).encode(),
            }
        ]  # noqa: E501
    )
    expect(page.get_by_role("status")).to_have_text(
        "That file cannot be imported: game 1 has no time in seconds."
    )


def test_the_day_s_puzzles_are_marked_for_the_streak_in_this_browser(page, base_url):
    page.goto(f"{base_url}/daily?size=6")
    codes = page.locator(".daily-puzzles").get_attribute("data-codes").split()
    marked = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('sudoku-record-daily:')).length"
    )
    assert (len(codes), marked) == (5, 5)  # one of each level
