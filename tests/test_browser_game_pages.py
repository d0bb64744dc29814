"""A game's result page (with its replay) and its watch page, as a watcher opens them afresh:
axe finds nothing to fix, on a desktop and on a 360-pixel phone, where neither scrolls
sideways."""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import axe_violations_at
from playwright.sync_api import Page, expect
from test_browser_game import play_digit

from game_puzzle import PUZZLE

PHONE = 360
DESKTOP = 1280


def game_alone(base_url: str, page: Page) -> str:
    """A Duel on the 4x4 started against nobody, one digit placed: the game's address."""
    page.goto(f"{base_url}/play/{PUZZLE.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_role("button", name="Make the game").click()
    page.get_by_role("button", name="Start against nobody").click()
    play_digit(page, 0)
    expect(page.locator("#board td.seat-1")).to_have_count(1)
    return page.url.split("#")[0]


def result_of(base_url: str, page: Page) -> str:
    """The result page of a game that ended by resigning after a move, at its first step."""
    game = game_alone(base_url, page)
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".game-status")).to_contain_text("resigned")
    return f"{game}/result?step=1"


def sideways(browser: Any, url: str) -> bool:
    """Whether `url` scrolls sideways in a fresh 360-pixel phone window."""
    context = browser.new_context(
        viewport={"width": PHONE, "height": 740}, has_touch=True, is_mobile=True
    )
    try:
        phone = context.new_page()
        phone.goto(url)
        return bool(phone.evaluate("document.documentElement.scrollWidth > window.innerWidth"))
    finally:
        context.close()


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_result_page_is_axe_clean(base_url: str, page: Page, browser: Any, width: int) -> None:
    assert axe_violations_at(browser, result_of(base_url, page), width) == {}


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_watch_page_is_axe_clean(base_url: str, page: Page, browser: Any, width: int) -> None:
    assert axe_violations_at(browser, game_alone(base_url, page), width) == {}


def test_the_result_page_does_not_scroll_sideways_on_a_phone(
    base_url: str, page: Page, browser: Any
) -> None:
    assert not sideways(browser, result_of(base_url, page))


def test_the_watch_page_does_not_scroll_sideways_on_a_phone(
    base_url: str, page: Page, browser: Any
) -> None:
    assert not sideways(browser, game_alone(base_url, page))
