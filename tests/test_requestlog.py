"""The request log: one JSON line per request, with the route and never the puzzle."""

from __future__ import annotations

import io
import json
import logging
from urllib.parse import quote

import pytest

from webapp import create_app
from webapp.serving.requestlog import (
    LOGGER_NAME,
    JsonLineFormatter,
    StderrHandler,
    logger,
)
from webapp.sudoku.puzzle import longest_code

from puzzles import NORVIG_EASY_CODE, NORVIG_IMPOSSIBLE

CODE = NORVIG_EASY_CODE


class Lines(logging.Handler):
    """Keeps each record as the JSON line the request log writes."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(JsonLineFormatter())
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    @property
    def records(self) -> list[dict]:
        """The lines read back as JSON."""
        return [json.loads(line) for line in self.lines]


@pytest.fixture
def log():
    """The request log's lines while a test runs."""
    handler = Lines()
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


@pytest.fixture
def failing(make_app):
    """A client for the app as production runs it, with a route that fails."""
    app = make_app(TESTING=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/raise")
    def raise_a_bug():
        raise RuntimeError("a bug")

    return app.test_client()


def test_one_line_per_request_with_the_route_not_the_puzzle(client, log):
    client.get(f"/solve/{CODE}")
    solve = client.get(f"/api/solve/{CODE}?puzzle={CODE}").json  # the first solve, cached
    client.post("/api/solve", json={"puzzle": CODE})
    records = log.records
    assert [record["path"] for record in records] == [
        "/solve/<code>",
        "/api/solve/<code>",
        "/api/solve",
    ]
    assert all(CODE not in line for line in log.lines)
    first = records[0]
    assert list(first) == ["time", "method", "path", "status", "ms", "outcome", "nodes", "cached"]
    assert first["method"] == "GET"
    assert first["status"] == 200
    assert first["outcome"] == "solved"
    assert first["nodes"] == solve["nodes"] > 0
    assert first["ms"] >= solve["ms"] > 0  # the request took at least its solve's time
    assert first["cached"] is False
    assert [record["cached"] for record in records[1:]] == [True, True]


def test_solves_log_their_outcome_and_nodes(client, log):
    client.get(f"/api/solve/{NORVIG_IMPOSSIBLE}")
    record = log.records[0]
    assert record["outcome"] == "no_solution"
    assert record["nodes"] > 0


def test_requests_without_a_solve_log_no_outcome(client, log):
    client.get("/")
    client.get("/healthz")
    client.get("/solve/" + "0" * (longest_code() + 1))
    assert [(r["path"], r["status"]) for r in log.records] == [
        ("/", 200),
        ("/healthz", 200),
        ("/solve/<code>", 414),
    ]
    assert all("outcome" not in record for record in log.records)


@pytest.mark.parametrize(
    ("method", "path", "status", "logged_path"),
    [
        ("GET", "/wp-admin/" + quote("<script>alert(1)</script>"), 404, "<unmatched>"),
        ("GET", "/nowhere?puzzle=" + CODE, 404, "<unmatched>"),
        ("DELETE", "/solve/" + CODE, 405, "<unmatched>"),
        ("GET", "/static/style.css", 200, "/static/<path:filename>"),
        ("GET", "/?puzzle=" + CODE, 200, "/"),
        ("POST", "/", 303, "/"),
    ],
)
def test_user_text_never_reaches_the_log(client, log, method, path, status, logged_path):
    response = client.open(path, method=method, data={"puzzle": CODE} if method == "POST" else None)
    response.close()
    (record,) = log.records
    assert record["status"] == status
    assert record["path"] == logged_path
    assert CODE not in log.lines[0]
    assert "script" not in log.lines[0]


def test_a_method_outside_http_is_not_logged_as_sent(client, log):
    client.open("/", method="X<SCRIPT>")
    assert log.records[0]["method"] == "<other>"


def test_errors_are_logged_too(failing, log):
    failing.get("/raise")
    failing.post("/api/solve", data="x" * 70_000, content_type="application/json")
    assert [(r["path"], r["status"]) for r in log.records] == [
        ("/raise", 500),
        ("/api/solve", 413),
    ]


def test_lines_are_single_json_objects_with_a_utc_time():
    record = logging.LogRecord(LOGGER_NAME, logging.INFO, __file__, 1, "request", None, None)
    record.fields = {"path": "/", "note": "two\nlines"}
    line = JsonLineFormatter().format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["time"].endswith("+00:00")
    assert parsed["path"] == "/"


def test_the_log_goes_to_stderr_once(make_app, monkeypatch):
    create_app()
    create_app()
    handlers = [h for h in logger.handlers if isinstance(h, StderrHandler)]
    assert len(handlers) == 1
    assert logger.propagate is False
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    make_app().test_client().get("/healthz")
    assert json.loads(stream.getvalue())["path"] == "/healthz"


def test_an_app_with_the_request_log_off_writes_no_line(make_app, log):
    make_app(REQUEST_LOG=False).test_client().get("/")
    assert log.lines == []
