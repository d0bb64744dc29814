"""POST /api/hint: the next step of a player's progress, in three tiers, as JSON."""

from __future__ import annotations

import pytest

from webapp.sudoku import parse

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION

CODE = NORVIG_EASY_CODE


def test_a_hint_has_its_step_tiers_and_the_progress_after(client):
    response = client.post("/api/hint", json={"puzzle": CODE, "progress": CODE})
    assert response.status_code == 200
    body = response.json
    assert body["status"] == "step"
    step = body["step"]
    ((row, col, symbol),) = step["placements"]
    assert NORVIG_EASY_SOLUTION[(row - 1) * 9 + col - 1] == symbol
    look, what, do = body["tiers"]
    assert f"r{row}c{col}" not in look and f"r{row}c{col}" in what
    assert do == f"Place {symbol} in r{row}c{col}."
    after = list(CODE)
    after[(row - 1) * 9 + col - 1] = symbol
    assert body["progress_after"] == "".join(after)
    assert body["steps"][-1] == step
    assert body["cells"] == [[row, col]]
    assert body["play_url"] == f"http://localhost/play/{CODE}?progress={body['progress_after']}"


@pytest.mark.parametrize("progress", [None, ""])
def test_no_progress_is_the_start(client, progress):
    body = {"puzzle": CODE} if progress is None else {"puzzle": CODE, "progress": progress}
    assert client.post("/api/hint", json=body).json["status"] == "step"


def test_following_the_hints_reaches_the_solution(client):
    progress = CODE
    for _ in range(81):
        body = client.post("/api/hint", json={"puzzle": CODE, "progress": progress}).json
        if body["status"] == "solved":
            break
        progress = body["progress_after"]
    assert progress == NORVIG_EASY_SOLUTION


def test_a_wrong_entry_is_named_first(client):
    progress = "5" + CODE[1:]  # r1c1 is 4
    body = client.post("/api/hint", json={"puzzle": CODE, "progress": progress}).json
    assert body["status"] == "wrong"
    assert body["step"] is None
    assert body["tiers"][0] == "r1c1 is wrong; fix it before the next step."
    assert body["progress_after"] == CODE


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({}, "send a JSON object with the puzzle and your progress"),
        ({"puzzle": 5}, "send a JSON object"),
        ({"puzzle": CODE, "progress": 5}, "send a JSON object"),
        ({"puzzle": "12x"}, "puzzle: "),
        ({"puzzle": CODE, "progress": CODE[:80]}, "The progress has 80 cells"),
        ({"puzzle": CODE, "progress": "x" + CODE[1:]}, "The progress has 'x' at r1c1"),
        ({"puzzle": CODE, "progress": CODE[:2] + "5" + CODE[3:]}, "r1c3 is a given 3"),
    ],
    ids=[
        "empty",
        "puzzle-not-text",
        "progress-not-text",
        "bad-puzzle",
        "short",
        "given-1",
        "given-2",
    ],
)
def test_bad_input_is_a_422_with_the_solve_error_shape(client, body, error):
    response = client.post("/api/hint", json=body)
    assert response.status_code == 422
    assert response.json["status"] == "invalid"
    assert error in response.json["error"]
    assert isinstance(response.json["cells"], list)


@pytest.mark.parametrize(
    ("puzzle", "status"), [("0" * 81, "multiple"), (CLASHING_CODE, "no_solution")]
)
def test_a_puzzle_without_one_solution_gets_no_hint(client, puzzle, status):
    response = client.post("/api/hint", json={"puzzle": puzzle})
    assert response.status_code == 422
    assert response.json["status"] == status
    assert response.json["error"].startswith("no hints: ")


def test_a_solved_grid_says_so(client):
    body = client.post("/api/hint", json={"puzzle": CODE, "progress": NORVIG_EASY_SOLUTION}).json
    assert body["status"] == "solved"
    assert body["progress_after"] == parse(NORVIG_EASY_SOLUTION).code
