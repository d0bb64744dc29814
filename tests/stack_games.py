"""Two players and a follower of one game through a running deploy/stack, over real HTTP: the
moves each sent and when (epoch milliseconds, the server's clock on the same machine), so a
test can check the log, the follower and the clocks after a fault."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field

from webapp.games.store import invitation_of

from game_puzzle import BLANKS, PUZZLE, SOLUTION

# An answer that says the stack is away for a moment (nginx's 503 for a worker gone, the
# app's 503 for a store away); the move is sent again, with the same version seen.
AWAY = {502, 503, 504}


def ask(
    port: int, method: str, path: str, body: bytes | None = None, token: str = ""
) -> tuple[int, dict[str, str], bytes]:
    """One request to nginx; status, headers (lower-case names), body. A connection that
    failed is status 0."""
    headers = {"Host": f"127.0.0.1:{port}"}
    if token:
        headers["Cookie"] = f"seat={token}"
    if body is not None:
        headers["Content-Type"] = (
            "application/json" if body.startswith(b"{") else "application/x-www-form-urlencoded"
        )
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        found = {name.lower(): value for name, value in response.getheaders()}
        return response.status, found, response.read()
    except OSError:
        return 0, {}, b""
    finally:
        connection.close()


def seat_token(headers: dict[str, str]) -> str:
    """The seat cookie's token in a response's headers."""
    return headers["set-cookie"].split(";", 1)[0].removeprefix("seat=")


@dataclass(frozen=True)
class Sent:
    """A move as the player sent it: first sent and finally answered (epoch ms), its seat."""

    seat: int
    sent: int
    answered: int


@dataclass
class StackGame:
    """A Duel on the 4x4 through the stack on `port`, both seats taken."""

    port: int
    id: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    joined: tuple[int, int] = (0, 0)
    moves: list[Sent] = field(default_factory=list)
    filled: set[int] = field(default_factory=set)

    def start(self) -> None:
        """Make the game and take the second seat."""
        form = b"mode=duel&minutes=5"
        status, headers, _ = ask(self.port, "POST", f"/game/new/{PUZZLE.code}", form)
        assert status == 303, status
        self.id = headers["location"].rsplit("/", 1)[-1]
        self.tokens[1] = seat_token(headers)
        path = f"/game/{self.id}/join/{invitation_of(self.tokens[1])}"
        sent = now_ms()
        status, headers, _ = ask(self.port, "POST", path, b"")
        assert status == 303, status
        self.joined = (sent, now_ms())
        self.tokens[2] = seat_token(headers)

    def state(self, seat: int | None = None) -> dict[str, object]:
        """The game as `seat` (None: a watcher) sees it, asked until the stack answers."""
        token = self.tokens[seat] if seat else ""
        for _ in range(300):  # a bounded wait through a fault: up to a minute
            status, _, body = ask(self.port, "GET", f"/game/{self.id}/state.json", token=token)
            if status == 200:
                found: dict[str, object] = json.loads(body)
                return found
            time.sleep(0.2)
        raise AssertionError(f"the game's state was not answered: last HTTP {status}")

    def play(self, blank: int) -> None:
        """The player to move places the right digit in the `blank`th blank, sent again while
        the stack is away; a 409 stale on a second try means the first was applied."""
        seen = int(str(self.state()["version"]))
        seat = 1 if seen % 2 == 1 else 2  # the host moves after the join (version 1)
        cell = BLANKS[blank]
        symbol = str(SOLUTION.cells[cell])
        body = json.dumps({"action": "place", "cell": cell, "symbol": symbol, "seen": seen})
        path = f"/game/{self.id}/move.json"
        sent, tries = now_ms(), 0
        while True:
            tries += 1
            status, _, answer = ask(self.port, "POST", path, body.encode(), self.tokens[seat])
            if status == 200 or (status == 409 and tries > 1 and b'"stale"' in answer):
                break
            assert status in AWAY or status == 0, (status, answer)
            assert tries < 300, "the stack never took the move"
            time.sleep(0.2)
        self.moves.append(Sent(seat, sent, now_ms()))

    def clock_bounds(self, seat: int) -> tuple[int, int]:
        """The least and most time `seat`'s clock can have used, from when its turns began and
        its moves were sent and answered: each turn began between the sending and the answer of
        the move before (the join's, first)."""
        least = most = 0
        before = self.joined
        for move in self.moves:
            if move.seat == seat:
                least += move.sent - before[1]
                most += move.answered - before[0]
            before = (move.sent, move.answered)
        return least, most


def now_ms() -> int:
    """Epoch milliseconds, as the server stamps a move."""
    return int(time.time() * 1000)


class Follower:
    """A page following the game's live events through nginx, connecting again whenever its
    stream ends (as EventSource does): every version it heard, by the relay or the app."""

    def __init__(self, port: int, game_id: str) -> None:
        self.port = port
        self.game_id = game_id
        self.versions: list[int] = []
        self.kinds: set[str] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._follow()
            except OSError:
                pass
            self._stop.wait(0.5)  # EventSource's retry

    def _follow(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as connection:
            request = f"GET /game/{self.game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            connection.sendall(request.encode())
            stream = connection.makefile("rb")
            kind = ""
            while not self._stop.is_set():
                try:
                    line = stream.readline()
                except TimeoutError:
                    continue
                if not line:
                    return
                text = line.decode().strip()
                if text.startswith("event: "):
                    kind = text.removeprefix("event: ")
                elif text.startswith("data: {") and kind in ("version", "state"):
                    self.kinds.add(kind)
                    self.versions.append(int(json.loads(text.removeprefix("data: "))["version"]))

    def heard(self, version: int) -> bool:
        """Whether `version` has been heard."""
        return version in self.versions

    def stop(self) -> None:
        """Stop following."""
        self._stop.set()
        self._thread.join(timeout=10)
