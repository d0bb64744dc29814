"""POST /api/hint: the next step of a player's progress, in three tiers, as JSON."""

from __future__ import annotations

import pytest

from webapp.sudoku import parse, solve
from webapp.sudoku.logic import Position, decode_marks, encode_marks
from webapp.sudoku.puzzle import Puzzle

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


EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"


def notes_code(puzzle: str, removed: list[tuple[int, int]]) -> str:
    """The marks code of notes that hold every candidate `puzzle`'s givens allow but
    `removed` ((0-based cell, value) pairs)."""
    start = Position.from_puzzle(Puzzle(parse(puzzle)))
    return encode_marks(start.eliminate(removed))


def test_following_the_hints_with_their_notes_solves_the_extreme_example(client):
    solution = solve(Puzzle(parse(EXTREME))).solution.code
    progress, marks, seen = EXTREME, "", []
    for _ in range(300):
        body = client.post(
            "/api/hint", json={"puzzle": EXTREME, "progress": progress, "marks": marks}
        ).json
        seen.append(body["status"])
        if body["status"] == "solved":
            break
        assert body["status"] in ("step", "out-of-reach")
        assert body["steps"] == ([body["step"]] if body["step"] else [])
        assert len(body["tiers"][1]) < 400
        progress, marks = body["progress_after"], body["marks_after"]
    assert progress == solution
    assert seen[-1] == "solved"
    # one step a hint: more hints than open cells, as some steps only remove candidates
    assert len(seen) > EXTREME.count("0") + 1


def test_a_step_that_removes_candidates_answers_the_notes_after(client):
    # the extreme example's first steps place values; walk to the first that only removes
    progress, marks = EXTREME, ""
    for _ in range(100):
        body = client.post(
            "/api/hint", json={"puzzle": EXTREME, "progress": progress, "marks": marks}
        ).json
        if body["step"]["eliminations"]:
            break
        progress, marks = body["progress_after"], body["marks_after"]
    assert body["progress_after"] == progress
    notes = decode_marks(Puzzle(parse(EXTREME)), body["marks_after"])
    for row, col, symbol in body["step"]["eliminations"]:
        assert not notes.has((row - 1) * 9 + col - 1, int(symbol))
    assert body["tiers"][2].startswith("In your notes, remove ")
    assert body["units"] == [[kind, index] for kind, index in body["units"]]
    assert f"marks={body['marks_after']}" in body["play_url"]
    assert isinstance(body["follow_along"], bool)


def test_notes_that_removed_a_solution_value_are_named_before_any_step(client):
    # r1c2 is 8 in the solution; the notes remove it there
    marks = notes_code(CODE, [(1, 8)])
    body = client.post("/api/hint", json={"puzzle": CODE, "progress": CODE, "marks": marks}).json
    assert NORVIG_EASY_SOLUTION[1] == "8"
    assert body["status"] == "wrong-note"
    assert body["tiers"] == [
        "r1c2's notes are missing a value; fix them before the next step.",
        "You removed 8 from r1c2, but 8 belongs there.",
        "Put 8 back in r1c2's notes.",
    ]
    assert body["step"] is None and body["steps"] == []
    assert body["cells"] == [[1, 2]]
    assert body["marks_after"] == "" and body["progress_after"] == CODE


@pytest.mark.parametrize(
    ("marks", "error", "cells"),
    [
        # letter 3 writes slots 13-18: r1c1, r1c2, r1c4 and r1c6 have 2, 4, 2 and 3
        # candidates, r1c8 four (5, 7, 8, 9), r1c9 two and r2c2 three
        (
            "AB!",
            "marks: The marks code has '!' at letter 3 (the notes of r1c8, r1c9 and r2c2)",
            [[1, 8], [1, 9], [2, 2]],
        ),
        (5, "send a JSON object", []),
        ("A" * 200, "marks: The marks code has 200 letters", []),
    ],
    ids=["bad-letter", "not-text", "too-long"],
)
def test_bad_marks_are_a_422_naming_the_cells(client, marks, error, cells):
    response = client.post("/api/hint", json={"puzzle": CODE, "progress": CODE, "marks": marks})
    assert response.status_code == 422
    assert response.json["error"].startswith(error)
    assert response.json["cells"] == cells
