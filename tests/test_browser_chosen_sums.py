"""The combination helper for chosen cells in Chromium on a 360x740 touch screen: three
cells chosen by a finger's drag are named in the helper's form, and a sum typed there brings
the line of its ways; the page stays within the phone's width and axe-core finds nothing to
fix."""

from __future__ import annotations

from browser_fixtures import axe_violations
from playwright.sync_api import expect
from test_browser_solver_marks import drag

from puzzles import NORVIG_EASY_CODE


def test_three_cells_chosen_and_a_sum_typed_show_the_ways_on_a_phone(phone, base_url):
    phone.goto(f"{base_url}/play/{NORVIG_EASY_CODE}")
    drag(phone, "r1c2", "r3c2")
    expect(phone.locator("td.selected")).to_have_count(3)
    phone.locator(".sum-helper input[name=sum]").fill("15")
    expect(phone.locator(".sum-line")).to_contain_text("r1c2 r2c2 r3c2, 15 in 3: ")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert (
        phone.locator(".sum-helper input[name=cells]").input_value(),
        wide,
        axe_violations(phone),
    ) == (
        "r1c2 r2c2 r3c2",
        360,
        {},
    )
