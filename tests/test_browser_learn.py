"""Learning on a phone, 360 px wide: a practice position answered right and then wrong by
tapping its candidates, and /learn, every lesson and every practice page (its first
position, with its step drawn) fit the screen with nothing for axe-core to fix (on each page, in
the parts no page before it showed)."""

from __future__ import annotations

from functools import cache

from browser_fixtures import ARTIFACTS, axe_violations, axe_violations_of_new_parts
from playwright.sync_api import expect
from test_browser_phones import measured

from webapp.explanations.words import cell_name
from webapp.sudoku import SHAPES
from webapp.sudoku.logic.techniques import LISTED
from webapp.web.learn.shipped import positions, sizes_of


@cache
def entry():
    """The first X-wing practice position, read from the bank when a test first asks (the
    bank's reading took every test worker a second as it collected the suite)."""
    return positions("x-wing", 9)[0]


PRACTICE = "/learn/x-wing/practice?size=9&seed=0"


def label(cell: int, value: int) -> str:
    """The toggle's label for removing `value` from `cell`."""
    return f"Remove {value} from {cell_name(SHAPES[9], cell)}"


def test_a_practice_answered_right_then_wrong_on_a_phone(phone, base_url):
    position = entry()
    phone.goto(base_url + PRACTICE)
    for cell, value in position.eliminations:
        phone.get_by_label(label(cell, value), exact=True).check()
    phone.get_by_role("button", name="Check").click()
    expect(phone.get_by_role("status")).to_contain_text("Right: that is X-wing.")
    solution = phone.request.post(base_url + "/api/solve", data={"puzzle": position.puzzle}).json()[
        "solution"
    ]
    cell = position.progress.index("0")
    phone.get_by_label(label(cell, int(solution[cell])), exact=True).check()
    phone.get_by_role("button", name="Check").click()
    expect(phone.get_by_role("status")).to_contain_text("Not right.")


SHOWN = ["/learn", "/learn/x-wing", PRACTICE, PRACTICE + "&show=1"]


def test_learning_fits_a_phone_and_passes_axe(phone, base_url):
    """/learn, a lesson and a practice before and after its step is shown, each axe checked
    in full and pictured in test-artifacts/."""
    problems = {}
    for path in SHOWN:
        phone.goto(base_url + path)
        name = path.strip("/").replace("/", "-").replace("?", "-").replace("&", "-")
        phone.screenshot(path=ARTIFACTS / f"phone-{name}.png", full_page=True)
        found, violations = measured(phone), axe_violations(phone)
        if found["scroll"] > found["width"] or violations:
            problems[path] = (found, violations)
    assert problems == {}


def test_a_practice_is_answered_with_script_off(no_script_page, base_url):
    no_script_page.goto(base_url + PRACTICE)
    first, *_ = entry().eliminations
    no_script_page.get_by_label(label(*first), exact=True).check()
    no_script_page.get_by_role("button", name="Check").click()
    expect(no_script_page.get_by_role("status")).to_contain_text("Partly right")


SLUGS = sorted({slug for slug, _, _ in LISTED})
EVERY_PAGE = [f"/learn/{slug}" for slug in SLUGS] + [
    f"/learn/{slug}/practice?size={size}&seed=0&show=1" for slug in SLUGS for size in sizes_of(slug)
]


def test_every_lesson_and_practice_page_fits_a_phone_and_passes_axe(phone, base_url):
    """Every page is measured for sideways scroll; axe checks the first page whole, and on
    each page after it the parts no page before it showed (a board's size, a role's colour,
    the practice form), in EVERY_PAGE's order. The pages are made of the same parts, and a
    whole page took axe a second or more; test_learning_fits_a_phone_and_passes_axe checks
    a lesson and a practice page whole."""
    checked: set[str] = set()
    problems = {}
    width = phone.viewport_size["width"]
    for path in EVERY_PAGE:
        phone.goto(base_url + path)
        scroll = phone.evaluate("document.documentElement.scrollWidth")
        violations = axe_violations_of_new_parts(phone, checked)
        if scroll > width or violations:
            problems[path] = (scroll, violations)
    assert problems == {}
