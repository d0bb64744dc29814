"""A match through a running deploy/stack, over real HTTP to nginx: a deliberately wrong bot
that keeps what it sent and what the server answered, and a watcher that reads the match as
watchers see it until it is over, keeping every round it saw and the phases it saw them in."""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

# A request's wait: the server's long poll answers within 20 s.
REQUEST_SECONDS = 60
# How often the watcher reads the match: as often as a refreshing page, and more.
WATCH_EVERY_SECONDS = 0.1


def ask(
    port: int,
    method: str,
    path: str,
    body: object = None,
    token: str = "",
    source: str = "127.0.0.1",
) -> tuple[int, Any]:
    """One request to nginx from `source`; its status and JSON (None when it is not JSON)."""
    headers = {"Host": f"127.0.0.1:{port}"}
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=REQUEST_SECONDS, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, raw.decode("utf-8", "replace")
    finally:
        connection.close()


@dataclass(frozen=True)
class SentAnswer:
    """An answer the wrong bot sent: its round, type and rows, and the server's status."""

    round: int
    type: str
    rows: tuple[str, ...] | None
    status: int


def wrong_answer(puzzle: dict[str, Any]) -> tuple[str, list[str] | None]:
    """A wrong answer to a puzzle message: "many" in odd rounds (no round here has several
    solutions), else the puzzle with every blank filled by its first symbol (which breaks a
    row of any puzzle with two blanks in one)."""
    if puzzle["round"] % 2:
        return "many", None
    first = "1"
    return "solution", [row.replace(".", first) for row in puzzle["rows"]]


@dataclass
class WrongBot:
    """A bot that answers every puzzle at once, always wrongly, through nginx."""

    port: int
    token: str
    sent: list[SentAnswer] = field(default_factory=list)
    error: str = ""

    def play(self) -> None:
        """Say hello and answer every round until the last result (or a refusal)."""
        status, hello = ask(self.port, "POST", "/api/bot/hello", HELLO, self.token)
        if status != 200:
            self.error = f"hello: {status} {hello}"
            return
        seen = 0
        for _ in range(200):  # polls: each answers within 20 s, a round lasts at most 30
            path = f"/api/bot/messages?after={seen}"
            status, polled = ask(self.port, "GET", path, token=self.token)
            if status != 200:
                self.error = f"poll: {status} {polled}"
                return
            for message in polled["messages"]:
                seen = message["seq"]
                if message["type"] == "puzzle":
                    self._answer(message)
                elif message["type"] == "result" and message["last"]:
                    return
        self.error = "the match never ended"

    def _answer(self, puzzle: dict[str, Any]) -> None:
        kind, rows = wrong_answer(puzzle)
        body: dict[str, object] = {"type": kind, "round": puzzle["round"]}
        if rows is not None:
            body["rows"] = rows
        status, _ = ask(self.port, "POST", "/api/bot/answer", body, self.token)
        shown = None if rows is None else tuple(rows)
        self.sent.append(SentAnswer(puzzle["round"], kind, shown, status))


HELLO = {"type": "hello", "protocol": 1}


class Watcher:
    """Reads GET /api/matches/<id> through nginx every WATCH_EVERY_SECONDS until the match is
    over: the phases it saw, and for each round the first reading that showed it over."""

    def __init__(self, port: int, match_id: str, seconds: float) -> None:
        self.port = port
        self.match_id = match_id
        self.phases: list[str] = []
        self.rounds_seen_over: dict[int, str] = {}
        self.rounds_seen_under_way: set[int] = set()
        self.failures: list[int] = []
        self._deadline = time.monotonic() + seconds  # a ceiling on the whole watch
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while time.monotonic() < self._deadline:
            status, seen = ask(self.port, "GET", f"/api/matches/{self.match_id}")
            if status != 200:
                self.failures.append(status)
            else:
                if not self.phases or self.phases[-1] != seen["phase"]:
                    self.phases.append(seen["phase"])
                for line in seen["rounds"]:
                    if not line["over"]:
                        self.rounds_seen_under_way.add(line["round"])
                    elif line["round"] not in self.rounds_seen_over:
                        self.rounds_seen_over[line["round"]] = seen["phase"]
                if seen["phase"] == "over":
                    return
            time.sleep(WATCH_EVERY_SECONDS)

    def join(self, seconds: float) -> None:
        """Wait up to `seconds` for the watch to end."""
        self._thread.join(timeout=seconds)


class EventsListener:
    """Hears GET /match/<id>/events through nginx (the relay's stream) until the match is
    over: each event's phase and the rounds it said were over, in order; the HTTP status."""

    def __init__(self, port: int, match_id: str, seconds: float) -> None:
        self.port = port
        self.match_id = match_id
        self.heard: list[tuple[str, tuple[int, ...]]] = []
        self.status = 0
        self._seconds = seconds
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self._seconds)
        try:
            connection.request("GET", f"/match/{self.match_id}/events")
            response = connection.getresponse()
            self.status = response.status
            while self.status == 200:
                line = response.fp.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    data = json.loads(line[6:])
                    self.heard.append((data["phase"], tuple(data["over"])))
                    if data["phase"] == "over":
                        return
        except OSError:
            return
        finally:
            connection.close()

    def join(self, seconds: float) -> None:
        """Wait up to `seconds` for the stream to end."""
        self._thread.join(timeout=seconds)


class SocketBot:
    """A bot over the WebSocket through nginx, in a thread: it answers each puzzle with the
    solution given, `delay` seconds after it came (a clock of its own would be no truer: the
    server times the answer), and connects again whenever its connection breaks, saying
    hello with the last seq it has. It keeps every message it heard and its reconnections."""

    def __init__(
        self, port: int, token: str, solutions: dict[int, list[str]], delay: float
    ) -> None:
        self.port = port
        self.token = token
        self.solutions = solutions
        self.delay = delay
        self.heard: list[dict[str, Any]] = []
        self.reconnections = 0
        self.answered: set[int] = set()
        self.over = False
        self.error = ""
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def join(self, seconds: float) -> None:
        """Wait up to `seconds` for the match's end."""
        self._thread.join(timeout=seconds)

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        uri = f"ws://127.0.0.1:{self.port}/api/bot/socket"
        headers = {"Authorization": f"Bearer {self.token}"}
        for attempt in range(300):  # bounded: at most a minute of reconnecting
            hello: dict[str, object] = dict(HELLO)
            if self.heard:
                hello["after"] = self.heard[-1]["seq"]
            try:
                with connect(uri, additional_headers=headers, proxy=None) as bot:
                    if attempt:
                        self.reconnections += 1
                    bot.send(json.dumps(hello))
                    self._answer_missed(bot)
                    for raw in bot:
                        if self._take(bot, json.loads(raw)):
                            return
            except (ConnectionClosed, InvalidHandshake, OSError):
                pass
            time.sleep(0.2)
        self.error = "never finished"

    def _take(self, bot: Any, message: dict[str, Any]) -> bool:
        """Act on one message; True once the last result came."""
        # An answer sent twice across a break is refused the second time, by name.
        fine = ("old-round", "already-answered")
        if message.get("type") == "error" and message.get("problem") not in fine:
            self.error = str(message.get("problem"))
        if "seq" in message:
            self.heard.append(message)
        if message.get("type") == "puzzle":
            time.sleep(self.delay)
            self._answer(bot, message["round"])
        if message.get("type") == "result" and message["last"]:
            self.over = True
            return True
        return False

    def _answer(self, bot: Any, number: int) -> None:
        answer = {"type": "solution", "round": number, "rows": self.solutions[number]}
        bot.send(json.dumps(answer))
        self.answered.add(number)

    def _answer_missed(self, bot: Any) -> None:
        """After a break: answer the last puzzle heard, if its answer was not sent."""
        last = self.heard[-1] if self.heard else {}
        if last.get("type") == "puzzle" and last["round"] not in self.answered:
            self._answer(bot, last["round"])
