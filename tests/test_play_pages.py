"""/play/<code>?progress=&marks=: a player's position and notes as a link; each button answers
303 to the next position's link at the board, Check marks mistakes (values, then notes) without
answers, hints come in three tiers on the player's notes, one step at a time."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from webapp.explanations.hints import FOLLOW_ALONG, HintKind, hint_for
from webapp.sudoku import parse, read_code, solve
from webapp.sudoku.generator import generate
from webapp.sudoku.logic import Position, decode_marks, encode_marks, wrong_notes
from webapp.sudoku.progress import check, read_progress

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION, with_cells

CODE = NORVIG_EASY_CODE  # r1c1 open (4 in the solution), r1c3 a given 3
WRONG_R1C1 = "5"  # a candidate there (4 or 5), but not the answer


def query(response) -> dict[str, str]:
    """The query of a redirect's Location (which lands at the board), one value per key."""
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == f"/play/{CODE}"
    assert location.fragment == "board"
    return {key: values[0] for key, values in parse_qs(location.query).items()}


def grid_fields(progress: str) -> dict[str, str]:
    """The play form's fields for a 9x9 progress, as a browser sends them."""
    fields = {"progress": progress}
    for index, char in enumerate(progress):
        fields[f"r{index // 9 + 1}c{index % 9 + 1}"] = "" if char == "0" else char
    return fields


def test_the_start_locks_the_givens_and_offers_the_buttons(client):
    response = client.get(f"/play/{CODE}")
    assert response.status_code == 200
    html = response.text
    givens = parse(CODE).givens
    assert html.count(" readonly") == givens
    assert html.count('<td class="entry">') == 81 - givens
    for action in ("check", "hint", "fill-notes", "notes-on", "save"):
        assert f'name="action" value="{action}"' in html
    assert f"{givens} of 81 cells filled." in html
    assert f"http://localhost/play/{CODE}?progress={CODE}" in html


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("save", {}),
        ("check", {"check": "1"}),
        ("hint", {"hint": "1"}),
        ("notes-on", {"notes": "1"}),
    ],
)
def test_every_button_answers_303_to_the_new_position(client, action, expected):
    typed = with_cells(CODE, r1c1="4", r1c2="8")
    response = client.post(f"/play/{CODE}", data={**grid_fields(typed), "action": action})
    assert response.status_code == 303
    assert query(response) == {"progress": typed, **expected}


def test_a_first_hint_reads_no_tier_so_a_stale_one_does_not_refuse_it(client):
    data = {**grid_fields(CODE), "tier": "x", "action": "hint"}
    assert client.post(f"/play/{CODE}", data=data).status_code == 303


def test_more_help_goes_to_the_second_tier_and_doing_it_places_the_value(client):
    progress = CODE
    first = client.get(f"/play/{CODE}?progress={progress}&hint=1").text
    assert "Where to look" in first and "What it is" not in first
    assert 'value="more"' in first
    more = client.post(
        f"/play/{CODE}", data={**grid_fields(progress), "tier": "1", "action": "more"}
    )
    assert query(more) == {"progress": progress, "hint": "2"}
    second = client.get(f"/play/{CODE}?progress={progress}&hint=2").text
    told = re.search(r"<dt>What it is</dt><dd>(r(\d)c(\d) must be (\d))", second)
    assert told, second
    row, col, value = int(told.group(2)), int(told.group(3)), told.group(4)
    assert re.search(rf'<td class="entry[^"]*role-target[^"]*"><input id="r{row}c{col}"', second)
    done = client.post(f"/play/{CODE}", data={**grid_fields(progress), "action": "apply"})
    after = query(done)["progress"]
    assert after == with_cells(progress, **{f"r{row}c{col}": value})
    assert NORVIG_EASY_SOLUTION[(row - 1) * 9 + col - 1] == value


def test_check_marks_wrong_entries_and_clashes_without_giving_answers(client):
    # r1c1 wrong (5, but no clash); r2c2 = 9 clashes with the given 9 at r2c1
    progress = with_cells(CODE, r1c1=WRONG_R1C1, r2c2="9")
    html = client.get(f"/play/{CODE}?progress={progress}&check=1").text
    assert "What Check found" in html
    assert "r1c1 is not 5" in html
    assert "Row 2 has two 9s (columns 1 and 2)" in html
    assert "Box 1 has two 9s" in html
    assert re.search(
        r'<td class="entry wrong invalid"><input id="r1c1"[^>]*aria-invalid="true"', html
    )
    assert re.search(r'<td class="entry clash[^"]*"><input id="r2c2"', html)
    assert "r1c1 is 4" not in html and "r1c1 is not 4" not in html


def test_check_on_a_right_grid_says_there_is_no_mistake(client):
    progress = with_cells(CODE, r1c1="4")
    html = client.get(f"/play/{CODE}?progress={progress}&check=1").text
    assert "No mistakes: every entry and note so far is right" in html


def test_a_hint_on_a_wrong_grid_names_the_wrong_entry_first(client):
    progress = with_cells(CODE, r1c1=WRONG_R1C1)
    html = client.get(f"/play/{CODE}?progress={progress}&hint=1").text
    assert "r1c1 is wrong; fix it before the next step." in html
    cleared = client.post(f"/play/{CODE}", data={**grid_fields(progress), "action": "apply"})
    assert query(cleared)["progress"] == CODE


def test_the_candidates_view_shows_each_open_cells_candidates(client):
    html = client.get(f"/play/{CODE}?candidates=1").text
    assert html.count('<span class="marks"') == 81 - parse(CODE).givens
    assert 'aria-label="Row 1, column 1, notes 4 and 5"' in html
    kept = client.post(
        f"/play/{CODE}", data={**grid_fields(CODE), "candidates": "1", "action": "check"}
    )
    assert query(kept) == {"progress": CODE, "check": "1", "candidates": "1"}


def test_a_full_right_grid_is_solved(client):
    html = client.get(f"/play/{CODE}?progress={NORVIG_EASY_SOLUTION}").text
    assert "<h1>Solved!</h1>" in html
    assert 'value="hint"' not in html and 'value="check"' not in html


def test_a_full_grid_with_a_mistake_is_not_solved(client):
    last = NORVIG_EASY_SOLUTION[-1]
    wrong = with_cells(NORVIG_EASY_SOLUTION, r9c9="1" if last != "1" else "2")
    assert not parse(CODE).cells[-1]  # r9c9 is open, so the player's entry
    html = client.get(f"/play/{CODE}?progress={wrong}").text
    assert "Solved!" not in html
    assert "Every cell is filled, but not all of them are right" in html


@pytest.mark.parametrize(
    ("progress", "says"),
    [
        (CODE[:80], "The progress has 80 cells; a 9x9 puzzle has 81"),
        (with_cells(CODE, r1c3="5"), "r1c3 is a given 3; the progress has 5 there"),
        (with_cells(CODE, r1c1="x"), "The progress has &#39;x&#39; at r1c1"),
    ],
    ids=["wrong-length", "given-overwritten", "bad-symbol"],
)
def test_a_bad_progress_is_a_422_saying_what_is_wrong(client, progress, says):
    response = client.get(f"/play/{CODE}?progress={progress}")
    assert response.status_code == 422
    assert says in response.text
    assert f'href="/play/{CODE}"' in response.text
    posted = client.post(f"/play/{CODE}", data={"progress": progress, "action": "check"})
    assert posted.status_code == 422


def test_a_bad_entry_comes_back_marked_with_a_422(client):
    fields = {**grid_fields(CODE), "r1c1": "x", "r1c2": "8", "action": "check"}
    response = client.post(f"/play/{CODE}", data=fields)
    assert response.status_code == 422
    html = response.text
    assert "r1c1: &#39;x&#39; is not a digit from 1 to 9" in html
    assert re.search(r'<input id="r1c1" name="r1c1" value="x"[^>]*aria-invalid="true"', html)
    assert '<input id="r1c2" name="r1c2" value="8"' in html


@pytest.mark.parametrize(
    ("query_string", "status"), [("hint=3", 404), ("hint=a", 400), ("progress=" + "0" * 700, 414)]
)
def test_bad_query_values_are_clear_4xx(client, query_string, status):
    assert client.get(f"/play/{CODE}?{query_string}").status_code == status


def test_an_unknown_button_is_refused(client):
    response = client.post(f"/play/{CODE}", data={"action": "cheat"})
    assert response.status_code == 400
    assert "The play form has no button &#39;cheat&#39;" in response.text


@pytest.mark.parametrize("code", [CLASHING_CODE, "0" * 81])
def test_a_puzzle_without_one_solution_cannot_be_played(client, code):
    response = client.get(f"/play/{code}")
    assert response.status_code == 200
    assert "Nothing to play" in response.text


def test_a_link_without_a_puzzle_says_so(client):
    response = client.get("/play/hello")
    assert response.status_code == 422
    assert "This link does not hold a puzzle the solver can read" in response.text


@pytest.mark.parametrize("path", ["/play", "/explain", "/solve"])
@pytest.mark.parametrize(
    "query", ["", "?step=1", "?code=1", "?_external=1&candidates=1", "?a=1&a=2"]
)
def test_another_spelling_of_the_code_moves_with_the_query_as_sent(client, path, query):
    """Names url_for would take as its own (code, _external) go along as they came."""
    response = client.get(f"{path}/{CODE.replace('0', '.')}{query}")
    assert response.status_code == 301
    assert response.headers["Location"] == f"{path}/{CODE}{query}"


# Notes: the player's own, in the link's marks code (on the puzzle's givens).

PUZZLE = read_code(CODE)
GIVENS_ALLOW = Position.from_puzzle(PUZZLE)


def notes_in(response_or_query) -> Position:
    """The notes a 303's link (or its query) holds."""
    found = response_or_query if isinstance(response_or_query, dict) else query(response_or_query)
    return decode_marks(PUZZLE, found.get("marks", ""))


def bits(*values: int) -> int:
    return sum(1 << value for value in values)


def test_notes_mode_takes_each_open_cells_notes_and_writes_them_in_the_link(client):
    page = client.get(f"/play/{CODE}?notes=1").text
    assert '<input id="n-r1c1" name="n-r1c1" value=""' in page
    assert 'aria-pressed="true"' in page and 'value="notes-off"' in page
    sent = {"progress": CODE, "notes": "1", "n-r1c1": "4", "n-r1c2": "4 5,8", "action": "save"}
    answer = query(client.post(f"/play/{CODE}", data=sent))
    assert answer["notes"] == "1" and answer["candidates"] == "0"
    notes = notes_in(answer)
    assert notes.candidates[0] == bits(4)
    assert notes.candidates[1] == bits(4, 5, 8)
    assert notes.candidates[9] == GIVENS_ALLOW.candidates[9]  # r2c1: not sent, no notes
    shown = client.get(f"/play/{CODE}?progress={CODE}&marks={answer['marks']}&notes=1").text
    assert '<input id="n-r1c2" name="n-r1c2" value="458"' in shown
    plain = client.get(f"/play/{CODE}?progress={CODE}&marks={answer['marks']}&candidates=0").text
    assert 'aria-label="Row 1, column 2, notes 4, 5 and 8"' in plain
    assert plain.count('<span class="marks"') == 2  # only the cells with notes show them
    cleared = {**sent, "marks": answer["marks"], "n-r1c1": "", "n-r1c2": ""}
    assert "marks" not in query(client.post(f"/play/{CODE}", data=cleared))


def symbols_of(mask: int) -> str:
    return "".join(str(value) for value in range(1, 10) if mask >> value & 1)


def test_a_cell_noted_with_every_candidate_the_givens_allow_keeps_its_notes(client):
    # The marks code cannot tell such a cell from one without notes: noted= names it.
    full = symbols_of(GIVENS_ALLOW.candidates[1])  # r1c2: every candidate the givens allow
    other = next(c for c in range(2, 9) if len(symbols_of(GIVENS_ALLOW.candidates[c])) > 1)
    some = symbols_of(GIVENS_ALLOW.candidates[other])[0]  # r1cN: one of its candidates
    sent = {"progress": CODE, "notes": "1", "n-r1c2": full, f"n-r1c{other + 1}": some}
    sent["action"] = "save"
    answer = query(client.post(f"/play/{CODE}", data=sent))
    assert answer["noted"] == "r1c2" and answer["candidates"] == "0"
    link = f"/play/{CODE}?progress={CODE}&marks={answer['marks']}&noted=r1c2&candidates=0"
    page = client.get(link).text
    assert page.count('<span class="marks"') == 2  # r1c2 and r1cN both show their notes
    assert f'aria-label="Row 1, column 2, notes {", ".join(full[:-1])} and {full[-1]}"' in page
    assert 'name="noted" value="r1c2"' in page and "noted=r1c2" in page  # form and share link
    # a value placed beside it clears a note from it: then the marks code says it all
    typed = with_cells(CODE, r1c1=full[0])
    placed = {**grid_fields(typed), "progress": CODE, "marks": answer["marks"], "noted": "r1c2"}
    after = query(client.post(f"/play/{CODE}", data={**placed, "action": "save"}))
    assert "noted" not in after
    assert symbols_of(notes_in(after).candidates[1]) == full[1:]
    # notes typed again over it, not in full, and the cell leaves noted=
    fewer = {**sent, "n-r1c2": full[1:], "marks": answer["marks"], "noted": "r1c2"}
    assert "noted" not in query(client.post(f"/play/{CODE}", data=fewer))
    for bad, says in (
        ("r1", "noted: 'r1' is not a cell such as r1c2"),
        (f"r{'1' * 5000}c1", "is not a cell such as r1c2"),  # never read as a number
        ("r10c1", "r10c1 is not a cell of a 9x9 grid"),
    ):
        refused = client.get(f"/play/{CODE}?noted={bad}")
        assert refused.status_code == 422 and says in unescape(refused.text)


def test_notes_that_cannot_be_read_come_back_with_a_422_naming_the_cell(client):
    sent = {"progress": CODE, "notes": "1", "n-r1c2": "4x", "action": "save"}
    response = client.post(f"/play/{CODE}", data=sent)
    assert response.status_code == 422
    assert "r1c2: the notes &#39;4x&#39; hold &#39;X&#39;" in response.text
    assert re.search(
        r'<input id="n-r1c2" name="n-r1c2" value="4x"[^>]*aria-invalid="true"', response.text
    )


def test_fill_in_all_candidates_notes_every_open_cell_with_what_the_values_allow(client):
    typed = with_cells(CODE, r1c1="4")
    answer = query(
        client.post(f"/play/{CODE}", data={**grid_fields(typed), "action": "fill-notes"})
    )
    assert answer["progress"] == typed and answer["candidates"] == "1"
    notes = notes_in(answer)
    allowed = Position.of_values(PUZZLE, read_code(typed).cells)
    for cell, value in enumerate(allowed.values):
        if not value:
            assert notes.candidates[cell] == allowed.candidates[cell], cell
    html = client.get(f"/play/{CODE}?progress={typed}&marks={answer['marks']}&candidates=1").text
    assert html.count('<span class="marks"') == typed.count("0")
    assert 'value="clear-notes"' in html


def test_placing_a_value_clears_it_from_the_peers_notes_unless_the_setting_is_off(client):
    marks = encode_marks(with_notes_at({1: bits(4, 5, 8), 80: bits(4, 7)}))
    typed = with_cells(CODE, r1c1="4")
    sent = {**grid_fields(typed), "progress": CODE, "marks": marks, "action": "save"}
    notes = notes_in(client.post(f"/play/{CODE}", data={**sent, "settings": "1", "autoclear": "1"}))
    assert notes.candidates[1] == bits(5, 8) and notes.candidates[80] == bits(4, 7)
    kept = query(client.post(f"/play/{CODE}", data={**sent, "settings": "1"}))
    assert kept["autoclear"] == "0"
    assert notes_in(kept).candidates[1] == bits(4, 5, 8)
    page = client.get(f"/play/{CODE}?progress={typed}&marks={marks}&autoclear=0").text
    assert 'name="autoclear" value="1">' in page  # the box is unticked
    assert "&amp;autoclear=0" in page  # and the link keeps the setting


def with_notes_at(masks: dict[int, int]) -> Position:
    """The puzzle's notes with some cells' notes set."""
    candidates = list(GIVENS_ALLOW.candidates)
    for cell, mask in masks.items():
        candidates[cell] = mask
    return Position(PUZZLE, GIVENS_ALLOW.values, tuple(candidates))


def test_wrong_notes_are_played_and_check_names_wrong_values_first(client):
    solution_r1c1 = int(NORVIG_EASY_SOLUTION[0])
    other = 5 if solution_r1c1 == 4 else 4
    marks = encode_marks(with_notes_at({0: bits(other)}))
    progress = with_cells(CODE, r1c2=WRONG_R1C1)  # r1c2's answer is not 5
    assert NORVIG_EASY_SOLUTION[1] != WRONG_R1C1
    response = client.get(f"/play/{CODE}?progress={progress}&marks={marks}&check=1")
    assert response.status_code == 200
    html = response.text
    wrong_value = html.index("r1c2 is not 5")
    wrong_note = html.index("Your notes in r1c1 removed the value that belongs there")
    assert wrong_value < wrong_note
    assert re.search(r'<td class="entry wrong-note invalid"><input id="r1c1"', html)


def test_start_over_asks_first(client):
    typed = with_cells(CODE, r1c1="4")
    page = client.get(f"/play/{CODE}?progress={typed}").text
    ask = re.search(r'<a class="button secondary start-over" href="([^"]+)"', page).group(1)
    assert ask == f"/play/{CODE}?progress={typed}&amp;restart=1#board"
    asked = client.get(f"/play/{CODE}?progress={typed}&restart=1").text
    assert "Start over? Your entries and notes" in asked
    assert f'<a class="button" href="/play/{CODE}#board">Start over</a>' in asked
    assert f'href="/play/{CODE}?progress={typed}#board">Keep playing' in asked


def test_explain_from_here_starts_from_the_players_values_and_notes(client):
    typed = with_cells(CODE, r1c1="4")
    marks = encode_marks(with_notes_at({1: bits(5, 8)}))
    html = client.get(f"/play/{CODE}?progress={typed}&marks={marks}").text
    href = re.search(
        r'<a class="button secondary explain-here" href="([^"]+)"[^>]*>Explain from here', html
    ).group(1)
    link = urlsplit(href.replace("&amp;", "&"))
    base = link.path.removeprefix("/explain/")
    assert base == typed  # the givens and the entries
    here = decode_marks(read_code(base), parse_qs(link.query)["marks"][0])
    assert here.candidates[1] == bits(5, 8)  # r1c2's notes, on that base
    explained = client.get(href.replace("&amp;", "&"))
    assert explained.status_code == 200
    wrong = client.get(f"/play/{CODE}?progress={with_cells(CODE, r1c1='5')}").text
    assert "Explain from here" not in wrong  # no explanation from a position off the solution


# Hints on the player's notes, one step at a time: the README's extreme example.

EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"
EXTREME_PUZZLE = read_code(EXTREME)


def extreme_query(response) -> dict[str, str]:
    location = urlsplit(response.headers["Location"])
    assert location.path == f"/play/{EXTREME}" and location.fragment == "board"
    return {key: values[0] for key, values in parse_qs(location.query).items()}


def hint_panel(html: str) -> dict[str, str]:
    """The tiers a page shows, by name (a tier's link to its lesson left out)."""
    panel = re.search(r'<section class="hint-panel".*?</section>', html, re.S)
    assert panel, "no hint panel"
    tiers = r"<dt>([^<]*)</dt><dd>([^<]*)(?:<a [^>]*>[^<]*</a>)?</dd>"
    return {name: unescape(text).rstrip() for name, text in re.findall(tiers, panel.group(0))}


def test_a_hint_shades_its_place_then_draws_its_step_as_explain_does_then_does_it(client, app):
    filled = extreme_query(
        client.post(f"/play/{EXTREME}", data={"progress": EXTREME, "action": "fill-notes"})
    )
    link = f"/play/{EXTREME}?" + "&".join(f"{k}={v}" for k, v in filled.items())
    with app.app_context():
        solution = solve(EXTREME_PUZZLE).solution
    notes = decode_marks(EXTREME_PUZZLE, filled.get("marks", ""))
    expected = hint_for(read_progress(EXTREME_PUZZLE, filled["progress"]), solution, 100_000, notes)
    assert expected.kind == HintKind.STEP and expected.units
    first = client.get(link + "&hint=1").text
    assert list(hint_panel(first)) == ["Where to look"]
    shaded = {
        int(row) * 9 + int(col) - 10
        for row, col in re.findall(r'<td class="[^"]*in-unit[^"]*"><input id="r(\d)c(\d)"', first)
    }
    unit_cells = set(EXTREME_PUZZLE.geometry.units[expected.units[0]].cells)
    assert unit_cells <= shaded
    assert 'class="board-key"' not in first
    second = client.get(link + "&hint=2").text
    assert hint_panel(second)["What it is"] == expected.tiers[1]
    assert 'class="board-key"' in second  # the key to what is drawn, as on the explain pages
    changed = {cell for cell, _ in expected.step.placements} | {
        cell for cell, _ in expected.step.eliminations
    }
    for cell in changed:
        row, col = divmod(cell, 9)
        assert re.search(
            rf'<td class="[^"]*role-target[^"]*"><input id="r{row + 1}c{col + 1}"', second
        )
    assert re.search(r'class="mark (placed|removed)"', second)
    done = extreme_query(
        client.post(
            f"/play/{EXTREME}",
            data={
                "progress": filled["progress"],
                "marks": filled.get("marks", ""),
                "candidates": "1",
                "action": "apply",
            },
        )
    )
    assert done["progress"] == expected.after.code
    assert done.get("marks", "") == encode_marks(expected.marks_after)


def test_fill_in_then_do_it_alone_solves_the_extreme_example_one_sound_step_at_a_time(client, app):
    """Issue 25's "Done means", without a browser: every tier 2 is one step in under 400
    characters, every value placed is the solution's, no note loses a solution value."""
    with app.app_context():
        solution = solve(EXTREME_PUZZLE).solution
    state = extreme_query(
        client.post(f"/play/{EXTREME}", data={"progress": EXTREME, "action": "fill-notes"})
    )
    for _ in range(120):
        link = f"/play/{EXTREME}?" + "&".join(f"{k}={v}" for k, v in state.items())
        page = client.get(link + "&hint=2").text
        if "<h1>Solved!</h1>" in page:
            break
        assert re.search(r"value=\"apply\"[^>]*>Do it<", page), hint_panel(page)
        told = hint_panel(page)["What it is"]
        assert len(told) < 400, told
        sent = {"progress": state["progress"], "marks": state.get("marks", ""), "action": "apply"}
        if state.get("candidates") == "1":
            sent["candidates"] = "1"
        state = extreme_query(client.post(f"/play/{EXTREME}", data=sent))
        progress = read_progress(EXTREME_PUZZLE, state["progress"])
        assert not check(progress, solution), told
        notes = decode_marks(EXTREME_PUZZLE, state.get("marks", ""))
        assert not wrong_notes(notes, progress, solution), told
    else:
        pytest.fail("not solved within 120 hints")
    assert state["progress"] == solution.code


def test_a_hint_from_cells_without_notes_says_once_to_fill_in_candidates(client):
    """Played by Do it alone without notes until a hint uses a cell without notes: tier 1
    asks to fill in candidates; with every candidate on show it does not."""
    state = {"progress": EXTREME}
    for _ in range(40):
        link = f"/play/{EXTREME}?progress={state['progress']}"
        if "marks" in state:
            link += f"&marks={state['marks']}&candidates=0"
        page = client.get(link + "&hint=1").text
        if FOLLOW_ALONG in page:
            break
        sent = {"progress": state["progress"], "marks": state.get("marks", ""), "action": "apply"}
        state = extreme_query(client.post(f"/play/{EXTREME}", data=sent))
    else:
        pytest.fail("no hint asked to fill in candidates within 40 hints")
    assert page.count(FOLLOW_ALONG) == 1
    shown = client.get(link.replace("&candidates=0", "") + "&candidates=1&hint=1").text
    assert "There is" in hint_panel(shown)["Where to look"]
    assert FOLLOW_ALONG not in shown


def why_panel(html: str) -> tuple[str, str] | None:
    """The heading and words of the page's "Why ... is not ..." panel, if it has one."""
    found = re.search(
        r'<section class="hint-panel why-panel"[^>]*>\s*<h2 id="why-title">([^<]*)</h2>\s*'
        r"<p>([^<]*)</p>",
        html,
    )
    return (unescape(found[1]), unescape(found[2])) if found else None


def test_check_offers_why_a_wrong_value_is_wrong_and_shows_the_dead_end_it_reaches(client):
    progress = with_cells(CODE, r1c1=WRONG_R1C1, r2c2="9")
    checked = client.get(f"/play/{CODE}?progress={progress}&check=1").text
    links = re.findall(r'<a class="why-wrong" href="([^"]*)">Why is this wrong\?</a>', checked)
    assert [parse_qs(urlsplit(unescape(link)).query)["why"] for link in links] == [
        ["r1c1"],
        ["r2c2"],
    ]
    asked = client.get(unescape(links[0]))
    assert asked.status_code == 200
    heading, words = why_panel(asked.text)
    assert heading == "Why r1c1 is not 5"
    assert words.startswith("If r1c1 were 5, ") and words.endswith("; so r1c1 cannot be 5.")
    assert "would have no" in words
    assert "r1c1 is 4" not in asked.text and "r1c1 4" not in words  # no answer given away
    # the board still marks the entry wrong, and draws the refutation, with its key
    assert re.search(
        r'<td class="entry wrong role-contradiction-chain[^"]*"><input id="r1c1"', asked.text
    )
    assert '<ul class="board-key"' in asked.text
    clash = why_panel(client.get(unescape(links[1])).text)
    assert clash == (
        "Why r2c2 is not 9",
        "r2c2 cannot be 9: a 9 already stands where it can see it.",
    )


def test_why_for_a_cell_no_longer_wrong_shows_nothing_and_a_bad_cell_is_a_400(client):
    fixed = with_cells(CODE, r1c1="4")
    assert why_panel(client.get(f"/play/{CODE}?progress={fixed}&check=1&why=r1c1").text) is None
    for bad in ("r0c1", "r10c1", "x", "r1c1c1", f"r{'1' * 5000}c1"):
        response = client.get(f"/play/{CODE}?progress={fixed}&check=1&why={bad}")
        assert response.status_code == 400
        assert "?why= names a cell such as r4c7" in response.text


@pytest.mark.parametrize(
    ("seconds", "face"),
    [
        ("0", "0:00"),
        ("65", "1:05"),
        ("754", "12:34"),
        ("3725", "1:02:05"),
        ("8640000", "2400:00:00"),
    ],
)
def test_the_time_in_the_link_is_shown_and_kept_in_the_form_and_the_share_link(
    client, seconds, face
):
    html = client.get(f"/play/{CODE}?progress={CODE}&time={seconds}").text
    assert f'<span class="clock-label">Time</span> <span class="clock-face">{face}</span>' in html
    assert f'<input type="hidden" name="time" value="{seconds}">' in html
    shared = "" if seconds == "0" else f"&amp;time={seconds}"
    assert f"http://localhost/play/{CODE}?progress={CODE}{shared}<" in html


@pytest.mark.parametrize("action", ["save", "check", "notes-on", "fill-notes"])
def test_every_button_carries_the_time_and_the_timer_setting_on(client, action):
    sent = {**grid_fields(CODE), "action": action, "time": "754", "settings": "1"}
    shown = query(client.post(f"/play/{CODE}", data={**sent, "timer": "1", "autoclear": "1"}))
    assert shown["time"] == "754" and "timer" not in shown
    hidden = query(client.post(f"/play/{CODE}", data=sent))
    assert hidden["time"] == "754" and hidden["timer"] == "0"
    html = client.get(f"/play/{CODE}?progress={CODE}&time=754&timer=0").text
    assert '<p class="play-clock" hidden>' in html
    assert '<input type="checkbox" name="timer" value="1">' in html  # "Show timer" unticked


def test_a_refused_entry_keeps_the_time(client):
    sent = {**grid_fields(CODE), "r1c1": "x", "action": "check", "time": "754"}
    response = client.post(f"/play/{CODE}", data=sent)
    assert response.status_code == 422
    assert '<input type="hidden" name="time" value="754">' in response.text


def test_a_solved_grid_says_in_what_time(client):
    html = client.get(f"/play/{CODE}?progress={NORVIG_EASY_SOLUTION}&time=754").text
    solved_in = '<span class="clock-label">Solved in</span> <span class="clock-face">12:34</span>'
    assert solved_in in html
    assert 'data-solved="1"' in html


@pytest.mark.parametrize("seconds", ["abc", "-5", "1.5", "8640001", "99999999999", "²"])
def test_a_time_that_is_not_a_whole_number_of_seconds_is_refused_clearly(client, seconds):
    message = "time must be a whole number of seconds from 0 to 8,640,000."
    shown = client.get(f"/play/{CODE}", query_string={"progress": CODE, "time": seconds})
    assert shown.status_code == 400 and message in unescape(shown.text)
    sent = client.post(f"/play/{CODE}", data={**grid_fields(CODE), "time": seconds})
    assert sent.status_code == 400 and message in unescape(sent.text)


def test_the_play_page_says_the_puzzle_s_rating_and_how_its_givens_lie(client):
    made = generate(9, "hard", "rotational", 12)
    html = unescape(client.get(f"/play/{made.puzzle.code}").text)
    about = re.search(r'<p class="about-puzzle">([^<]*)</p>', html)[1]
    assert about.startswith(f"Hard: {made.rating:.1f} on Sudoku Explainer's scale")
    assert about.endswith("The givens are the same after a half turn.")
    solve_page = unescape(client.get(f"/solve/{made.puzzle.code}").text)
    assert about.split(";")[0] in solve_page  # the same rating as its solve page
    quarter = unescape(
        client.get(f"/play/{generate(9, 'medium', 'rotational-90', 3).puzzle.code}").text
    )
    assert "The givens are the same after a quarter turn." in quarter
    plain = unescape(client.get(f"/play/{generate(9, 'medium', 'none', 5).puzzle.code}").text)
    assert "The givens are" not in plain
