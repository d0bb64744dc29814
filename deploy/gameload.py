"""Load of games between two people: many games followed live through nginx and the relay,
moves made at a steady rate, and ordinary pages asked for meanwhile.

`.venv/bin/python deploy/gameload.py` starts deploy/stack (with --redis if asked) on a free
127.0.0.1 port, makes GAMES Duels on a 9x9 of the checkout's tests/data (60 minutes each),
opens LISTENERS live-event connections on each (through nginx's /game/<id>/events, so to the
relay), makes MOVES a second in all through the JSON API (each game's player to move placing
the right digit, in turn), and asks for ordinary pages (the home page, a game's page, a share
link) PAGES a second. It prints a Markdown table: moves made, events heard and missed, the
move->event latency (from the move's request being sent to each follower hearing its
version), the state each follower asks for on hearing a version (as a page does), pages
answered and their latency, and whether the targets are met.

The followers connect from addresses of their own (127.0.1.x, at most PER_ADDRESS each), as
people do, and so within the per-address limits of nginx and the relay; moves, games and
pages come from 127.0.0.1, which the stack exempts from the limits, as a load tester is.

    .venv/bin/python deploy/gameload.py --games 250 --listeners 2 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from loadmix import share_links
from stackrun import RunningStack, bound_sources, stack

from webapp.games.store import invitation_of
from webapp.sudoku import Puzzle, parse, solve

TARGET_EVENT_P99_MS = 250
TARGET_PAGE_P99_MS = 500
# Live connections one follower address holds, under the relay's 16 and nginx's 32.
PER_ADDRESS = 8
# A request (a move, a page) gets this long to be answered; longer counts as an error.
ANSWER_SECONDS = 10.0
# After the last move, how long the followers may still take to hear it before it counts
# as missed: a ceiling on the wait, said as such.
LAST_EVENT_SECONDS = 5.0


class GameLoadError(Exception):
    """The load could not be set up: a game not made, a seat not taken."""


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: status, headers (names lower-case) and body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict[str, object]:
        """The body as a JSON object."""
        value = json.loads(self.body)
        assert isinstance(value, dict)
        return value

    def seat_token(self) -> str:
        """The seat cookie's token the answer sets."""
        cookie = self.headers.get("set-cookie", "")
        if not cookie.startswith("seat="):
            raise GameLoadError(f"no seat was given (HTTP {self.status})")
        return cookie.split(";", 1)[0].removeprefix("seat=")


async def request(
    port: int,
    method: str,
    path: str,
    form: dict[str, str] | None = None,
    body: bytes | None = None,
    cookie: str = "",
) -> Answer:
    """One HTTP/1.1 request to nginx on 127.0.0.1:`port`, its connection closed after."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        headers = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
        if form is not None:
            body = urllib.parse.urlencode(form).encode()
            headers.append("Content-Type: application/x-www-form-urlencoded")
        elif body is not None:
            headers.append("Content-Type: application/json")
        if body is not None:
            headers.append(f"Content-Length: {len(body)}")
        if cookie:
            headers.append(f"Cookie: seat={cookie}")
        writer.write(("\r\n".join(headers) + "\r\n\r\n").encode() + (body or b""))
        raw = await asyncio.wait_for(reader.read(), ANSWER_SECONDS)
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    if found.get("transfer-encoding") == "chunked":
        content = unchunked(content)
    return Answer(int(lines[0].split(" ")[1]), found, content)


def unchunked(content: bytes) -> bytes:
    """A chunked body put back together."""
    whole = b""
    while content:
        size_line, _, rest = content.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        whole += rest[:size]
        content = rest[size + 2 :]
    return whole


@dataclass
class Game:
    """One game under load: its seats' tokens, the version the players last saw, and the
    blank cells still to fill."""

    id: str
    tokens: dict[int, str]
    version: int
    turn: int
    blanks: list[int]


async def make_game(port: int, code: str) -> Game:
    """A Duel on `code`, 60 minutes each, both seats taken."""
    made = await request(port, "POST", f"/game/new/{code}", {"mode": "duel", "minutes": "60"})
    if made.status != 303:
        raise GameLoadError(f"a game was not made: HTTP {made.status}")
    game_id = made.headers["location"].rsplit("/", 1)[-1]
    host = made.seat_token()
    joined = await request(port, "POST", f"/game/{game_id}/join/{invitation_of(host)}", {})
    if joined.status != 303:
        raise GameLoadError(f"a game's second seat was not taken: HTTP {joined.status}")
    blanks = [cell for cell, value in enumerate(parse(code).cells) if not value]
    return Game(game_id, {1: host, 2: joined.seat_token()}, 1, 1, blanks)


@dataclass
class Figures:
    """What one run measured."""

    moves: int = 0
    move_errors: int = 0
    answered: list[float] = field(default_factory=list)
    sent_at: dict[tuple[str, int], float] = field(default_factory=dict)
    heard: list[float] = field(default_factory=list)
    missed: int = 0
    listener_errors: int = 0
    connected: int = 0
    pages: list[float] = field(default_factory=list)
    page_errors: int = 0
    relay_cpu_seconds: float = math.nan
    states: list[float] = field(default_factory=list)
    state_errors: int = 0


async def follow(
    port: int,
    game_id: str,
    address: str,
    figures: Figures,
    heard: dict[tuple[str, int], list[float]],
    ask_state: bool = True,
) -> None:
    """Follow `game_id`'s live events from `address` until cancelled, noting when each version
    is heard, and asking for the game's state on each as a page does (`ask_state`)."""
    asking: set[asyncio.Task[None]] = set()
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    try:
        writer.write(
            f"GET /game/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        )
        status = await reader.readline()
        if b" 200 " not in status:
            figures.listener_errors += 1
            return
        figures.connected += 1
        told = False
        while True:
            line = await reader.readline()
            if not line:
                figures.listener_errors += 1  # the stream ended early
                return
            if line.startswith(b'data: {"version": '):
                version = int(line.split(b": ")[2].rstrip(b"}\r\n"))
                heard.setdefault((game_id, version), []).append(time.monotonic())
                # The first version is the one the page was drawn at: a page asks on the next.
                if ask_state and told:
                    task = asyncio.create_task(fetch_state(port, game_id, figures))
                    asking.add(task)
                    task.add_done_callback(asking.discard)
                told = True
    finally:
        writer.close()
        for task in asking:
            task.cancel()


async def fetch_state(port: int, game_id: str, figures: Figures) -> None:
    """Ask for the game's state as a watcher's page does when it hears a new version."""
    asked = time.monotonic()
    try:
        answer = await request(port, "GET", f"/game/{game_id}/state.json")
    except (OSError, TimeoutError):
        figures.state_errors += 1
        return
    if answer.status == 200:
        figures.states.append(time.monotonic() - asked)
    else:
        figures.state_errors += 1


async def move(port: int, game: Game, solution: tuple[int, ...], figures: Figures) -> None:
    """The player to move in `game` places the right digit in the next blank."""
    cell = game.blanks.pop(0)
    symbol = str(solution[cell])
    body = {"action": "place", "cell": cell, "symbol": symbol, "seen": game.version}
    sent = figures.sent_at[(game.id, game.version + 1)] = time.monotonic()
    try:
        answer = await request(
            port,
            "POST",
            f"/game/{game.id}/move.json",
            body=json.dumps(body).encode(),
            cookie=game.tokens[game.turn],
        )
    except (OSError, TimeoutError):
        figures.move_errors += 1
        return
    if answer.status != 200:
        figures.move_errors += 1
        return
    state = answer.json()
    figures.answered.append(time.monotonic() - sent)
    figures.moves += 1
    game.version = int(str(state["version"]))
    game.turn = int(str(state["turn"])) if state["turn"] is not None else 0


async def ask_pages(
    port: int, paths: list[str], rate: float, until: float, figures: Figures
) -> None:
    """Ask for `paths` in turn, `rate` a second, until `until` (monotonic)."""
    number = 0
    start = time.monotonic()
    while time.monotonic() < until:
        path = paths[number % len(paths)]
        asked = time.monotonic()
        try:
            answer = await request(port, "GET", path)
            if answer.status == 200:
                figures.pages.append(time.monotonic() - asked)
            else:
                figures.page_errors += 1
        except (OSError, TimeoutError):
            figures.page_errors += 1
        number += 1
        await asyncio.sleep(max(0.0, start + number / rate - time.monotonic()))


def cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(
    port: int,
    games_count: int,
    listeners: int,
    seconds: float,
    moves_rate: float,
    pages_rate: float,
    relay_pid: int | None = None,
    ask_state: bool = True,
    last_event_seconds: float = LAST_EVENT_SECONDS,
) -> Figures:
    """Make the games, follow them, move and ask for pages for `seconds`: the figures (with
    the CPU the relay `relay_pid` used meanwhile, when given). A follower that has not heard
    a move `last_event_seconds` after the last one was answered missed it."""
    code = share_links()[0].removeprefix("/solve/")
    result = solve(Puzzle(parse(code)))
    solution = result.solutions[0].cells
    games: list[Game] = []
    for start in range(0, games_count, 10):  # ten at a time: the game's first solve is shared
        games += await asyncio.gather(
            *(make_game(port, code) for _ in range(start, min(games_count, start + 10)))
        )
    figures = Figures()
    heard: dict[tuple[str, int], list[float]] = {}
    addresses = bound_sources(math.ceil(games_count * listeners / PER_ADDRESS))
    followers = [
        asyncio.create_task(
            follow(
                port,
                game.id,
                addresses[(n * listeners + k) // PER_ADDRESS],
                figures,
                heard,
                ask_state,
            )
        )
        for n, game in enumerate(games)
        for k in range(listeners)
    ]
    deadline = time.monotonic() + 30  # a ceiling on connecting, said as such
    while figures.connected + figures.listener_errors < len(followers):
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)  # each follower has heard its game's first version
    end = time.monotonic() + seconds
    relay_cpu = cpu_seconds(relay_pid) if relay_pid else math.nan
    paths = ["/", f"/game/{games[0].id}", share_links()[1]]
    pages = asyncio.create_task(ask_pages(port, paths, pages_rate, end, figures))
    movers: set[asyncio.Task[None]] = set()
    number = 0
    started = time.monotonic()
    while time.monotonic() < end:
        game = games[number % len(games)]
        if game.blanks and game.turn:
            task = asyncio.create_task(move(port, game, solution, figures))
            movers.add(task)
            task.add_done_callback(movers.discard)
        number += 1
        await asyncio.sleep(max(0.0, started + number / moves_rate - time.monotonic()))
    await pages
    if relay_pid:
        figures.relay_cpu_seconds = cpu_seconds(relay_pid) - relay_cpu
    if movers:
        await asyncio.wait(movers, timeout=ANSWER_SECONDS)
    last = time.monotonic() + last_event_seconds
    while time.monotonic() < last and not all_heard(figures, heard, listeners):
        await asyncio.sleep(0.1)
    for task in followers:
        task.cancel()
    await asyncio.gather(*followers, return_exceptions=True)
    count_heard(figures, heard, listeners)
    return figures


def all_heard(figures: Figures, heard: dict[tuple[str, int], list[float]], listeners: int) -> bool:
    """Whether every move made was heard by every follower of its game."""
    return all(len(heard.get(key, ())) >= listeners for key in figures.sent_at)


def count_heard(
    figures: Figures, heard: dict[tuple[str, int], list[float]], listeners: int
) -> None:
    """Each follower's latency for each move, and how many times a follower missed one."""
    for key, sent in figures.sent_at.items():
        times = heard.get(key, [])
        figures.heard += [at - sent for at in times]
        figures.missed += max(0, listeners - len(times))


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie, in milliseconds (nearest rank)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def report(figures: Figures, games: int, listeners: int, seconds: float, store: str) -> str:
    """The figures as a Markdown table."""
    event_p99, page_p99 = percentile(figures.heard, 0.99), percentile(figures.pages, 0.99)
    met = (
        event_p99 < TARGET_EVENT_P99_MS
        and page_p99 < TARGET_PAGE_P99_MS
        and not (
            figures.missed or figures.move_errors or figures.listener_errors or figures.state_errors
        )
    )
    rows = [
        ("store", store),
        ("games, followers connected", f"{games}, {figures.connected} of {games * listeners}"),
        ("seconds", f"{seconds:g}"),
        ("moves made, errors", f"{figures.moves}, {figures.move_errors}"),
        ("events heard, missed", f"{len(figures.heard)}, {figures.missed}"),
        ("move answered p50 / p99 / max ms", triple(figures.answered)),
        ("move->event p50 / p99 / max ms", triple(figures.heard)),
        ("follower errors", str(figures.listener_errors)),
        ("states asked on events, errors", f"{len(figures.states)}, {figures.state_errors}"),
        ("state p50 / p99 / max ms", triple(figures.states)),
        ("relay CPU while moving", f"{figures.relay_cpu_seconds:.2f} s of {seconds:g} s"),
        ("pages answered, errors", f"{len(figures.pages)}, {figures.page_errors}"),
        ("page p50 / p99 / max ms", triple(figures.pages)),
        (
            f"target (event p99 < {TARGET_EVENT_P99_MS} ms, page p99 < {TARGET_PAGE_P99_MS} ms,"
            " nothing missed)",
            "met" if met else "NOT met",
        ),
    ]
    return "\n".join(["| measure | value |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows)])


def triple(values: list[float]) -> str:
    """p50 / p99 / max of `values` in milliseconds."""
    if not values:
        return "-"
    top = 1000 * max(values)
    return f"{percentile(values, 0.5):.0f} / {percentile(values, 0.99):.0f} / {top:.0f}"


@contextmanager
def game_stack(redis: bool, log: Path | None) -> Iterator[RunningStack]:
    """deploy/stack for the load: 127.0.0.1 exempt from the limits, with Redis if asked."""
    options = ["--exempt", "127.0.0.1", *(["--redis"] if redis else [])]
    with stack(*options, log=log) as running:
        yield running


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="deploy/gameload.py",
        description="Games followed live through nginx and the relay, under moves and pages.",
    )
    parser.add_argument("--games", type=int, default=250, help="games at once (default 250)")
    parser.add_argument(
        "--listeners", type=int, default=2, help="live followers per game (default 2)"
    )
    parser.add_argument("--seconds", type=float, default=30, help="moving time (default 30)")
    parser.add_argument(
        "--moves", type=float, default=20, help="moves a second in all (default 20)"
    )
    parser.add_argument(
        "--pages", type=float, default=10, help="ordinary pages a second (default 10)"
    )
    parser.add_argument("--redis", action="store_true", help="the stack with its own Redis")
    parser.add_argument(
        "--no-state",
        action="store_true",
        help="followers do not ask for the state on each version, as pages do",
    )
    parser.add_argument("--log", type=Path, help="append the stack's output to this file")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the load once; print the table; 0 when the targets are met."""
    args = build_parser().parse_args(argv)
    with game_stack(args.redis, args.log) as running:
        figures = asyncio.run(
            load(
                running.port,
                *(args.games, args.listeners, args.seconds, args.moves, args.pages),
                running.relay_pid,
                not args.no_state,
            )
        )
    store = "Redis" if args.redis else "SQLite"
    table = report(figures, args.games, args.listeners, args.seconds, store)
    print(table)
    return 0 if "| met |" in table else 1


if __name__ == "__main__":
    sys.exit(main())
