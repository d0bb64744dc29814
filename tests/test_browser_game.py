"""Two browsers play a short Duel on a 4x4 through the test server (webapp/web/game/): the
host makes the game from the play page, a phone takes the invitation, each page follows the
other's moves live and the clocks tick, and the result page shows how it ended; the running clock
ticks on the page between the server's updates."""

from __future__ import annotations

from browser_fixtures import ARTIFACTS, axe_violations
from playwright.sync_api import Page, expect

from game_puzzle import BLANKS, PUZZLE, SOLUTION

# A move reaches the other page within a second or so (live events); generous for a loaded CI.
FOLLOW_MS = 15_000


def play_digit(page: Page, blank: int) -> None:
    """Type the right digit in the `blank`th blank cell and place it."""
    field = page.locator(f'input[name="cell-{BLANKS[blank]}"]')
    expect(field).to_be_visible(timeout=FOLLOW_MS)
    field.fill(str(SOLUTION.cells[BLANKS[blank]]))
    page.get_by_role("button", name="Place").click()


def test_two_browsers_play_a_duel_to_the_end(base_url: str, page: Page, phone: Page) -> None:
    page.goto(f"{base_url}/play/{PUZZLE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    invitation = page.locator("#invitation").input_value()
    phone.goto(invitation)
    phone.get_by_role("button", name="Take the second seat").click()
    expect(page.locator(".game-status")).to_have_text(
        "Your move: type one digit in an empty cell.", timeout=FOLLOW_MS
    )
    players = (page, phone)
    for blank in range(len(BLANKS)):
        play_digit(players[blank % 2], blank)
    for player in players:
        expect(player.locator(".game-status")).to_contain_text(" win", timeout=FOLLOW_MS)
    page.get_by_role("link", name="The result and the replay").click()
    expect(page.locator(".game-moves li")).to_have_count(1 + len(BLANKS))


def test_notes_stay_in_the_players_browser_across_moves_and_reloads(
    base_url: str, page: Page
) -> None:
    # a Duel's board (a Race's has Play's own tools: test_browser_game_tools.py)
    page.goto(f"{base_url}/play/{PUZZLE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    page.get_by_role("button", name="Start against nobody").click()
    page.get_by_role("button", name="Notes").click()
    noted = page.locator(f'input[name="cell-{BLANKS[1]}"]')
    noted.press("3")
    noted.press("1")
    noted.press("3")  # a second press takes it off
    noted.press("2")
    assert noted.input_value() == ""  # noted, not placed
    page.get_by_role("button", name="Notes").click()
    # a move: the form is posted and the server draws the board again; reloading before
    # that page has loaded raced its navigation ("not attached to an active page")
    with page.expect_navigation(wait_until="load"):
        play_digit(page, 0)
    page.reload()
    cell = page.locator(f"#board td:has(input[name='cell-{BLANKS[1]}']) .game-notes")
    expect(cell).to_have_text("12")
    page.screenshot(path=ARTIFACTS / "game-notes.png")
    assert axe_violations(page) == {}


def seconds_shown(page: Page) -> int:
    """The running clock's time as the page shows it, in seconds."""
    minutes, seconds = page.locator(".game-clock.running .time").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_running_clock_ticks_on_the_page_between_updates(base_url: str, page: Page) -> None:
    page.clock.install(time=1_000_000)
    page.clock.pause_at(1_060_000)  # the page's time moves only when the test moves it
    page.goto(f"{base_url}/play/{PUZZLE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    # No update comes from the server: its live events end at once, its state says nothing.
    page.route("**/events", lambda route: route.fulfill(status=204))
    page.route("**/state.json", lambda route: route.fulfill(json=None))
    # the game's page loaded, its script run: the clock shown is served before it ticks
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name="Start against nobody").click()
    before = seconds_shown(page)
    page.clock.run_for(5_000)
    assert before - seconds_shown(page) == 5
