"""Browsers on a Duel through deploy/stack, nginx and the live relay: a watcher's page, whose
live events come from the relay (a version, on which static/game.js asks for the state), shows
each move the two players make."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_browser_game import FOLLOW_MS, play_digit
from test_scaleout import tools_missing

from game_puzzle import BLANKS, PUZZLE, SOLUTION

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import stack  # noqa: E402

pytestmark = pytest.mark.xdist_group("stack-games")


@pytest.fixture(scope="module")
def front(tmp_path_factory: Any) -> Iterator[str]:
    """The stack's address (nginx, the app servers, the relay)."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("stack") / "stack.log"
    with stack("--exempt", "127.0.0.1", log=log) as running:
        yield f"http://127.0.0.1:{running.port}"


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
