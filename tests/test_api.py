"""The JSON API: POST /api/solve and GET /api/solve/<code>."""

from __future__ import annotations

import pytest
from sudoku_rules import valid_solution

from webapp.sudoku import is_solution, parse
from webapp.sudoku.puzzle import Puzzle

from puzzles import CLASHING, NORVIG_IMPOSSIBLE, data_lines

# 1-G to 0-F, as `tr '123456789ABCDEFG' '0123456789ABCDEF'` writes a Hexadoku.
TO_HEX = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")

FIELDS = [
    "status",
    "solution",
    "solutions",
    "givens",
    "size",
    "nodes",
    "engine",
    "sat_conflicts",
    "ms",
    "share_url",
    "conflicts",
    "alphabet",
    "written",
    "open_in",
]
CLASH = CLASHING
PROVEN_IMPOSSIBLE = "12345678." + "........9" + "." * 63


def test_post_solves_a_puzzle(client, unique_puzzle):
    response = client.post("/api/solve", json={"puzzle": unique_puzzle.puzzle})
    assert response.status_code == 200
    body = response.json
    assert list(body) == FIELDS
    assert body["status"] == "solved"
    assert body["solution"] == unique_puzzle.solution
    assert body["solutions"] == [unique_puzzle.solution]
    assert body["givens"] == unique_puzzle.code
    assert body["size"] == 9
    assert isinstance(body["nodes"], int) and body["nodes"] >= 0
    assert (body["engine"], body["sat_conflicts"]) == ("search", 0)
    assert isinstance(body["ms"], float) and body["ms"] >= 0
    assert body["share_url"] == f"http://localhost/solve/{unique_puzzle.code}"
    assert body["conflicts"] == []


@pytest.mark.parametrize("spelling", ["code", "dots"])
def test_get_solves_a_share_code_with_either_blank(client, unique_puzzle, spelling):
    code = {"code": unique_puzzle.code, "dots": unique_puzzle.puzzle}[spelling]
    response = client.get(f"/api/solve/{code}")
    assert response.status_code == 200
    assert response.json["solution"] == unique_puzzle.solution
    assert response.json["givens"] == unique_puzzle.code


def test_get_reads_lower_case_symbols(make_app):
    body = make_app().test_client().get("/api/solve/g" + "." * 255).json
    assert body["givens"] == "G" + "0" * 255
    assert body["share_url"].endswith("/solve/G" + "0" * 255)


def test_get_and_post_agree(client, unique_puzzle):
    by_get = client.get(f"/api/solve/{unique_puzzle.code}").json
    by_post = client.post("/api/solve", json={"puzzle": unique_puzzle.puzzle}).json
    for field in ("status", "solution", "solutions", "givens", "size", "share_url"):
        assert by_get[field] == by_post[field]


@pytest.mark.parametrize(
    "text",
    [
        "1234341221434321",
        "12 34\n34 12\n21 43\n43 21\n",
        "|12|34|\n|34|12|\n+--+--+\n|21|43|\n|43|21|",
    ],
)
def test_post_reads_any_format_the_parser_reads(client, text):
    body = client.post("/api/solve", json={"puzzle": text}).json
    assert (body["status"], body["size"], body["solution"]) == ("solved", 4, "1234341221434321")


def test_post_reads_a_hexadoku_as_0_to_f(client):
    # Issue 13's reproduction: the first janko 16x16 written 0-F was read with 0 as a blank
    # and answered "multiple"; the share code stays in the standard alphabet.
    puzzle, _, solution = data_lines("engine_16x16_answers.txt")[0]
    hexadoku = puzzle.translate(TO_HEX)
    body = client.post("/api/solve", json={"puzzle": hexadoku}).json
    assert (body["status"], body["size"], body["alphabet"]) == ("solved", 16, "hex")
    assert body["solution"] == parse(solution).code
    assert body["written"] == {"givens": hexadoku, "solution": solution.translate(TO_HEX)}


def test_post_takes_the_alphabet_when_told(make_app):
    # without a given 1 its hex form has no 0: nothing tells it apart but being told
    puzzle = data_lines("engine_16x16_answers.txt")[0][0].replace("1", ".")
    hexadoku = puzzle.translate(TO_HEX)
    client = make_app().test_client()
    told = client.post("/api/solve", json={"puzzle": hexadoku, "alphabet": "hex"}).json
    assert told["givens"] == parse(puzzle).code and told["alphabet"] == "hex"
    guessed = client.post("/api/solve", json={"puzzle": hexadoku}).json
    assert guessed["alphabet"] == "standard" and guessed["givens"] != told["givens"]
    refused = client.post("/api/solve", json={"puzzle": hexadoku, "alphabet": 16})
    assert refused.status_code == 422
    assert refused.json["error"].startswith("alphabet: one of standard, hex, or none")


def test_two_solutions_for_a_puzzle_that_has_more(client, multiple_puzzle):
    body = client.get(f"/api/solve/{multiple_puzzle.code}").json
    assert list(body) == [*FIELDS, "solution_count"]
    assert body["status"] == "multiple"
    assert body["solution"] is None
    first, second = (parse(s) for s in body["solutions"])
    puzzle = parse(multiple_puzzle.puzzle)
    assert first != second
    assert is_solution(first, Puzzle(puzzle)) and is_solution(second, Puzzle(puzzle))


# tdoku's test puzzles by their exact count, and the seed documents' board with 5 solutions.
TDOKU = {int(count): puzzle for puzzle, count, *_ in data_lines("tdoku_test_puzzles.txt", ":")}
SEED_FIVE = next(fields[0] for fields in data_lines("seed_examples.txt") if fields[1] == "5")


@pytest.mark.parametrize(
    ("puzzle", "count"),
    [
        pytest.param(SEED_FIVE, {"count": 5, "exact": True, "stopped": None}, id="seed 5"),
        pytest.param(TDOKU[847], {"count": 847, "exact": True, "stopped": None}, id="847"),
        pytest.param("." * 81, {"count": 1000, "exact": False, "stopped": "cap"}, id="empty"),
    ],
)
def test_a_puzzle_with_more_than_one_solution_has_them_counted(client, puzzle, count):
    posted = client.post("/api/solve", json={"puzzle": puzzle}).json
    got = client.get(f"/api/solve/{puzzle}").json
    assert posted["solution_count"] == got["solution_count"] == count
    assert len(posted["solutions"]) == 2


def test_only_more_than_one_solution_carries_a_count(client, unique_puzzle):
    for puzzle in (unique_puzzle.puzzle, CLASHING):
        assert "solution_count" not in client.post("/api/solve", json={"puzzle": puzzle}).json


@pytest.mark.parametrize(
    ("puzzle", "listed"),
    [
        pytest.param(SEED_FIVE, 5, id="seed 5"),
        pytest.param(TDOKU[9], 9, id="tdoku 9"),
        pytest.param(TDOKU[847], 100, id="847: the first 100"),
        pytest.param("0" * 256, 31, id="empty 16x16: the first 31"),
    ],
)
def test_all_lists_every_solution_up_to_the_cap(client, puzzle, listed):
    posted = client.post("/api/solve", json={"puzzle": puzzle, "all": True}).json
    got = client.get(f"/api/solve/{puzzle}?all=1").json
    assert posted["solutions"] == got["solutions"]
    solutions = got["solutions"]
    assert len(solutions) == len(set(solutions)) == listed
    box = {81: (3, 3), 256: (4, 4)}[len(puzzle)]
    assert all(valid_solution(solution, puzzle, *box) for solution in solutions)
    assert list(got) == [*FIELDS, "solution_count"]


def test_all_on_one_solution_lists_just_it(client, unique_puzzle):
    body = client.post("/api/solve", json={"puzzle": unique_puzzle.puzzle, "all": True}).json
    assert body["solutions"] == [unique_puzzle.solution]
    assert client.get(f"/api/solve/{unique_puzzle.code}?all=1").json["solutions"] == [
        unique_puzzle.solution
    ]


@pytest.mark.parametrize("value", ["yes", 1, None, [True], {"all": True}])
def test_all_in_a_post_must_be_true_or_false(client, value):
    response = client.post("/api/solve", json={"puzzle": SEED_FIVE, "all": value})
    assert response.status_code == 422
    assert response.json["error"] == (
        "all: true to list every solution (up to a cap), or false for the first two"
    )


@pytest.mark.parametrize("value", ["", "0", "2", "true"])
def test_all_in_a_get_must_be_1(client, value):
    response = client.get(f"/api/solve/{SEED_FIVE}", query_string={"all": value})
    assert response.status_code == 400
    assert response.json == {
        "status": "error",
        "error": "Bad request: all must be 1 to list every solution, or left out.",
    }


@pytest.mark.parametrize(
    ("config", "stored"),
    [({}, True), ({"COUNT_BUDGET_NODES": 50}, False)],
    ids=["counted", "cut short"],
)
def test_a_count_cut_short_by_its_budget_is_not_stored(make_app, config, stored):
    client = make_app(**config).test_client()
    response = client.get("/api/solve/" + "0" * 81)
    assert response.json["solution_count"]["stopped"] == ("cap" if stored else "nodes")
    assert response.cache_control.no_store is not stored
    assert response.cache_control.public is stored


@pytest.mark.parametrize(
    ("puzzle", "conflicts"),
    [
        (
            CLASH,
            [
                ("row", 1, "5", [[1, 1], [1, 2]], "Row 1 has two 5s (columns 1 and 2)"),
                ("box", 1, "5", [[1, 1], [1, 2]], "Box 1 has two 5s (r1c1 and r1c2)"),
            ],
        ),
        (PROVEN_IMPOSSIBLE, []),
    ],
)
def test_no_solution_says_which_givens_clash_if_any(client, puzzle, conflicts):
    body = client.post("/api/solve", json={"puzzle": puzzle}).json
    assert (body["status"], body["solution"], body["solutions"]) == ("no_solution", None, [])
    assert [tuple(c.values()) for c in body["conflicts"]] == conflicts


@pytest.mark.parametrize(
    ("puzzle", "dead_end"),
    [
        (
            PROVEN_IMPOSSIBLE,
            {
                "kind": "cell",
                "cell": [1, 9],
                "forced": 0,
                "message": "The givens leave r1c9 with no possible value",
            },
        ),
        (
            "..3.2.6..9..3.5..1..18.64...381.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            {
                "kind": "unit",
                "unit": "column",
                "index": 9,
                "symbol": "6",
                "forced": 25,
                "message": "Filling in the 25 cells the givens force leaves no place for 6 in"
                " column 9",
            },
        ),
        (NORVIG_IMPOSSIBLE, None),  # singles stall: only the search finds the contradiction
        (CLASH, None),  # the conflicts say why
    ],
    ids=["cell", "unit", "search-only", "clash"],
)
def test_no_solution_says_where_singles_run_out_of_options(client, puzzle, dead_end):
    body = client.post("/api/solve", json={"puzzle": puzzle}).json
    assert body["status"] == "no_solution"
    assert list(body) == [*FIELDS, "dead_end"]
    assert body["dead_end"] == dead_end


def test_only_no_solution_carries_a_dead_end(client, multiple_puzzle):
    assert "dead_end" not in client.get(f"/api/solve/{multiple_puzzle.code}").json


def test_a_big_puzzle_beyond_the_search_says_the_sat_solver_decided(client):
    puzzle, _, solution = data_lines("sat_25x25_answers.txt")[0]
    body = client.post("/api/solve", json={"puzzle": puzzle}).json
    assert (body["status"], body["solution"]) == ("solved", parse(solution).code)
    assert body["engine"] == "sat"
    assert body["sat_conflicts"] > 0


def test_gave_up_when_the_budget_runs_out(make_app, impossible_puzzle):
    client = make_app(SOLVE_BUDGET_NODES=20).test_client()
    body = client.get(f"/api/solve/{impossible_puzzle.code}").json
    assert body["status"] == "gave_up"
    assert body["nodes"] >= 20


@pytest.mark.parametrize(
    ("request_kwargs", "error", "cells"),
    [
        ({"json": {"puzzle": "12x"}}, "line 1, column 3: 'x' is not a Sudoku symbol", []),
        (
            {"json": {"puzzle": "x" * 81}},
            "line 1, column 1: 'x' is not a symbol of a 9x9 grid",
            [[1, 1]],
        ),
        ({"json": {"puzzle": ""}}, "the puzzle is empty", []),
        ({"json": {"puzzle": "1" * 80}}, "expected 81 cells, found 80", []),
        ({"json": {"puzzle": 5}}, "send a JSON object with the puzzle as a string", []),
        ({"json": {"grid": "1" * 81}}, "send a JSON object with the puzzle as a string", []),
        ({"json": ["1" * 81]}, "send a JSON object with the puzzle as a string", []),
        ({"data": "{not json", "content_type": "application/json"}, "send a JSON object", []),
        ({"data": {"puzzle": "1" * 81}}, "send a JSON object", []),
    ],
)
def test_invalid_input_is_422_with_the_error_and_cells(client, request_kwargs, error, cells):
    response = client.post("/api/solve", **request_kwargs)
    assert response.status_code == 422
    body = response.json
    assert body["status"] == "invalid"
    assert body["error"].startswith(error)
    assert body["cells"] == cells


def test_an_unreadable_share_code_is_422(client):
    response = client.get("/api/solve/12x")
    assert response.status_code == 422
    assert response.json["status"] == "invalid"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [("get", "/api/nothing", 404), ("get", "/api/solve", 405), ("put", "/api/solve", 405)],
)
def test_http_errors_under_api_are_json(client, method, path, status):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.is_json
    assert response.json["status"] == "error"


def test_an_oversized_body_is_413_json(client):
    response = client.post("/api/solve", json={"puzzle": "1" * (64 * 1024)})
    assert response.status_code == 413
    assert response.json["error"].startswith("Too much to read")
