"""The solver's marks in Chromium: the keyboard choosing cells and writing every kind of mark,
a value typed into every chosen cell as one move, axe-core on marks and colours in both
schemes, and the README's picture of marks in play. The drag, marks, colours, undo, reload and
helpers on a phone, played to Solved!, are test_browser_play_through.py's; its drag and pad
press are here."""

from __future__ import annotations

import re

from browser_fixtures import (
    ARTIFACTS,
    REFRESH_README_PICTURE,
    ROOT,
    axe_violations_of,
)
from killers import random_killer
from playwright.sync_api import expect

from webapp.sudoku import Grid, Puzzle, read_code
from webapp.sudoku.logic import Position, encode_marks
from webapp.web.play.cell_marks import cell_marks_code
from webapp.web.play.notes import full_cells, no_notes, noted_code, with_notes

from puzzles import NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION

# Four cells from the end of Norvig's easy puzzle: r1c1, r1c2, r1c8 and r1c9 open.
LEFT_OPEN = (0, 1, 7, 8)
NEAR_THE_END = "".join(
    "0" if cell in LEFT_OPEN else value for cell, value in enumerate(NORVIG_EASY_SOLUTION)
)
MARKS_PICTURE = ROOT / "static" / "marks.png"


def near_killer() -> tuple[Puzzle, Grid, tuple[int, ...], int]:
    """A Killer given but for one cage down column 1 (r1c1 to r3c1, sum 17), its solution,
    the cage's cells and its sum."""
    puzzle, solution = random_killer(9, 5, largest=4)
    cage = next(cage for cage in puzzle.rules.cages if cage.cells == (0, 9, 18))
    cells = tuple(0 if cell in cage.cells else value for cell, value in enumerate(solution.cells))
    assert cage.total is not None
    return Puzzle(Grid(puzzle.grid.shape, cells), puzzle.rules), solution, cage.cells, cage.total


def drag(page, first: str, last: str) -> None:
    """A finger's drag from the cell `first` to the cell `last` (such as "r1c1"), in steps
    as a finger moves."""
    cdp = page.context.new_cdp_session(page)
    points = []
    for name in (first, last):
        box = page.locator(f"#{name}").bounding_box()
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [points[0]]})
    (start, end), steps = points, 8
    for step in range(1, steps + 1):
        at = {key: start[key] + (end[key] - start[key]) * step / steps for key in ("x", "y")}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [at]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def pad_press(page, symbol: str) -> None:
    """A tap on the digit pad's `symbol`."""
    pad = page.get_by_role("group", name="Symbols to enter in the selected cell")
    pad.get_by_role("button", name=symbol, exact=True).tap()


def picture_link() -> str:
    """Norvig's easy puzzle with notes in row 9, corner marks in box 1, centre marks in box 3
    and two chains coloured, each cell's marks its candidates."""
    puzzle = read_code(NORVIG_EASY_CODE)
    allowed = Position.of_values(puzzle, puzzle.cells).candidates
    open_in = lambda cells: {c: allowed[c] for c in cells if not puzzle.cells[c]}  # noqa: E731
    notes = with_notes(no_notes(puzzle), open_in(range(72, 81)))
    noted = full_cells(notes, range(72, 81))
    corner = tuple(sorted(open_in((0, 1, 9, 10, 11, 18, 19, 20)).items()))
    centre = tuple(sorted(open_in((6, 7, 8, 15, 16, 24, 25, 26)).items()))
    colours = ((0, 6), (20, 6), (40, 6), (44, 1), (53, 1), (16, 1))
    query = {
        "marks": encode_marks(notes),
        "noted": noted_code(noted, 9),
        "candidates": "0",
        "corner": cell_marks_code("corner", corner, 9),
        "centre": cell_marks_code("centre", centre, 9),
        "colours": cell_marks_code("colours", colours, 9),
    }
    return f"/play/{NORVIG_EASY_CODE}?" + "&".join(f"{k}={v}" for k, v in query.items() if v)


def test_the_readme_picture_shows_notes_marks_and_colours(page, base_url):
    page.goto(base_url + picture_link())
    expect(page.locator(".centre-marks")).to_have_count(6)
    picture = page.locator(".play-board").screenshot()
    (ARTIFACTS / "readme-marks.png").write_bytes(picture)
    if REFRESH_README_PICTURE:
        MARKS_PICTURE.write_bytes(picture)


def test_the_keyboard_chooses_cells_and_writes_every_kind_of_mark(page, base_url):
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?progress={NEAR_THE_END}")
    page.locator("#r1c1").click()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("x")
    page.keyboard.press("4")
    page.keyboard.press("x")
    page.keyboard.press("Shift+Digit5")
    expect(page.locator("#r1c1")).to_have_attribute(
        "aria-label", "Row 1, column 1, notes 5, corner marks 4"
    )
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    # both moves undone: no notes, no corner marks, in the link (its time goes on)
    expect(page).to_have_url(re.compile(rf"\?progress={NEAR_THE_END}(&time=\d+)?$"))


def test_a_value_typed_goes_into_every_chosen_cell_as_one_move(page, base_url):
    # r2c2 (6) and r2c3 (7) are the player's entries: Ctrl+click chooses both, 5 fills both
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?progress={NEAR_THE_END}")
    page.locator("#r2c3").click()
    page.locator("#r2c2").click(modifiers=["Control"])
    page.keyboard.press("5")
    expect(page.locator("#r2c3")).to_have_value("5")
    expect(page.locator("#r2c2")).to_have_value("5")
    expect(page.locator("td.selected")).to_have_count(2)  # still both, for the next symbol
    page.keyboard.press("Control+z")
    expect(page.locator("#r2c2")).to_have_value("6")
    expect(page.locator("#r2c3")).to_have_value("7")


# The digit's keydown and Ctrl+Z's in one task of the page: nothing else runs between them.
TYPED_THEN_UNDONE = """(cell) => {
  const key = (init) => cell.dispatchEvent(
    new KeyboardEvent("keydown", {bubbles: true, cancelable: true, ...init}));
  key({key: "5", code: "Digit5"});
  key({key: "z", code: "KeyZ", ctrlKey: true});
}"""


def test_undo_straight_after_a_value_typed_takes_that_value_back(page, base_url):
    # The move was taken a moment after the digit: a Ctrl+Z in between undid the move before
    # it, and the digit stayed (a flaky failure of the test above on a busy machine).
    page.goto(f"{base_url}/play/{NORVIG_EASY_CODE}?progress={NEAR_THE_END}")
    page.locator("#r2c3").click()
    page.locator("#r2c2").click(modifiers=["Control"])
    page.locator("#r2c2").evaluate(TYPED_THEN_UNDONE)
    expect(page.locator("#r2c2")).to_have_value("6")


def test_marks_colours_and_the_record_are_axe_clean_in_both_schemes(browser, base_url):
    paths = [picture_link(), f"/play/{near_killer()[0].code}", "/record"]
    found = {
        scheme: axe_violations_of(browser, base_url, paths, scheme) for scheme in ("light", "dark")
    }
    assert found == {scheme: dict.fromkeys(paths, {}) for scheme in ("light", "dark")}
