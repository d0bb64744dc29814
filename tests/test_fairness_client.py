"""deploy/fairness.py's person: told to come back within a few seconds (Retry-After), it does,
twice at most, as a person or a page's script would; told to come back later, it takes the
answer as a refusal. Against a small server of the test's own on 127.0.0.1 that answers
each request with the next status of its list."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from fairness import RETRIES, ask_as_a_person  # noqa: E402


class Scripted(ThreadingHTTPServer):
    """A server answering its requests with `answers` in turn: (status, Retry-After)."""

    def __init__(self, answers: list[tuple[int, str | None]]) -> None:
        super().__init__(("127.0.0.1", 0), Answering)
        self.answers = answers
        self.asked = 0


class Answering(BaseHTTPRequestHandler):
    server: Scripted

    def do_GET(self) -> None:
        status, retry_after = self.server.answers[
            min(self.server.asked, len(self.server.answers) - 1)
        ]
        self.server.asked += 1
        self.send_response(status)
        if retry_after is not None:
            self.send_header("Retry-After", retry_after)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Nothing on stderr."""


def serving(answers: list[tuple[int, str | None]]) -> Iterator[Scripted]:
    server = Scripted(answers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def server(request) -> Iterator[Scripted]:
    """The scripted server of the test's `answers` parameter."""
    yield from serving(request.param)


@pytest.mark.parametrize(
    ("server", "expected"),
    [
        pytest.param([(503, "0"), (200, None)], (200, 1), id="a busy worker, then the page"),
        pytest.param([(429, "0"), (503, "0"), (200, None)], (200, 2), id="twice, then the page"),
        pytest.param([(503, "0")] * 5, (503, RETRIES), id="never more than twice again"),
        pytest.param([(503, "30"), (200, None)], (503, 0), id="a full queue's 30 s: refused"),
        pytest.param([(503, None), (200, None)], (503, 0), id="no Retry-After: refused"),
    ],
    indirect=["server"],
)
def test_the_person_comes_back_when_told_to_soon(server, expected):
    answer, retries, _ = ask_as_a_person(server.server_address[1], "GET", "/solve/x")
    assert (answer.status, retries) == expected
