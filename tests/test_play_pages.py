"""/play/<code>?progress=: a player's position as a link; each button answers 303 to the next
position's link, Check marks mistakes without answers, hints come in three tiers."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from webapp.sudoku import parse

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION, with_cells

CODE = NORVIG_EASY_CODE  # r1c1 open (4 in the solution), r1c3 a given 3
WRONG_R1C1 = "5"  # a candidate there (4 or 5), but not the answer


def query(response) -> dict[str, str]:
    """The query of a redirect's Location, one value per key."""
    location = urlsplit(response.headers["Location"])
    assert location.path == f"/play/{CODE}"
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
    for action in ("check", "hint", "show-candidates", "save"):
        assert f'name="action" value="{action}"' in html
    assert f"{givens} of 81 cells filled." in html
    assert f"http://localhost/play/{CODE}?progress={CODE}" in html


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("save", {}),
        ("check", {"check": "1"}),
        ("hint", {"hint": "1"}),
        ("show-candidates", {"candidates": "1"}),
    ],
)
def test_every_button_answers_303_to_the_new_position(client, action, expected):
    typed = with_cells(CODE, r1c1="4", r1c2="8")
    response = client.post(f"/play/{CODE}", data={**grid_fields(typed), "action": action})
    assert response.status_code == 303
    assert query(response) == {"progress": typed, **expected}


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
    assert 'class="entry hinted"' in second
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
    assert "No mistakes: every entry so far is right" in html


def test_a_hint_on_a_wrong_grid_names_the_wrong_entry_first(client):
    progress = with_cells(CODE, r1c1=WRONG_R1C1)
    html = client.get(f"/play/{CODE}?progress={progress}&hint=1").text
    assert "r1c1 is wrong; fix it before the next step." in html
    cleared = client.post(f"/play/{CODE}", data={**grid_fields(progress), "action": "apply"})
    assert query(cleared)["progress"] == CODE


def test_the_candidates_view_shows_each_open_cells_candidates(client):
    html = client.get(f"/play/{CODE}?candidates=1").text
    assert html.count('<span class="marks"') == 81 - parse(CODE).givens
    assert 'aria-label="Row 1, column 1, candidates 4 and 5"' in html
    assert 'value="hide-candidates"' in html
    hidden = client.post(
        f"/play/{CODE}",
        data={**grid_fields(CODE), "candidates": "1", "action": "hide-candidates"},
    )
    assert query(hidden) == {"progress": CODE}
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
