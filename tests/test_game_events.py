"""A game's live events on a real HTTP server (webapp/web/game/api.py): a browser that goes
away (a reload) frees its place in the worker at once, not at the stream's 25 s ceiling."""

from __future__ import annotations

import http.client
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import QuietHandler
from test_game_pages import seated
from werkzeug.serving import make_server

from waiting import until


@pytest.fixture
def served(make_app: Any) -> Iterator[tuple[Any, int]]:
    """An app that follows one game's live events at a time, on a real server: it and its port."""
    app = make_app(GAME_EVENTS_PER_WORKER=1, GAME_EVENTS_SECONDS=25.0)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, server.server_port
    server.shutdown()
    thread.join(timeout=10)


def events_status(port: int, path: str) -> int:
    """The status a new live-events request gets (its stream closed at once)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_browser_gone_gives_its_place_back_at_once(served: tuple[Any, int]) -> None:
    app, port = served
    _, guest, game_id = seated(app)
    token = guest.get_cookie("seat", path=f"/game/{game_id}")
    assert token is not None
    path = f"/game/{game_id}/events"
    gone = socket.create_connection(("127.0.0.1", port), timeout=5)
    gone.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    gone.recv(1024)  # the stream has begun: the place is taken
    gone.close()
    until(lambda: events_status(port, path) == 200, "the place given back", seconds=5)
