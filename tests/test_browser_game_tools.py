"""A Race player's board has Play's tools (static/play*.js on templates/play_grid.html): corner
and centre marks, colours, notes filled in, undo; all kept in that browser alone, so they
survive a reload and are never sent with a move. On a Killer, Play's combination helper
says the selected cell's cage's ways."""

from __future__ import annotations

from browser_fixtures import axe_violations
from playwright.sync_api import Page, expect
from test_browser_game import play_digit

from webapp.sudoku import Puzzle

from game_puzzle import BLANKS, KILLER, PUZZLE


def race_alone(base_url: str, page: Page, puzzle: Puzzle = PUZZLE) -> None:
    """Make a Race on `puzzle` (the 4x4) and start it against nobody: the page is the host's
    board."""
    page.goto(f"{base_url}/play/{puzzle.code}")
    page.get_by_text("Play against someone").click()
    page.get_by_label("Race: each on your own board").check()
    page.get_by_role("button", name="Make the game").click()
    page.get_by_role("button", name="Start against nobody").click()


def cell(page: Page, blank: int) -> str:
    """The selector of the `blank`th blank cell's <td>."""
    return f"#board td:has(input[name='cell-{BLANKS[blank]}'])"


def marks_shown(page: Page) -> tuple[str, str, bool]:
    """The first blank's corner marks, the second's centre marks, whether the third is coloured."""
    corner = page.locator(f"{cell(page, 0)} .corner-marks")
    centre = page.locator(f"{cell(page, 1)} .centre-marks")
    coloured = "colour-2" in (page.locator(cell(page, 2)).get_attribute("class") or "")
    shown = (corner.text_content() if corner.count() else "") or ""
    middle = (centre.text_content() if centre.count() else "") or ""
    return shown, middle, coloured


# Whether this browser keeps a game board with a colour in it.
KEPT_COLOUR = """() => Object.keys(localStorage).some((key) => key.startsWith("sudoku-game-board:")
  && (JSON.parse(localStorage.getItem(key)).colours || "") !== "")"""


def test_a_race_board_keeps_corner_and_centre_marks_colours_and_undo_across_a_reload(
    base_url: str, page: Page
) -> None:
    race_alone(base_url, page)
    tools = page.get_by_role("group", name="What a symbol writes")
    page.locator(f"input[name='cell-{BLANKS[0]}']").click()
    tools.get_by_role("button", name="Corner").click()
    page.keyboard.press("3")
    page.locator(f"input[name='cell-{BLANKS[1]}']").click()
    tools.get_by_role("button", name="Centre").click()
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.get_by_role("button", name="Undo").click()  # the 2 goes again
    page.locator(f"input[name='cell-{BLANKS[2]}']").click()
    tools.get_by_role("button", name="Colour").click()
    page.get_by_role("button", name="Colour 2, orange").click()
    # Reloaded once the board has kept its last change, the colour (static/game_tools.js
    # keeps every field at once): a reload straight after the click came before it, at times
    page.wait_for_function(KEPT_COLOUR)
    page.reload()
    expect(page.locator(f"{cell(page, 0)} .corner-marks")).to_have_count(1)
    assert marks_shown(page) == ("3", "1", True)


def test_a_move_from_a_race_board_sends_no_marks_or_notes(base_url: str, page: Page) -> None:
    race_alone(base_url, page)
    page.get_by_role("button", name="Fill in all candidates").click()
    page.locator(f"input[name='cell-{BLANKS[1]}']").click()
    page.get_by_role("group", name="What a symbol writes").get_by_role(
        "button", name="Corner"
    ).click()
    page.keyboard.press("3")
    with page.expect_request(lambda request: request.method == "POST") as sent:
        play_digit(page, 0)
    names = {pair.split("=")[0] for pair in (sent.value.post_data or "").split("&")}
    # the board's own fields, open (cell-<n>) or locked (shown-<n>), and the move's
    assert {name for name in names if not name.startswith(("cell-", "shown-"))} == {
        "seen",
        "action",
    }


def test_notes_filled_in_on_a_race_board_are_drawn_in_every_open_cell(
    base_url: str, page: Page
) -> None:
    race_alone(base_url, page)
    page.get_by_role("button", name="Fill in all candidates").click()
    page.reload()
    noted = page.locator("#board td .marks")
    expect(noted).to_have_count(len(BLANKS))


def test_a_race_board_with_plays_tools_is_axe_clean(base_url: str, page: Page) -> None:
    race_alone(base_url, page)
    page.locator(f"input[name='cell-{BLANKS[0]}']").click()
    assert axe_violations(page) == {}


def test_a_killer_race_board_says_the_selected_cells_cage_ways(base_url: str, page: Page) -> None:
    race_alone(base_url, page, KILLER)
    page.locator(f"input[name='cell-{BLANKS[2]}']").click()  # r2c2, in the 9 of r1c2 to r3c2
    helper = page.get_by_role("region", name="Cage at r1c2 (sum 9): 9 in 3")
    expect(helper).to_contain_text("Possible: 2-3-4")


def test_a_killer_race_board_with_its_combination_helper_is_axe_clean(
    base_url: str, page: Page
) -> None:
    race_alone(base_url, page, KILLER)
    page.locator(f"input[name='cell-{BLANKS[2]}']").click()
    expect(page.locator(".cage-ways")).to_be_visible()
    assert axe_violations(page) == {}
