"""Gunicorn's own log lines, and every traceback, keep what was sent out."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from failing_app import FAILING_ROUTE
from test_production import Server, gunicorn_command
from test_production import request as ask

from webapp.serving.serverlog import RedactPuzzles, redact, redacted_traceback

from free_ports import free_port
from fresh_process import run_fresh

TESTS = Path(__file__).parent
# What the failing route is sent: a share code in its path, a value in its query that int()
# quotes in its message ("invalid literal for int() with base 10: 'SECRET²VALUE'").
SENT_CODE = "SECRETCODE"
SENT_VALUE = "SECRET²VALUE"

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


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Invalid request from ip=127.0.0.1: Invalid HTTP header name: 'X-SECRET<'",
            "Invalid request from ip=127.0.0.1: Invalid HTTP header name: '<value>'",
        ),
        (
            "Invalid request from ip=127.0.0.1: Invalid chunk size: b'SECRET'",
            "Invalid request from ip=127.0.0.1: Invalid chunk size: b'<value>'",
        ),
        (
            "Invalid request from ip=127.0.0.1: Invalid HTTP method: 'SECRET'",
            "Invalid request from ip=127.0.0.1: Invalid HTTP method: '<value>'",
        ),
        (
            'Invalid request from ip=127.0.0.1: Invalid HTTP Header: "it\'s SECRET"',
            'Invalid request from ip=127.0.0.1: Invalid HTTP Header: "<value>"',
        ),
        (
            f"Invalid request from ip=127.0.0.1: Invalid HTTP request line: 'GET /solve/{CODE}'",
            "Invalid request from ip=127.0.0.1: Invalid HTTP request line: 'GET /solve/<code>'",
        ),
        (
            f"Invalid request from ip=127.0.0.1: Invalid HTTP request line: 'SECRET /x/{CODE}'",
            "Invalid request from ip=127.0.0.1: Invalid HTTP request line: '<value>'",
        ),
    ],
)
def test_what_a_refused_request_sent_is_not_quoted(line: str, expected: str) -> None:
    # gunicorn's lines for a request it cannot read quoted the header, chunk or method sent
    assert redact(line) == expected


def test_the_filter_rewrites_formatted_records() -> None:
    record = logging.LogRecord(
        "gunicorn.error", logging.ERROR, __file__, 1, "Error %s", (f"/solve/{CODE}",), None
    )
    assert RedactPuzzles().filter(record)
    assert record.getMessage() == "Error /solve/<code>"


def test_the_filter_writes_a_traceback_without_the_exceptions_message() -> None:
    try:
        int(SENT_VALUE)
    except ValueError:
        record = logging.LogRecord(
            "gunicorn.error", logging.ERROR, __file__, 1, "Error", (), sys.exc_info()
        )
    RedactPuzzles().filter(record)
    written = logging.Formatter().format(record)
    assert "SECRET" not in written


def failed_twice() -> BaseException:
    """A KeyError raised while handling a ValueError, each with a message quoting SENT_VALUE."""
    try:
        try:
            int(SENT_VALUE)
        except ValueError:
            {}[SENT_VALUE]
    except KeyError as error:
        return error
    raise AssertionError("no exception")


def test_a_chained_traceback_names_each_exception_by_its_type_alone() -> None:
    text = redacted_traceback(failed_twice())
    assert [line.split()[0] for line in text.splitlines() if "message is left out" in line] == [
        "ValueError",
        "KeyError",
    ]
    assert "SECRET" not in text


@pytest.fixture(scope="module", params=["false", "true"], ids=["flask-logs", "gunicorn-logs"])
def failure_log(request, tmp_path_factory) -> str:
    """What a real gunicorn wrote while the failing route failed on SENT_VALUE: logged by the
    app's Flask class (PROPAGATE_EXCEPTIONS false, as in production), or by gunicorn (true)."""
    port = free_port()
    argv, env = gunicorn_command(bind=f"127.0.0.1:{port}")
    argv[-1] = "failing_app:create_failing_app()"
    stderr = tmp_path_factory.mktemp("failing") / "gunicorn.err"
    server = Server(
        argv,
        port,
        stderr,
        **env,
        PYTHONPATH=str(TESTS),
        SUDOKU_WORKERS="1",
        SUDOKU_CONSUMER="0",
        FLASK_PROPAGATE_EXCEPTIONS=request.param,
    )
    try:
        server.wait_until_healthy()
        try:
            status, _ = ask(port, "GET", f"/fail/{SENT_CODE}?value={quote(SENT_VALUE)}")
        except OSError:
            status = None  # gunicorn may close the connection instead of answering
        assert status in (500, None)
    finally:
        server.stop()
    return server.stderr


def test_a_failing_request_writes_nothing_it_sent_to_the_log(failure_log) -> None:
    # the traceback's last line was "ValueError: invalid literal for int() with base 10:
    # 'SECRET²VALUE'"
    assert "SECRET" not in failure_log


def test_a_failing_request_is_logged_by_its_error_s_type_and_route(failure_log) -> None:
    assert "ValueError (its message is left out" in failure_log
    assert FAILING_ROUTE in failure_log or "Error handling request GET <unmatched>" in failure_log


def test_the_job_consumer_logs_a_failed_job_without_the_exceptions_message() -> None:
    # the consumer's log.exception("job %s failed") wrote the traceback, message and all
    written = run_fresh(
        """
        import io, json, logging, sys
        sys.stderr = io.StringIO()
        from webapp.cli.jobs import log_to_stderr
        log_to_stderr()
        try:
            int(sys.argv[1])
        except ValueError:
            logging.getLogger("webapp.jobs.queue").exception("job %s failed", "solve-1")
        print(json.dumps(sys.stderr.getvalue()))
        """,
        SENT_VALUE,
    )
    assert "job solve-1 failed" in written and "SECRET" not in written
