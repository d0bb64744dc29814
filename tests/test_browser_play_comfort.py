"""End to end in Chromium: the play page's comforts with script, Undo and Redo, the position
kept in the browser and offered back, and the timer kept in the link (with and without script).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from webapp.sudoku import read_code, solve

# The README's extreme example: r1c1 and r1c2 are open, the givens leave r1c2 2, 5 and 8.
EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"
SOLUTION = solve(read_code(EXTREME)).solution.code


def linked(url: str) -> dict[str, str]:
    """The query of a play link, one value per key."""
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def expect_notes(page, cell: str, notes: str) -> None:
    """Wait until a cell's drawn notes are `notes`, such as "25"."""
    expect(page.locator(f"td:has(#{cell}) .marks")).to_have_text(notes)


def expect_value(page, cell: str, value: str) -> None:
    """Wait until a cell holds `value` ("" for none)."""
    expect(page.locator(f"#{cell}")).to_have_value(value)


def test_undo_and_redo_take_back_values_and_notes_and_the_link_follows(page, base_url):
    page.goto(f"{base_url}/play/{EXTREME}")
    undo = page.get_by_role("button", name="Undo")
    redo = page.get_by_role("button", name="Redo")
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()
    page.locator("#r1c2").click()
    page.keyboard.press("Shift+Digit2")
    page.keyboard.press("Shift+Digit5")
    page.locator("#r1c1").click()
    page.keyboard.press("2")  # clears 2 from r1c2's notes too: one move
    expect_notes(page, "r1c2", "5")
    placed = linked(page.url)
    assert placed["progress"][0] == "2"

    page.keyboard.press("Control+z")
    expect_value(page, "r1c1", "")
    expect_notes(page, "r1c2", "25")
    assert linked(page.url)["progress"] == EXTREME
    undo.click()
    expect_notes(page, "r1c2", "2")
    expect(redo).to_be_enabled()

    page.keyboard.press("Control+y")
    expect_notes(page, "r1c2", "25")
    redo.click()
    expect_value(page, "r1c1", "2")
    # the same position; its time moves on (the clock ticks between the two links)
    assert linked(page.url) | {"time": ""} == placed | {"time": ""}
    expect(redo).to_be_disabled()

    page.keyboard.press("Control+Shift+Z")  # nothing left to redo: nothing changes
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    page.keyboard.press("7")  # a new move after undoing drops what could be redone
    expect_notes(page, "r1c2", "2")
    expect(redo).to_be_disabled()
    page.reload()
    expect_value(page, "r1c1", "7")
    expect_notes(page, "r1c2", "2")


def kept(page) -> dict[str, str]:
    """What the browser keeps of play positions: each key and its JSON."""
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('play:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


def test_a_position_played_is_offered_back_when_the_puzzle_is_opened_again(page, base_url):
    fresh = f"{base_url}/play/{EXTREME}"
    page.goto(fresh)
    expect(page.locator(".resume-offer")).to_have_count(0)  # nothing played yet
    page.locator("#r1c1").click()
    page.keyboard.press("2")
    page.locator("#r1c2").click()
    page.keyboard.press("Shift+Digit5")
    expect_notes(page, "r1c2", "5")
    played = linked(page.url)
    page.goto(fresh)
    open_cells = EXTREME.count("0")
    offer = page.locator(".resume-offer")
    expect(offer).to_contain_text(f"(1 of {open_cells} cells filled, with notes)")
    offer.get_by_role("link", name="Resume").click()
    page.wait_for_url(lambda url: "progress=" in url)
    assert linked(page.url) == played
    expect_value(page, "r1c1", "2")
    expect_notes(page, "r1c2", "5")

    page.goto(fresh)
    page.get_by_role("button", name="Start fresh").click()
    expect(offer).to_have_count(0)
    page.reload()
    expect(offer).to_have_count(0)
    assert kept(page) == {}


def test_a_solved_puzzle_is_forgotten_and_at_most_fifty_are_kept(page, base_url):
    solution = SOLUTION
    last = EXTREME.index("0")
    page.goto(f"{base_url}/play/{EXTREME}")
    page.evaluate(
        "for (let i = 0; i < 50; i++) localStorage.setItem('play:other' + i,"
        " JSON.stringify({query: '?progress=1', filled: 1, open: 9, at: 1000 + i}))"
    )
    page.locator("#r1c1").click()
    page.keyboard.press("2")  # a new puzzle kept: the one saved longest ago goes
    page.wait_for_function(f"localStorage.getItem('play:{EXTREME}') !== null")
    saved = kept(page)
    assert len(saved) == 50 and "play:other0" not in saved and f"play:{EXTREME}" in saved

    page.goto(f"{base_url}/play/{EXTREME}?progress={solution[:last]}0{solution[last + 1 :]}")
    page.locator(f"#r1c{last + 1}").click()
    page.keyboard.press(solution[last])
    expect(page.locator(".play-clock")).to_contain_text("Solved in 0:")  # the script knows
    expect(page.get_by_role("button", name="Pause")).to_be_hidden()
    page.wait_for_function(f"localStorage.getItem('play:{EXTREME}') === null")


def test_a_browser_that_keeps_nothing_plays_on_without_a_word(page, base_url):
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage',"
        " {get() { throw new DOMException('refused', 'SecurityError'); }})"
    )
    page.goto(f"{base_url}/play/{EXTREME}")
    page.locator("#r1c1").click()
    page.keyboard.press("2")
    page.wait_for_url(lambda url: linked(url).get("progress", "")[:1] == "2")
    page.goto(f"{base_url}/play/{EXTREME}")
    expect(page.locator(".resume-offer")).to_have_count(0)
    # the page fixture fails the test on any script error the refusal caused


def face(page) -> str:
    return page.locator(".play-clock .clock-face").inner_text()


def test_the_timer_ticks_from_the_link_pauses_and_its_time_follows_moves_and_the_form(
    page, base_url
):
    page.clock.install(time=1_000_000)
    # Paused ahead of where it was installed (it may have run on meanwhile): the page's time
    # moves only when the test moves it.
    page.clock.pause_at(1_060_000)
    page.goto(f"{base_url}/play/{EXTREME}?progress={EXTREME}&time=125")
    assert face(page) == "2:05"
    page.clock.run_for(6_000)
    assert face(page) == "2:11"
    assert linked(page.url)["time"] == "130"  # every five seconds
    page.locator("#r1c1").click()
    page.keyboard.press("2")  # a move: the link's time to the second
    page.clock.run_for(0)  # play.js reads the cell once the key is done with
    assert linked(page.url)["time"] == "131" and linked(page.url)["progress"][0] == "2"
    page.get_by_role("button", name="Pause").click()
    page.clock.run_for(60_000)
    assert face(page) == "2:11" and linked(page.url)["time"] == "131"
    page.get_by_role("button", name="Resume").click()
    page.clock.run_for(2_000)
    assert face(page) == "2:13"
    page.get_by_label("Show timer").uncheck()
    expect(page.locator(".play-clock")).to_be_hidden()
    page.get_by_role("button", name="Check").click()  # the form sends the time on
    page.wait_for_url(lambda url: "check=1" in url)
    assert linked(page.url)["time"] == "133" and linked(page.url)["timer"] == "0"
    expect(page.locator(".play-clock")).to_be_hidden()
    assert page.locator(".play-clock .clock-face").text_content() == "2:13"
    page.clock.run_for(5_000)  # the clock's own updates keep what the page was asked for
    assert linked(page.url)["time"] == "138" and linked(page.url)["check"] == "1"


def test_without_script_the_time_goes_on_with_every_button(no_script_page, base_url):
    page = no_script_page
    page.goto(f"{base_url}/play/{EXTREME}?time=754")
    assert face(page) == "12:34"
    page.locator("#r1c1").fill("2")
    page.get_by_role("button", name="Save progress").click()
    assert linked(page.url)["time"] == "754" and linked(page.url)["progress"][0] == "2"
    assert face(page) == "12:34"
