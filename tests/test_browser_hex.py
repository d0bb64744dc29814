"""A Hexadoku in Chromium: the play page's digit pad offers 0-F, typing 0 fills a cell rather
than blanking it, and Save keeps the progress standard and the page 0-F."""

from __future__ import annotations

import re

from browser_fixtures import axe_violations
from playwright.sync_api import expect

from webapp.sudoku import parse

from puzzles import data_lines

TO_HEX = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")
PUZZLE, _, SOLUTION = data_lines("engine_16x16_answers.txt")[0]
CODE = parse(PUZZLE).code
FIRST_OPEN = PUZZLE.index(".")
NAME = f"r{FIRST_OPEN // 16 + 1}c{FIRST_OPEN % 16 + 1}"


def test_the_pad_and_the_keys_speak_hex(phone, base_url):
    phone.goto(f"{base_url}/play/{CODE}?alphabet=hex")
    pad = phone.get_by_role("group", name="Symbols to enter in the selected cell")
    expect(pad).to_be_visible()
    labels = pad.get_by_role("button").all_inner_texts()
    assert labels == [*"0123456789ABCDEF", "Erase", "Notes"]  # play adds its notes toggle
    answer = SOLUTION[FIRST_OPEN].translate(TO_HEX)
    phone.locator(f"#{NAME}").tap()
    pad.get_by_role("button", name=answer, exact=True).tap()
    assert phone.locator(f"#{NAME}").input_value() == answer
    phone.locator(f"#{NAME}").focus()
    phone.keyboard.press("0")
    assert phone.locator(f"#{NAME}").input_value() == "0"  # a symbol in hex, not a blank
    phone.get_by_role("button", name="Save").tap()
    expect(phone).to_have_url(re.compile(r"progress=.*alphabet=hex|alphabet=hex.*progress="))
    progress = re.search(r"progress=([0-9A-G]+)", phone.url)
    assert progress and progress.group(1)[FIRST_OPEN] == "1"
    expect(phone.locator(f"#{NAME}")).to_have_value("0")


def test_axe_finds_nothing_to_fix_on_a_hexadoku_result(page, base_url):
    page.goto(f"{base_url}/solve/{CODE}?alphabet=hex")
    assert axe_violations(page) == {}
