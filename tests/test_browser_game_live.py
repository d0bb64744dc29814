"""Browsers on games through deploy/stack, nginx and the live relay: a watcher's page, whose
live events come from the relay (a version, on which static/game.js asks for the state), shows
each move the two players make; a Race on a Killer between a player with script and one
without, who reloads mid-game, played to the end, its result opened afresh."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browser_fixtures import ARTIFACTS, REFRESH_README_PICTURE, axe_violations
from playwright.sync_api import Page, expect
from shared_stacks import GAMES_GROUP, with_relay
from test_browser_game import FOLLOW_MS, play_digit

from game_puzzle import BLANKS, KILLER, NINE, NINE_SOLUTION, PUZZLE, SOLUTION

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import RunningStack  # noqa: E402

pytestmark = pytest.mark.xdist_group(GAMES_GROUP)


@pytest.fixture
def front(games_stack: RunningStack) -> str:
    """The shared games stack's address (nginx, the app servers, the relay), once its relay
    listens: the match and stack games files may have killed the last one just before."""
    return f"http://127.0.0.1:{with_relay(games_stack).port}"


def test_a_watcher_through_the_relay_sees_every_move(
    front: str, page: Page, phone: Page, laptop: Page
) -> None:
    page.goto(f"{front}/play/{PUZZLE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    # Both links before the guest comes: then the host's page moves on to the game.
    invitation, watch = (page.locator(f"#{name}").input_value() for name in ("invitation", "watch"))
    phone.goto(invitation)
    phone.get_by_role("button", name="Take the second seat").click()
    laptop.goto(watch)
    players = (page, phone)
    for blank in range(3):
        play_digit(players[blank % 2], blank)
        watched = laptop.locator("#board td").nth(BLANKS[blank])
        digit = SOLUTION.cells[BLANKS[blank]]
        expect(watched).to_contain_text(f": {digit}", timeout=FOLLOW_MS)


README_PICTURE = Path(__file__).parent.parent / "static" / "game.png"


def test_a_race_on_a_killer_with_a_player_without_script_goes_to_the_end(
    front: str, page: Page, no_script_page: Page, laptop: Page
) -> None:
    page.goto(f"{front}/play/{KILLER.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_label("Race: each on your own board").check()
    page.get_by_role("button", name="Make the game").click()
    guest = no_script_page
    guest.goto(page.locator("#invitation").input_value())
    guest.get_by_role("button", name="Take the second seat").click()
    expect(page.locator(".game-status")).not_to_contain_text("Waiting", timeout=FOLLOW_MS)
    for blank in range(3):
        play_digit(page, blank)
    assert axe_violations(page) == {}
    picture = page.locator("main").screenshot()
    (ARTIFACTS / "readme-game.png").write_bytes(picture)
    if REFRESH_README_PICTURE:
        README_PICTURE.write_bytes(picture)
    for blank in range(len(BLANKS)):
        play_digit(guest, blank)
        if blank == 4:
            # the page the fifth move's form led to, before a reload mid-game loses nothing:
            # a reload while that form's answer was still loading found no page to reload
            placed = guest.locator("#board td.seat-2")
            expect(placed).to_have_count(5)
            guest.reload()
            expect(placed).to_have_count(5)
    expect(guest.locator(".game-status")).to_contain_text("You win")
    expect(page.locator(".game-status")).to_contain_text("The guest wins", timeout=FOLLOW_MS)
    result = guest.get_by_role("link", name="The result and the replay").get_attribute("href")
    laptop.goto(f"{front}{result}" if result and result.startswith("/") else str(result))
    expect(laptop.locator(".game-moves li")).to_have_count(1 + 3 + len(BLANKS))


def test_a_duel_on_a_9x9_between_a_desktop_and_a_phone_goes_to_the_end(
    front: str, page: Page, phone: Page, laptop: Page
) -> None:
    """A watcher who came at the start ends with every move on their board."""
    page.goto(f"{front}/play/{NINE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    invitation, watch = (page.locator(f"#{name}").input_value() for name in ("invitation", "watch"))
    phone.goto(invitation)
    phone.get_by_role("button", name="Take the second seat").click()
    laptop.goto(watch)
    players = (page, phone)
    blanks = [cell for cell, value in enumerate(NINE.grid.cells) if not value]
    for turn, cell in enumerate(blanks):
        player = players[turn % 2]
        field = player.locator(f'input[name="cell-{cell}"]')
        expect(field).to_be_visible(timeout=FOLLOW_MS)
        field.fill(str(NINE_SOLUTION.cells[cell]))
        player.get_by_role("button", name="Place").click()
    for player in players:
        expect(player.locator(".game-status")).to_contain_text(" win", timeout=FOLLOW_MS)
    expect(laptop.locator(".game-status")).to_contain_text(" win", timeout=FOLLOW_MS)
    watched = laptop.locator("#board td")
    unseen = [
        cell
        for cell in blanks
        # the cell's label, then its digit: "Row 1, column 1: 4" once spaces are one
        if f": {NINE_SOLUTION.cells[cell]}" not in " ".join(watched.nth(cell).inner_text().split())
    ]
    assert unseen == []
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
