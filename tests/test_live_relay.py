"""The live relay (webapp/live/), a real `sudoku relay` process on the app's own store: a move
made through the app reaches a follower, from SQLite by the relay's poll and from Redis by
its news (the poll set to an hour, so only the news can tell it); its limits and refusals;
and the app telling Redis of each move kept (news.py)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from test_game_pages import place, seated

from webapp.live.news import CHANNEL, read_news

from free_ports import free_port
from waiting import until

ROOT = Path(__file__).parent.parent


@contextmanager
def relay(store: str, *options: str, log: list[str] | None = None) -> Iterator[int]:
    """`sudoku relay` on the store at `store`, on a free port, until the block ends: its port;
    what it logged is put in `log` when given, once it has stopped."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "webapp", "relay", "--port", str(port), *options],
        cwd=ROOT,
        env={**os.environ, "FLASK_JOB_STORE": store},
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        until(lambda: process.poll() is not None or answers(port), "the relay listening", 30)
        assert process.poll() is None, process.communicate()[1]
        yield port
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
        assert "Traceback" not in errors, errors
        if log is not None:
            log.append(errors)


def answers(port: int) -> bool:
    """True when something accepts connections on the port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class Follower:
    """A raw live-events connection to the relay: the versions it has heard so far."""

    def __init__(self, port: int, game_id: str, address: str = "127.0.0.9") -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        request = (
            f"GET /game/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"X-Forwarded-For: {address}\r\n\r\n"
        )
        self.socket.sendall(request.encode())
        self.text = ""

    def read(self) -> str:
        """Read what has come (up to a second's wait); everything heard so far."""
        self.socket.settimeout(1)
        try:
            self.text += self.socket.recv(65536).decode()
        except TimeoutError:
            pass
        return self.text

    def versions(self) -> list[int]:
        """The versions told so far."""
        self.read()
        marker = 'event: version\ndata: {"version": '
        return [int(part.split("}")[0]) for part in self.text.split(marker)[1:]]

    def close(self) -> None:
        self.socket.close()


def sqlite_store(app: Any) -> str:
    """The app's job store's URL."""
    return str(app.config["JOB_STORE"])


def test_a_move_reaches_a_follower_through_the_relay_polling_sqlite(make_app: Any) -> None:
    app = make_app()
    host, _, game_id = seated(app)
    with relay(sqlite_store(app)) as port:
        follower = Follower(port, game_id)
        until(lambda: follower.versions() == [1], "the version after the guest joined")
        assert place(host, game_id, 0).status_code == 303
        until(lambda: follower.versions() == [1, 2], "the move's version")
        follower.close()


def test_a_move_on_one_app_server_reaches_a_relay_by_redis_news_alone(
    make_app: Any, redis_server: Any
) -> None:
    # Two app servers sharing Redis; the relay's poll is an hour away: only news can tell it.
    first, second = make_app(JOB_STORE=redis_server.url), make_app(JOB_STORE=redis_server.url)
    host, _, game_id = seated(first)
    with relay(redis_server.url, "--poll-seconds", "3600") as port:
        follower = Follower(port, game_id)
        until(lambda: follower.versions() == [1], "the version after the guest joined")
        mover = second.test_client()
        mover.set_cookie(
            "seat", host.get_cookie("seat", path=f"/game/{game_id}").value, path=f"/game/{game_id}"
        )
        assert place(mover, game_id, 0).status_code == 303
        until(lambda: follower.versions() == [1, 2], "the move's news")
        follower.close()


def test_the_app_tells_redis_of_each_move_kept(make_app: Any, redis_server: Any) -> None:
    app = make_app(JOB_STORE=redis_server.url)
    host, _, game_id = seated(app)
    listener = redis.Redis.from_url(redis_server.url).pubsub()
    listener.subscribe(CHANNEL)
    until(lambda: listener.get_message(timeout=0.2), "subscribed")
    place(host, game_id, 0)
    message = until(lambda: listener.get_message(timeout=0.2), "the news")
    listener.close()
    assert read_news(message["data"]) == (game_id, 2)


def status_of(port: int, request: bytes) -> str:
    """The status line the relay answers `request` with."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        return connection.recv(4096).decode("latin-1").split("\r\n")[0]


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /game/nosuchgame/events HTTP/1.1\r\n\r\n", "HTTP/1.1 404 Not Found"),
        (b"GET /solve/123 HTTP/1.1\r\n\r\n", "HTTP/1.1 404 Not Found"),
        (b"POST /game/nosuchgame/events HTTP/1.1\r\n\r\n", "HTTP/1.1 405 Method Not Allowed"),
        (
            b"GET /game/x/events HTTP/1.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
            "HTTP/1.1 400 Bad Request",
        ),
        (b"HELLO\r\n\r\n", "HTTP/1.1 400 Bad Request"),
    ],
)
def test_the_relay_refuses_what_is_not_a_game_s_events(
    make_app: Any, request_bytes: bytes, status: str
) -> None:
    with relay(sqlite_store(make_app())) as port:
        assert status_of(port, request_bytes) == status


def test_one_address_past_its_live_connections_is_told_429_with_retry_after(
    make_app: Any,
) -> None:
    app = make_app()
    _, _, game_id = seated(app)
    with relay(sqlite_store(app), "--per-address", "2") as port:
        held = [Follower(port, game_id, "127.0.0.5") for _ in range(2)]
        for follower in held:
            until(follower.versions, "the stream begun")
        request = f"GET /game/{game_id}/events HTTP/1.1\r\nX-Forwarded-For: 127.0.0.5\r\n\r\n"
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(request.encode())
            answer = connection.recv(4096).decode()
        for follower in held:
            follower.close()
    assert answer.startswith("HTTP/1.1 429") and "\r\nRetry-After: 30\r\n" in answer


def test_the_relay_logs_no_game_id_nor_address(make_app: Any) -> None:
    app = make_app()
    host, _, game_id = seated(app)
    log: list[str] = []
    with relay(sqlite_store(app), "--per-address", "1", log=log) as port:
        follower = Follower(port, game_id, "127.0.0.77")
        until(follower.versions, "the stream begun")
        place(host, game_id, 0)
        until(lambda: follower.versions() == [1, 2], "the move heard")
        refused = f"GET /game/{game_id}/events HTTP/1.1\r\nX-Forwarded-For: 127.0.0.77\r\n\r\n"
        assert status_of(port, refused.encode()).startswith("HTTP/1.1 429")
        follower.close()
    assert [found for found in (game_id, "127.0.0.77") if found in log[0]] == []


def test_an_id_that_cannot_be_a_game_s_is_no_such_game(make_app: Any) -> None:
    request = b"GET /game/" + b"x" * 65 + b"/events HTTP/1.1\r\n\r\n"
    with relay(sqlite_store(make_app())) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(request)
            answer = connection.recv(4096).decode()
    assert "\r\n\r\nThere is no such game" in answer
