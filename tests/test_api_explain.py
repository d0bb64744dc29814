"""GET /api/explain/<code> and GET /api/rate/<code>: the easiest-first path and rating of the
puzzle a share code names, as the command line prints them, within EXPLAIN_BUDGET_WORK."""

from __future__ import annotations

from collections import Counter

import pytest

from webapp.sudoku import parse
from webapp.sudoku.puzzle import longest_code

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION, TOP95_SEVENTH

TOP95_SEVENTH_CODE = TOP95_SEVENTH.replace(".", "0")


def filled_by(steps: list[dict], puzzle: str) -> str:
    """The grid the steps' placements make of `puzzle` (9x9), cells 1-based in the steps."""
    cells = list(puzzle)
    for step in steps:
        for row, col, symbol in step["placements"]:
            cells[(row - 1) * 9 + col - 1] = symbol
    return "".join(cells)


@pytest.mark.parametrize("code", [NORVIG_EASY_CODE, TOP95_SEVENTH_CODE])
def test_the_path_ends_at_the_solution_and_never_removes_an_answer(client, code):
    response = client.get(f"/api/explain/{code}")
    assert response.status_code == 200
    body = response.json
    assert body["status"] == "solved" and body["complete"] is True
    answer = client.get(f"/api/solve/{code}").json["solution"]
    assert filled_by(body["steps"], code) == answer
    for step in body["steps"]:
        assert step["text"], step["technique"]
        for row, col, symbol in step["eliminations"]:
            assert answer[(row - 1) * 9 + col - 1] != symbol, step["text"]
    assert body["rating"] == max(step["difficulty"] for step in body["steps"])
    assert body["share_url"] == f"http://localhost/solve/{parse(code).code}"
    assert "public" in response.headers["Cache-Control"]


def test_an_easy_puzzle_needs_only_singles(client):
    body = client.get(f"/api/explain/{NORVIG_EASY_CODE}").json
    assert {step["technique"] for step in body["steps"]} <= {
        "full-house",
        "hidden-single",
        "naked-single",
    }
    assert body["level"] == "easy"
    assert filled_by(body["steps"], NORVIG_EASY_CODE) == NORVIG_EASY_SOLUTION


def test_the_rating_counts_the_techniques_of_the_path(client):
    explained = client.get(f"/api/explain/{TOP95_SEVENTH_CODE}").json
    rated = client.get(f"/api/rate/{TOP95_SEVENTH_CODE}").json
    assert rated["rating"] == explained["rating"]
    assert rated["level"] == explained["level"]
    assert rated["hardest"] == explained["hardest"]
    assert rated["counts"] == dict(Counter(step["technique"] for step in explained["steps"]))
    assert rated["complete"] is True
    assert rated["share_url"] == explained["share_url"]


def test_a_puzzle_with_two_solutions_gets_them_instead_of_a_path(client, multiple_sample):
    body = client.get(f"/api/explain/{multiple_sample.code}").json
    assert body["status"] == "multiple"
    assert body["steps"] == []
    first, second = body["solutions"]
    assert first != second
    rated = client.get(f"/api/rate/{multiple_sample.code}").json
    assert rated["status"] == "multiple" and "rating" not in rated


@pytest.mark.parametrize("route", ["explain", "rate"])
def test_clashing_givens_are_a_solve_status_and_bad_codes_a_422(client, route):
    clash = client.get(f"/api/{route}/{CLASHING_CODE}")
    assert clash.status_code == 200
    assert clash.json["status"] == "no_solution"
    bad = client.get(f"/api/{route}/12x4")
    assert bad.status_code == 422
    assert bad.json["status"] == "invalid" and bad.json["error"]
    assert client.get(f"/api/{route}/{'0' * (longest_code() + 1)}").status_code == 414


@pytest.mark.parametrize("route", ["explain", "rate"])
def test_a_path_cut_short_by_the_budget_says_so_and_is_not_kept(make_app, route):
    client = make_app(EXPLAIN_BUDGET_WORK=0).test_client()
    response = client.get(f"/api/{route}/{TOP95_SEVENTH_CODE}")
    assert response.status_code == 200
    body = response.json
    assert body["complete"] is False
    assert body["stopped"] == "the next step needs more work than the budget"
    assert "no-store" in response.headers["Cache-Control"]
