"""Issue 37's play-through in Chromium on a 360x740 touch screen: a 9x9 and a Killer played from
their first open cell to Solved!, on the way using every tool a solver reaches for there: the
pad in reach of the board with no scroll, a finger's drag choosing two cells, corner and centre
marks and a colour written into both, the colour undone, the combination helper (the chosen
cells' sum on the 9x9, the selected cell's cage on the Killer), axe-core on the marked board,
and a reload mid-game that keeps the marks."""

from __future__ import annotations

import re
from collections.abc import Callable

from browser_fixtures import axe_violations
from killers import random_killer
from playwright.sync_api import Page, expect
from test_browser_solver_marks import drag, pad_press

from webapp.sudoku import Grid, Puzzle, solve

from puzzles import NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION

HEIGHT = 740  # the phone's screen


def band_killer() -> tuple[Puzzle, Grid]:
    """A Killer given but for its first three rows (27 cells: one answer, the engine says in
    the test below), and its solution; r1c1 to r3c1 is a cage summing to 17."""
    puzzle, solution = random_killer(9, 5, largest=4)
    cells = tuple(0 if cell < 27 else value for cell, value in enumerate(solution.cells))
    return Puzzle(Grid(puzzle.grid.shape, cells), puzzle.rules), solution


def pad_in_reach(phone: Page) -> bool:
    """Whether, as the page stands (not scrolled), the board is in view and the whole pad
    too."""
    board = phone.locator("table.play-board-table").bounding_box()
    pad = phone.locator(".digit-pad").bounding_box()
    assert board is not None and pad is not None
    return board["y"] < HEIGHT and 0 <= pad["y"] and pad["y"] + pad["height"] <= HEIGHT


def name(cell: int) -> str:
    """A 9x9 cell's field id, such as r1c1."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def play_through(
    phone: Page, link: str, answer: str, open_cells: list[int], helper: Callable[[Page], None]
) -> None:
    """Open `link` and play its `open_cells` to the end with `answer` (the solution's symbols),
    marking, colouring, undoing, asking the combination `helper` and reloading on the way."""
    phone.goto(link)
    assert pad_in_reach(phone)
    drag(phone, "r1c1", "r1c2")
    expect(phone.locator("td.selected")).to_have_count(2)
    phone.get_by_role("button", name="Corner").tap()
    pad_press(phone, "4")
    phone.get_by_role("button", name="Centre").tap()
    pad_press(phone, "8")
    phone.get_by_role("button", name="Colour", exact=True).tap()
    phone.get_by_role("button", name="Colour 3, yellow").tap()
    expect(phone.locator("td.colour-3")).to_have_count(2)
    phone.get_by_role("button", name="Undo").tap()
    expect(phone.locator("td.colour-3")).to_have_count(0)
    helper(phone)
    assert axe_violations(phone) == {}
    phone.reload()
    kept = re.compile(r"^Row 1, column 2, .*corner marks 4, centre marks 8$")  # after its cage
    expect(phone.locator("#r1c2")).to_have_attribute("aria-label", kept)
    for cell in open_cells:
        phone.locator(f"#{name(cell)}").tap()
        pad_press(phone, answer[cell])


def test_a_phone_plays_a_9x9_to_solved_with_every_tool(phone: Page, base_url: str) -> None:
    pair = sorted(NORVIG_EASY_SOLUTION[:2])
    total = sum(map(int, pair))

    def chosen_sum(phone: Page) -> None:
        """The two cells still chosen name themselves in the sum helper; their sum asked."""
        expect(phone.get_by_role("textbox", name="Cells")).to_have_value("r1c1 r1c2")
        phone.get_by_role("textbox", name="Sum", exact=True).fill(str(total))
        expect(phone.locator(".sum-line")).to_contain_text(f"r1c1 r1c2, {total} in 2: ")
        expect(phone.locator(".sum-line")).to_contain_text("-".join(pair))

    open_cells = [cell for cell, given in enumerate(NORVIG_EASY_CODE) if given == "0"]
    link = f"{base_url}/play/{NORVIG_EASY_CODE}"
    play_through(phone, link, NORVIG_EASY_SOLUTION, open_cells, chosen_sum)
    expect(phone.get_by_role("heading", name="Solved!")).to_be_visible()


def test_the_band_killer_has_one_answer() -> None:
    puzzle, solution = band_killer()
    assert solve(puzzle).solution == solution


def test_a_phone_plays_a_killer_to_solved_with_every_tool(phone: Page, base_url: str) -> None:
    puzzle, solution = band_killer()
    digits = "-".join(sorted(str(solution.cells[cell]) for cell in (0, 9, 18)))

    def cage_ways(phone: Page) -> None:
        """The cage of the cell tapped says its ways."""
        phone.locator("#r1c1").tap()
        helper = phone.get_by_role("region", name="Cage at r1c1 (sum 17): 17 in 3")
        expect(helper).to_contain_text(digits)

    answer = "".join(map(str, solution.cells))
    open_cells = [cell for cell, given in enumerate(puzzle.grid.cells) if not given]
    play_through(phone, f"{base_url}/play/{puzzle.code}", answer, open_cells, cage_ways)
    expect(phone.get_by_role("heading", name="Solved!")).to_be_visible()
