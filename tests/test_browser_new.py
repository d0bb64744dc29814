"""The new-puzzle pages in Chromium: the form works with JavaScript off and lands on the new
puzzle's play page, Surprise me too; the day's puzzles fit a phone; axe-core finds nothing
to fix on the form, the day's page, a sheet and the page saying no such puzzle is found."""

from __future__ import annotations

import re

import pytest
from browser_fixtures import ARTIFACTS, axe_violations_at
from playwright.sync_api import expect


def test_the_form_makes_a_puzzle_without_script(no_script_page, base_url):
    no_script_page.goto(base_url + "/")
    no_script_page.get_by_role("link", name="New puzzle").click()
    no_script_page.get_by_label("Size").select_option("6")
    no_script_page.get_by_label("Level").select_option("hard")
    no_script_page.get_by_label("Symmetry of the givens").select_option("mirror")
    no_script_page.get_by_role("button", name="Make a puzzle").click()
    # The click returns once the last redirect is under way, before the page has loaded:
    # expect() waits for it where a plain assert would race it.
    expect(no_script_page).to_have_url(re.compile(r"/play/[0-6]{36}$"))
    expect(no_script_page.get_by_role("heading", name="Play this puzzle")).to_be_visible()


def test_surprise_me_lands_on_a_puzzle_of_the_size_chosen(no_script_page, base_url):
    no_script_page.goto(base_url + "/new?size=4")
    no_script_page.get_by_role("button", name="Surprise me").click()
    expect(no_script_page).to_have_url(re.compile(r"/play/[0-4]{16}$"))


def test_the_sheet_is_of_the_level_chosen_and_its_own_form_changes_level_and_count(
    no_script_page, base_url
):
    no_script_page.goto(base_url + "/new")
    no_script_page.get_by_label("Size").select_option("6")
    no_script_page.get_by_label("Level").select_option("hard")
    no_script_page.get_by_role("button", name="Print a sheet of these").click()
    heading = no_script_page.get_by_role("heading", level=1)
    expect(heading).to_have_text("4 hard 6x6 puzzles")
    no_script_page.get_by_label("Level").select_option("easy")
    no_script_page.get_by_label("Puzzles on the sheet").select_option("6")
    no_script_page.get_by_role("button", name="Make the sheet").click()
    expect(heading).to_have_text("6 easy 6x6 puzzles")


def test_the_days_puzzles_fit_a_phone(phone, base_url):
    phone.goto(base_url + "/daily")
    assert phone.locator("table.board").count() == 5
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=ARTIFACTS / "daily-phone.png", full_page=True)
    phone.get_by_role("link", name="Play the expert puzzle").click()
    expect(phone).to_have_url(re.compile(r"/play/[0-9]{81}$"))


@pytest.mark.parametrize(
    ("width", "path"),
    [
        (360, "/new?size=10&make=1"),
        (1366, "/daily"),
        (1366, "/print?size=9&level=easy&count=4&seed=1"),
        (360, "/new/4/hard/rotational/1"),
    ],
)
def test_axe_finds_nothing_to_fix(browser, base_url, width, path):
    assert axe_violations_at(browser, base_url + path, width) == {}


def test_each_symmetry_fits_its_menu_on_a_phone(phone, base_url):
    # "Rotational: the same after a half turn" was cut to "...half turr" at 360 px
    phone.goto(base_url + "/new")
    overflowing = phone.evaluate(
        """() => {
            const select = document.getElementById("symmetry");
            const style = getComputedStyle(select);
            const pen = document.createElement("canvas").getContext("2d");
            pen.font = style.font;
            const room = select.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight) - 16;  // the menu's arrow
            return [...select.options]
                .filter((option) => pen.measureText(option.text).width > room)
                .map((option) => option.text);
        }"""
    )
    assert overflowing == []


def test_choosing_a_killer_takes_the_symmetry_away_and_another_variant_brings_it_back(
    page, base_url
):
    page.goto(base_url + "/new")
    symmetry = page.get_by_label("Symmetry of the givens")
    page.get_by_label("Variant").select_option("killer")
    expect(symmetry).to_be_hidden()
    page.get_by_label("Variant").select_option("x")
    expect(symmetry).to_be_visible()


def test_choosing_a_level_the_variant_is_not_made_at_says_which_levels_it_has(page, base_url):
    page.goto(base_url + "/new")
    level, note = page.get_by_label("Level"), page.locator("#level-note")
    level.select_option("easy")
    page.get_by_label("Variant").select_option("non-consecutive")
    expect(note).to_have_text("Non-Consecutive puzzles are made at levels medium and hard only.")
    expect(level).to_have_attribute("aria-invalid", "true")
    level.select_option("hard")
    expect(note).to_be_hidden()
    expect(level).not_to_have_attribute("aria-invalid", "true")
