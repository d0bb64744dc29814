"""A bot's wait for messages on a real HTTP server (webapp/web/match/api.py): it holds a
worker's thread, so one address holds at most MATCH_POLLS_PER_ADDRESS waiting polls of a
worker, and the next is told to ask again (429 with Retry-After), not queued."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import QuietHandler
from werkzeug.serving import make_server

from waiting import until

# The waiting poll's ceiling: the test's first poll ends at it, whatever else happens.
CEILING_SECONDS = 8.0


@pytest.fixture
def port(make_app: Any) -> Iterator[int]:
    """An app counting loopback like any address, one waiting poll an address, on a real
    server: its port."""
    app = make_app(
        CLIENT_LIMITS_EXEMPT=(), MATCH_POLLS_PER_ADDRESS=1, MATCH_POLL_SECONDS=CEILING_SECONDS
    )
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    thread.join(timeout=10)


def ask(port: int, method: str, path: str, token: str = "", body: object = None) -> Any:
    """The status and JSON of one request to the server."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        data = None if body is None else json.dumps(body)
        connection.request(method, path, data, headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_a_second_waiting_poll_from_one_address_is_told_to_ask_again(port: int) -> None:
    _, opened = ask(port, "POST", "/api/matches", body={"sizes": [4], "rounds": 1, "seats": 3})
    token = opened["seats"][0]["token"]
    ask(port, "POST", "/api/bot/hello", token, {"type": "hello", "protocol": 1})
    # The match waits for two more seats: a poll past the hello waits to its ceiling.
    waiting = threading.Thread(target=ask, args=(port, "GET", "/api/bot/messages?after=0", token))
    waiting.start()
    # A poll for every message is answered at once (the hello is there): it never waits, so
    # asking again until the first poll waits is never held up by itself.
    status = until(
        lambda: ask(port, "GET", "/api/bot/messages?after=-1", token)[0] == 429,
        "a second poll refused while the first waits",
        seconds=CEILING_SECONDS,
    )
    # The host starts the match: the round's first message ends the first poll long before
    # its ceiling, so the test does not sit out the ceiling.
    ask(port, "POST", f"/api/matches/{opened['match']}/start", opened["host"])
    waiting.join(timeout=CEILING_SECONDS + 10)
    assert status
