"""End to end in Chromium: explaining, playing with hints and the candidates view, with and
without JavaScript; axe-core on every page, light and dark, desktop and phone; and learning:
a hint's lesson, practice answered with and without script, and the learning path kept in
this browser."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_fixtures import ARTIFACTS, REFRESH_README_PICTURE, ROOT, axe_violations
from playwright.sync_api import expect
from test_browser_phones import measured

from webapp.explanations.names import technique_name
from webapp.explanations.words import cell_name
from webapp.sudoku import SHAPES, parse, solve
from webapp.sudoku.logic import find_path
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle
from webapp.web.learn.shipped import positions

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION, TOP95_SEVENTH

TOP95_SEVENTH_CODE = TOP95_SEVENTH.replace(".", "0")
TOP95_PATH = find_path(Puzzle(parse(TOP95_SEVENTH)), unique=True)
TOP95_STEPS = len(TOP95_PATH.steps)
# The README shows a step with fins, a base and a cover: more to see than a single.
FINNED_STEP = next(
    n for n, step in enumerate(TOP95_PATH.steps, 1) if step.technique == "finned-x-wing"
)
README_PICTURES = {
    "explain": ROOT / "static" / "explain.png",
    "play": ROOT / "static" / "play.png",
    "lesson": ROOT / "static" / "lesson.png",
}


def grid_values(page) -> str:
    """The play grid's values, blanks as 0."""
    values = page.eval_on_selector_all("table.input-board input", "all => all.map(i => i.value)")
    return "".join(value or "0" for value in values)


# The cells the hints-only game leaves open: the last of NORVIG_EASY's blanks.
OPEN = 20


def play_to_the_end_with_hints(page, base: str) -> int:
    """From NORVIG_EASY with its last OPEN blanks still open, press Hint and then Do it
    until the page says Solved!; how many hints that took."""
    blanks = [index for index, symbol in enumerate(NORVIG_EASY_CODE) if symbol == "0"]
    progress = list(NORVIG_EASY_SOLUTION)
    for index in blanks[-OPEN:]:
        progress[index] = "0"
    page.goto(f"{base}/play/{NORVIG_EASY_CODE}?progress={''.join(progress)}")
    hints = 0
    while page.locator("h1").inner_text() != "Solved!":
        assert hints <= OPEN
        page.get_by_role("button", name="Hint", exact=True).click()
        expect(page.locator(".hint-panel")).to_contain_text("There is a")
        page.get_by_role("button", name="Do it").click()
        hints += 1
    return hints


def test_play_to_the_end_with_hints_only(page, base_url):
    hints = play_to_the_end_with_hints(page, base_url)
    assert hints == OPEN  # a single a hint, each placing a value
    assert grid_values(page) == NORVIG_EASY_SOLUTION
    assert f"progress={NORVIG_EASY_SOLUTION}" in page.url
    page.screenshot(path=ARTIFACTS / "play-solved-desktop.png", full_page=True)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_typed_entries_survive_every_button(browser, base_url, script):
    context = browser.new_context(java_script_enabled=script)
    page = context.new_page()
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}")
    page.locator("#r1c1").fill("5")  # wrong: the solution has 4
    page.get_by_role("button", name="Check").click()
    expect(page.locator(".check-results")).to_contain_text("r1c1 is not 5")
    assert page.locator("#r1c1").input_value() == "5"
    assert page.locator("#r1c1").get_attribute("aria-invalid") == "true"
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator(".hint-panel")).to_contain_text(
        "r1c1 is wrong; fix it before the next step"
    )
    page.get_by_role("button", name="Clear it").click()
    assert page.locator("#r1c1").input_value() == ""
    assert page.locator("#r1c3").get_attribute("readonly") is not None
    context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_the_candidates_view(browser, base_url, script):
    context = browser.new_context(java_script_enabled=script)
    page = context.new_page()
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}")
    assert page.locator(".marks").count() == 0
    page.get_by_role("button", name="Fill in all candidates").click()
    open_cells = NORVIG_EASY_CODE.count("0")
    expect(page.locator(".marks")).to_have_count(open_cells)
    assert page.locator("#r1c1").get_attribute("aria-label") == "Row 1, column 1, notes 4 and 5"
    assert page.locator("td:has(#r1c1) .mark").all_inner_texts() == [
        "",
        "",
        "",
        "4",
        "5",
        "",
        "",
        "",
        "",
    ]
    page.screenshot(path=ARTIFACTS / f"play-candidates-{'script' if script else 'no-script'}.png")
    page.get_by_role("button", name="Clear all notes").click()
    expect(page.locator(".marks")).to_have_count(0)
    page.goto(f"{base_url}/solve/{NORVIG_EASY_CODE}")
    page.get_by_role("link", name="Show candidates").click()
    expect(page.locator(".pencil-board .marks")).to_have_count(open_cells)
    context.close()


def test_walk_an_explanation_by_keyboard(page, base_url):
    page.goto(f"{base_url}/explain/{TOP95_SEVENTH_CODE}?step=1")
    expect(page.locator("#keys-hint")).to_be_visible()
    for key, step in (
        ("ArrowRight", 2),
        ("ArrowRight", 3),
        ("ArrowLeft", 2),
        ("End", TOP95_STEPS),
        ("Home", 1),
    ):
        page.keyboard.press(key)
        page.wait_for_url(f"**/explain/{TOP95_SEVENTH_CODE}?step={step}")
        expect(page.locator("h1")).to_contain_text(f"Step {step} of {TOP95_STEPS}")
    page.keyboard.press("ArrowLeft")  # nothing before the first step
    assert page.url.endswith("?step=1")
    page.goto(f"{base_url}/explain/{TOP95_SEVENTH_CODE}?step={FINNED_STEP}")
    _picture(page, "explain")


def test_walk_an_explanation_without_script(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/explain/{TOP95_SEVENTH_CODE}")
    expect(page.locator("#keys-hint")).to_be_hidden()
    page.get_by_role("link", name="First step").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**?step=1")
    for step in (2, 3):
        page.get_by_role("link", name="Next").click()
        page.wait_for_url(f"**?step={step}")
    page.get_by_role("link", name="Previous").click()
    page.wait_for_url("**?step=2")
    page.get_by_role("link", name="Last").click()
    expect(page.locator("h1")).to_contain_text(f"Step {TOP95_STEPS} of {TOP95_STEPS}")


def test_a_hint_page_for_the_readme(page, base_url):
    page.goto(f"{base_url}/play/{TOP95_SEVENTH_CODE}?candidates=1&hint=2")
    expect(page.locator(".hint-panel")).to_contain_text("What it is")
    _picture(page, "play")


PAGES = {
    "form": "/",
    "form-25": "/?size=25",
    "form-problems": "/?puzzle=55" + "0" * 79,
    "solved": f"/solve/{NORVIG_EASY_CODE}",
    "solved-candidates": f"/solve/{NORVIG_EASY_CODE}?candidates=1",
    "multiple": "/solve/" + "0" * 81,
    "no-solution": f"/solve/{CLASHING_CODE}",
    "explain-start": f"/explain/{TOP95_SEVENTH_CODE}",
    "explain-chain": f"/explain/{TOP95_SEVENTH_CODE}?step={TOP95_STEPS - 3}",
    "nothing-to-explain": "/explain/" + "0" * 81,
    "play": f"/play/{NORVIG_EASY_CODE}",
    "play-hint": f"/play/{NORVIG_EASY_CODE}?hint=2&candidates=1",
    "play-check": f"/play/{NORVIG_EASY_CODE}?progress=5{NORVIG_EASY_CODE[1:]}&check=1",
    "play-solved": f"/play/{NORVIG_EASY_CODE}?progress={NORVIG_EASY_SOLUTION}",
    "bad-progress": f"/play/{NORVIG_EASY_CODE}?progress=12",
    "not-found": "/nowhere",
    "learn": "/learn",
    "lesson": "/learn/x-wing",
    "practice": "/learn/x-wing/practice?size=9&seed=0&show=1",
}
# The PAGES another test axe-checks whole on a light phone 360 px wide: the form and the first
# explanation step in test_browser_phones.py::test_a_page_fits_a_phone_with_targets_of_24_px,
# /learn, the lesson and the practice in test_browser_learn.py.
AXED_WHOLE_ON_A_PHONE_ELSEWHERE = {"form", "explain-start", "learn", "lesson", "practice"}
RULES = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    # Only the violations are worked out in full: the passes and the rest, never read here,
    # took most of each page's run.
    "resultTypes": ["violations"],
}


# Each colour scheme once and each width once: a contrast problem shows in its scheme at any
# width, a layout one at its width in either scheme (every pair took half a minute more).
# Every violation counts, of any impact: the phone's run is the axe check of the 25x25 form
# and of the form's problems that no other test repeats; AXED_WHOLE_ON_A_PHONE_ELSEWHERE are
# left to the tests that check the same pages whole in the same scheme and width.
@pytest.mark.parametrize(("scheme", "device"), [("light", "phone"), ("dark", "desktop")])
def test_no_accessibility_problem_on_any_page(browser, base_url, scheme, device):
    size = {"width": 1280, "height": 900} if device == "desktop" else {"width": 360, "height": 740}
    context = browser.new_context(
        viewport=size, color_scheme=scheme, is_mobile=device == "phone", has_touch=device == "phone"
    )
    page = context.new_page()
    axe = Axe()
    found = {}
    for name, path in PAGES.items():
        if device == "phone" and name in AXED_WHOLE_ON_A_PHONE_ELSEWHERE:
            continue
        page.goto(base_url + path)
        results = axe.run(page, options=RULES)
        violations = [
            f"{violation['id']} ({violation['impact']}): "
            f"{[node['target'] for node in violation['nodes']][:3]}"
            for violation in results.response["violations"]
        ]
        if violations:
            found[name] = violations
            # The picture of a page with a problem, to see it; the others cost a second each.
            page.screenshot(path=ARTIFACTS / f"{name}-{scheme}-{device}.png", full_page=True)
    context.close()
    assert found == {}


def _picture(page, name: str) -> None:
    """Save the page's main part in test-artifacts/, and as the README's picture when
    SUDOKU_REFRESH_README_PICTURE=1."""
    picture = page.locator("main").screenshot()
    (ARTIFACTS / f"readme-{name}.png").write_bytes(picture)
    if REFRESH_README_PICTURE:
        README_PICTURES[name].write_bytes(picture)


def test_a_phone_plays_with_the_digit_pad(phone, base_url):
    phone.goto(f"{base_url}/play/{NORVIG_EASY_CODE}")
    pad = phone.get_by_role("group", name="Symbols to enter in the selected cell")
    expect(pad).to_be_visible()
    phone.locator("#r1c1").tap()
    pad.get_by_role("button", name="4", exact=True).tap()
    assert phone.locator("#r1c1").input_value() == "4"
    phone.locator("#r1c3").tap()  # a given: the pad leaves it alone
    pad.get_by_role("button", name="9", exact=True).tap()
    assert phone.locator("#r1c3").input_value() == "3"
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".check-results")).to_contain_text("No mistakes")
    assert f"progress=4{NORVIG_EASY_CODE[1:]}" in phone.url
    phone.screenshot(path=ARTIFACTS / "play-phone.png", full_page=True)


def test_the_play_grid_is_one_tab_stop(page, base_url):
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}")
    tab_stops = page.eval_on_selector_all(
        "table.input-board input", "all => all.filter(i => i.tabIndex === 0).length"
    )
    assert tab_stops == 1
    page.locator("#r1c9").focus()
    page.keyboard.press("ArrowRight")  # wraps to the next row
    assert page.evaluate("document.activeElement.id") == "r2c1"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Check"


# Learning from the pages: a hint's tier 2 leads to its lesson; practice answered right,
# partly and wrong, with and without script; the learning path kept in this browser.

PRACTISED = ("pointing", "naked-pair", "x-wing")  # in the order /learn lists them


def practice_answers() -> dict[str, tuple[int, tuple[tuple[int, int], ...], str]]:
    """For each technique practised: a seed, the candidates ticked and the verdict's first
    words. Pointing removes a true candidate (wrong), a naked pair only half its removals
    (partly), an X-wing all of them (right)."""
    wrong_seed, wrong_entry = 0, positions("pointing", 9)[0]
    solution = solve(read_code(wrong_entry.puzzle)).solution
    assert solution is not None
    cell = wrong_entry.progress.index("0")
    half_seed, half_entry = next(
        (seed, entry)
        for seed, entry in enumerate(positions("naked-pair", 9))
        if len(entry.eliminations) > 1
    )
    return {
        "pointing": (wrong_seed, ((cell, solution.cells[cell]),), "Not right."),
        "naked-pair": (half_seed, half_entry.eliminations[:1], "Partly right"),
        "x-wing": (0, positions("x-wing", 9)[0].eliminations, "Right: that is X-wing."),
    }


def answer_three(page, base: str) -> list[str]:
    """Answer the three practices on `page`; each verdict's headline."""
    said = []
    for slug, (seed, ticks, _) in practice_answers().items():
        page.goto(f"{base}/learn/{slug}/practice?size=9&seed={seed}")
        for cell, value in ticks:
            page.get_by_label(
                f"Remove {value} from {cell_name(SHAPES[9], cell)}", exact=True
            ).check()
        page.get_by_role("button", name="Check").click()
        said.append(page.locator("#verdict strong").inner_text())
    return said


def test_a_lesson_page_for_the_readme(page, base_url):
    page.goto(f"{base_url}/learn/x-wing")
    expect(page.locator(".lesson-example")).to_have_count(2)
    _picture(page, "lesson")


def test_a_hints_second_tier_links_to_its_lesson(page, base_url):
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?hint=2")
    page.locator(".hint-panel").get_by_role("link", name="Lesson:").click()
    page.wait_for_url("**/learn/*")
    expect(page.locator("h1")).to_have_text(technique_name(page.url.rsplit("/", 1)[-1]))


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_three_practices_answered_wrong_partly_and_right(browser, base_url, script):
    context = browser.new_context(java_script_enabled=script)
    said = answer_three(context.new_page(), base_url)
    context.close()
    expected = [words for _, _, words in practice_answers().values()]
    assert [
        text for text, words in zip(said, expected, strict=True) if not text.startswith(words)
    ] == []


def test_the_learning_path_shows_the_practice_after_a_reload(page, base_url):
    answer_three(page, base_url)
    page.goto(f"{base_url}/learn")
    page.reload()
    rows = page.eval_on_selector_all(
        ".learning-path tr",
        "rows => rows.slice(1).map(r => [...r.children].map(c => c.textContent))",
    )
    missed = page.locator(".learning-next").get_by_role("link").inner_text()
    assert (rows, missed) == (
        [
            [technique_name("pointing"), "1", "0%", "0", "1"],
            [technique_name("naked-pair"), "1", "0%", "1", "0"],
            [technique_name("x-wing"), "1", "100%", "0", "0"],
        ],
        f"Practise {technique_name('pointing')}",
    )


def test_the_record_export_carries_the_learning_path(page, base_url):
    answer_three(page, base_url)
    page.goto(f"{base_url}/record")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export your record").click()
    exported = json.loads(download.value.path().read_text())
    assert sorted(exported["learning"]["techniques"]) == sorted(PRACTISED)


def test_the_learning_path_fits_a_phone_and_passes_axe(phone, base_url):
    answer_three(phone, base_url)
    phone.goto(f"{base_url}/learn#path-title")
    expect(phone.locator(".learning-path")).to_be_visible()
    phone.screenshot(path=ARTIFACTS / "phone-learning-path.png", full_page=True)
    found = measured(phone)
    assert (found["scroll"] <= found["width"], axe_violations(phone)) == (True, {}), found
