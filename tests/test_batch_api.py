"""POST /api/solve/batch: a list of puzzles or a file's text answered a row per puzzle (200),
a long batch as a job (202, then GET /api/solve/batch/<code>), and every request that holds
no batch a 400, 413 or 422 naming what is wrong."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from job_apps import job_app

from webapp.jobs import batches
from webapp.jobs.job import BATCH, job_id
from webapp.sudoku import parse
from webapp.sudoku.batch import MAX_PUZZLES, read_batch

from puzzles import DATA, FOUR, NORVIG_EASY, data_lines

TWO_9X9 = (DATA / "two_9x9.sdm").read_text()
MIXED = (DATA / "batch_mixed.sdm").read_text()
FIELDS = {"index", "line", "status", "code", "size", "givens", "rating", "level"}


@pytest.fixture
def app(tmp_path):
    """An app with a job store of its own that runs each job inside the request."""
    return job_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


def test_a_list_of_puzzles_gets_a_row_each_with_its_link(client):
    puzzles = [fields[0] for fields in data_lines("web_unique.txt")[:2]] + ["12x", 7 * " "]
    response = client.post("/api/solve/batch", json={"puzzles": puzzles})
    assert response.status_code == 200
    body = response.json
    results = body["results"]
    assert [row["index"] for row in results] == [0, 1, 2, 3]
    assert [row["status"] for row in results] == ["solved", "solved", "invalid", "invalid"]
    for row, puzzle in zip(results[:2], puzzles, strict=False):
        code = parse(puzzle).code
        assert FIELDS <= row.keys()
        assert (row["code"], row["line"], row["size"]) == (code, None, 9)
        assert row["link"] == f"http://localhost/solve/{code}"
        assert row["play"] == f"http://localhost/play/{code}"
        assert row["rated_to_end"] and row["message"] == ""
        assert client.get(row["link"]).status_code == 200
    assert results[2]["message"].startswith("line 1, column 3: 'x'")
    assert results[3]["message"].startswith("the puzzle is empty")
    assert results[2]["code"] is results[2]["link"] is None
    assert body["counts"] == {
        "solved": 2,
        "multiple": 0,
        "no_solution": 0,
        "gave_up": 0,
        "invalid": 2,
        "total": 4,
    }


def test_a_files_text_is_read_a_puzzle_a_line(client):
    body = client.post("/api/solve/batch", json={"text": MIXED}).json
    assert [(row["line"], row["status"]) for row in body["results"]] == [
        (5, "solved"),
        (6, "solved"),
        (7, "solved"),
        (9, "no_solution"),
        (10, "multiple"),
        (11, "solved"),
        (12, "solved"),
    ]


def test_the_issues_file_as_text_is_two_rows(client):
    body = client.post("/api/solve/batch", json={"text": TWO_9X9}).json
    assert [row["code"] for row in body["results"]] == [
        parse(line).code for line in TWO_9X9.splitlines()
    ]


def test_one_puzzle_over_several_lines_is_a_batch_of_one(client):
    rows = "\n".join(NORVIG_EASY[start : start + 9] for start in range(0, 81, 9))
    body = client.post("/api/solve/batch", json={"text": rows}).json
    assert [(row["status"], row["code"]) for row in body["results"]] == [
        ("solved", parse(NORVIG_EASY).code)
    ]


def test_a_long_batch_is_202_with_its_job_and_then_its_rows(tmp_path):
    app = job_app(tmp_path, BATCH_REQUEST_PUZZLES=1)
    client = app.test_client()
    response = client.post("/api/solve/batch", json={"text": TWO_9X9})
    assert response.status_code == 202
    entries = read_batch(TWO_9X9)
    assert entries is not None
    code = batches.batch_code(entries)
    record = response.json
    assert record["id"] == job_id(BATCH, code, 20)
    assert record["job_url"] == "http://localhost" + response.headers["Location"]
    assert record["state"] == "done"
    assert record["results_url"] == f"http://localhost/api/solve/batch/{code}"
    rows = client.get(record["results_url"]).json
    assert [row["status"] for row in rows["results"]] == ["solved", "solved"]
    assert client.post("/api/solve/batch", json={"text": TWO_9X9}).json["id"] == record["id"]


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"data": "not json", "content_type": "application/json"}, 400, "not a JSON object"),
        ({"json": ["53..7"]}, 400, "not a JSON object"),
        ({"json": {}}, 422, "send either puzzles or text, not neither"),
        ({"json": {"puzzles": [FOUR], "text": FOUR}}, 422, "not both"),
        ({"json": {"puzzles": FOUR}}, 422, "puzzles: a list of strings, not a string"),
        ({"json": {"puzzles": []}}, 422, "puzzles: the list is empty"),
        ({"json": {"puzzles": [FOUR, 7]}}, 422, "puzzles[1]: a puzzle is a string, not a number"),
        ({"json": {"puzzles": [FOUR, None]}}, 422, "puzzles[1]: a puzzle is a string, not null"),
        ({"json": {"text": ["x"]}}, 422, "text: a string of puzzles, one a line, not a list"),
        ({"json": {"text": " \n "}}, 422, "text: it is empty"),
        (
            {"json": {"puzzles": [FOUR] * (MAX_PUZZLES + 1)}},
            413,
            "1,001 puzzles were sent; a batch takes at most 1,000",
        ),
        (
            {"json": {"text": "\n".join([FOUR] * (MAX_PUZZLES + 1))}},
            413,
            "the batch holds 1,001 puzzles",
        ),
    ],
)
def test_a_request_that_holds_no_batch_says_what_is_wrong(client, body, status, error):
    response = client.post("/api/solve/batch", **body)
    assert response.status_code == status
    assert response.json["status"] == "invalid"
    assert error in response.json["error"]


def test_a_body_over_the_size_limit_is_refused_before_the_batch_is_read(client):
    # Refused by the request's size limit, not by the batch's reader: one of the API's
    # "other HTTP errors" (docs/api.md), so its status is "error", not "invalid".
    response = client.post("/api/solve/batch", json={"text": "\n".join([FOUR] * 10_001)})
    assert response.status_code == 413
    assert response.json["status"] == "error"
    assert "a batch takes at most 128 KB" in response.json["error"]


def test_rows_of_no_batch_are_404_json(client):
    response = client.get("/api/solve/batch/2-0123456789abcdef01234567")
    assert response.status_code == 404
    assert "kept for a day" in response.json["error"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=100),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    value=JSON | st.fixed_dictionaries({"puzzles": JSON}) | st.fixed_dictionaries({"text": JSON})
)
def test_any_json_is_answered_without_a_500(client, value):
    response = client.post("/api/solve/batch", json=value)
    assert response.status_code in (200, 202, 400, 413, 422)
