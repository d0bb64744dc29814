"""Gunicorn's own log lines keep puzzles out."""

import logging

import pytest

from webapp.serving.serverlog import RedactPuzzles, redact

CODE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (f"Error handling request /solve/{CODE}", "Error handling request /solve/<code>"),
        (f"GET /api/solve/{CODE} HTTP/1.1", "GET /api/solve/<code> HTTP/1.1"),
        (f"Invalid request: '/?puzzle={CODE}'", "Invalid request: '/?<query>'"),
        ("Booting worker with pid: 12", "Booting worker with pid: 12"),
        ("WORKER TIMEOUT (pid:12)", "WORKER TIMEOUT (pid:12)"),
        (f"Error handling request GET /solve/{CODE}", "Error handling request GET /solve/<code>"),
        (f"Error handling request GET /{CODE}", "Error handling request GET <unmatched>"),
        (f"Error handling request GET /x/y?{CODE}", "Error handling request GET <unmatched>"),
        (f"Error handling request GET /static/{CODE}", "Error handling request GET /static/<file>"),
        ("Error handling request GET /healthz", "Error handling request GET /healthz"),
        (
            f"Error handling request POST /api/solve?{CODE}",
            "Error handling request POST /api/solve?<query>",
        ),
        (
            "Perhaps out of memory? Worker (pid:12) was sent SIGKILL!",
            "Perhaps out of memory? Worker (pid:12) was sent SIGKILL!",
        ),
        ("Listening at: http://127.0.0.1:8000 (12)", "Listening at: http://127.0.0.1:8000 (12)"),
    ],
)
def test_redact(line: str, expected: str) -> None:
    assert redact(line) == expected


def test_the_filter_rewrites_formatted_records() -> None:
    record = logging.LogRecord(
        "gunicorn.error", logging.ERROR, __file__, 1, "Error %s", (f"/solve/{CODE}",), None
    )
    assert RedactPuzzles().filter(record)
    assert record.getMessage() == "Error /solve/<code>"
