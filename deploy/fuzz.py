"""Fuzz the production stack: thousands of odd requests, and not one 5xx.

    .venv/bin/python deploy/fuzz.py [--requests 5000] [--seed 1]

It starts deploy/stack on a free loopback port and sends, one at a time on
fresh connections, requests made from a seeded random mix: random bytes and
unicode in paths and query strings, share codes of every length and alphabet,
JSON and form bodies good and bad, oversized paths, headers and bodies, odd
methods, odd or missing Host headers, and raw garbage instead of HTTP; and
the routes of games between two people, on games it makes first: moves out of
turn, on givens, on no cell, with digits not of the grid, forged or mangled seat
cookies, replayed `seen=` numbers, JSON moves good and bad, huge bodies, game ids
and invitations too long, cut short or made up, and games made with odd modes,
clocks, orders and puzzles; and the bots' protocol, over HTTP and the relay's
WebSocket, on matches it opens first (fuzzmatches.py). It
prints a Markdown table of the answers by status, with the count of 5xx
(which must be 0) and of connections closed without an answer. Nothing but
127.0.0.1 is contacted; the fuzzer's address is exempt from the per-client
limits, so that its requests reach the app.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import socket
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

import fuzzmatches
from stackrun import stack

TIMEOUT = 15.0
SYMBOLS = "0.123456789ABCDEFGHIJKLMNOPabcpx "
METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "PROPFIND"]
ROUTES = ["/", "/solve/", "/api/solve/", "/api/solve", "/healthz", "/static/", "/?puzzle="]
# A 9x9 with one solution, for the games the fuzzer makes (a game needs one), as its share
# code: its link answers 301 to it otherwise.
GAME_PUZZLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
# A game's routes after /game/<id>; the events stream answers its status line at once.
GAME_ROUTES = [
    "",
    "/move",
    "/move.json",
    "/state.json",
    "/events",
    "/alone",
    "/result",
    "/result?step=",
    "/rematch",
    "/again",
    "/join/",
]
# The share of the command's requests sent to the bots' protocol (fuzzmatches.py).
MATCH_SHARE = 0.15
ACTIONS = ["place", "resign", "offer-draw", "accept-draw", "", "PLACE", "join", "x" * 200]


@dataclass(frozen=True)
class FuzzGame:
    """A game the fuzzer made: its id and the host's seat token."""

    id: str
    token: str


@dataclass
class Tally:
    """The answers to one fuzz run."""

    statuses: Counter[int] = field(default_factory=Counter)
    unanswered: int = 0  # connections closed (or timed out) without a status line
    samples: dict[int, bytes] = field(default_factory=dict)  # the first request per 5xx

    @property
    def sent(self) -> int:
        """Requests sent."""
        return sum(self.statuses.values()) + self.unanswered

    @property
    def server_errors(self) -> int:
        """Answers with a 5xx status."""
        return sum(count for status, count in self.statuses.items() if status >= 500)


def random_text(rng: random.Random, most: int) -> str:
    """Text of up to `most` characters: ASCII, symbols, and any unicode."""
    kind = rng.random()
    length = rng.randint(0, most)
    if kind < 0.4:
        return "".join(rng.choice(SYMBOLS) for _ in range(length))
    if kind < 0.7:
        return "".join(chr(rng.randint(32, 126)) for _ in range(length))
    return "".join(chr(unicode_point(rng)) for _ in range(length))


def unicode_point(rng: random.Random) -> int:
    """Any code point from space to plane 2, skipping the surrogates (no text holds them)."""
    point = rng.randint(32, 0x2FFFF - 0x800)
    return point + 0x800 if point >= 0xD800 else point


def share_code(rng: random.Random) -> str:
    """A code of a real grid size, or near one, in any alphabet."""
    length = rng.choice([16, 36, 81, 144, 256, 625, 80, 82, 0, 1, 700])
    alphabet = rng.choice(["0123456789", "0123456789ABCDEFG", SYMBOLS, "0" * 20 + "123456789"])
    return "".join(rng.choice(alphabet) for _ in range(length))


def http_request(rng: random.Random, port: int) -> bytes:
    """One request in HTTP/1.1 form, each part drawn from the mix."""
    method = rng.choice(METHODS) if rng.random() < 0.3 else rng.choice(["GET", "POST"])
    if rng.random() < 0.05:
        method = rng.choice(["get", "G E T", "X<SCRIPT>", "ÄÖÜ", ""])
    route = rng.choice(ROUTES)
    if route in ("/solve/", "/api/solve/", "/?puzzle="):
        target = route + (share_code(rng) if rng.random() < 0.7 else random_text(rng, 80))
    else:
        target = route + random_text(rng, 40)
    if rng.random() < 0.5:
        target = quote(target, safe="/?=&")
    if rng.random() < 0.2:
        target += "?" + quote(random_text(rng, 200), safe="=&")
    if rng.random() < 0.03:
        target = "/" + "a" * rng.choice([3000, 5000, 9000, 20000])
    headers = []
    host = rng.random()
    if host < 0.75:
        headers.append(f"Host: 127.0.0.1:{port}")
    elif host < 0.9:
        headers.append(f"Host: {random_text(rng, 300)}")
    elif host < 0.95:
        headers.append("Host: ")
    body = b""
    if method == "POST" or rng.random() < 0.05:
        body, content_type = random_body(rng)
        if content_type:
            headers.append(f"Content-Type: {content_type}")
        headers.append(f"Content-Length: {len(body)}")
    for _ in range(rng.choice([0, 0, 0, 1, 5, 120])):
        headers.append(f"X-{random_text(rng, 10).strip() or 'a'}: {random_text(rng, 100)}")
    if rng.random() < 0.02:
        headers.append("X-Long: " + "b" * rng.choice([9000, 20000]))
    headers.append("Connection: close")
    head = f"{method} {target} HTTP/1.1\r\n" + "".join(f"{h}\r\n" for h in headers) + "\r\n"
    return head.encode() + body


def random_body(rng: random.Random) -> tuple[bytes, str]:
    """A body and its content type: JSON good and bad, forms, bytes, or far too much."""
    kind = rng.random()
    if kind < 0.3:
        value = rng.choice([share_code(rng), random_text(rng, 100), 5, None, [1], {"a": 1}])
        return json.dumps({"puzzle": value}).encode(), "application/json"
    if kind < 0.4:
        return (b"[" * rng.randint(1, 50_000)), "application/json"
    if kind < 0.65:
        fields = {"puzzle": share_code(rng)} if rng.random() < 0.5 else {}
        for _ in range(rng.randint(0, 90)):
            fields[f"r{rng.randint(0, 30)}c{rng.randint(0, 30)}"] = random_text(rng, 3)
        fields["size"] = rng.choice(["4", "9", "25", "7", random_text(rng, 5)])
        encoded = "&".join(f"{quote(k)}={quote(v)}" for k, v in fields.items())
        return encoded.encode(), "application/x-www-form-urlencoded"
    if kind < 0.75:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 3000))), "text/plain"
    if kind < 0.8:
        return b"1" * rng.choice([70_000, 200_000]), "application/json"
    boundary = "b" + str(rng.randint(0, 10**9))
    part = f'--{boundary}\r\nContent-Disposition: form-data; name="puzzle"\r\n\r\n'
    body = (part + share_code(rng) + f"\r\n--{boundary}--\r\n").encode()
    return body, f"multipart/form-data; boundary={boundary}"


# What a form that makes a game may hold, odd values among the good: its mode and clock, a
# puzzle of the day's order, and the new-puzzle form's fields. The sizes and levels are those
# the generator makes in a moment (or refuses), so that the fuzz is not the generator's bench.
MAKING = {
    "mode": ["duel", "race", "", "DUEL", "chess"],
    "minutes": ["5", "10", "0", "-1", "999", "1000", "1e3", "\u0663"],
    "increment": ["0", "2", "-5", "999", "x"],
    "order": ["", "4/easy/none/1", "classic/4/easy/none/99999999999999999999", "x/4/easy/none/1"],
    "size": ["4", "6", "", "0", "25", "9999"],
    "level": ["easy", "medium", "", "impossible"],
    "symmetry": ["none", "rotational", "", "mirror?"],
    "variant": ["classic", "x", "killer", "", "no-such"],
}


def making_request(rng: random.Random, port: int) -> bytes:
    """A request to make a game: on a new puzzle's order (/game/new) or a puzzle's link
    (/game/new/<code>, a good code, an unsolvable or a made-up one), with odd form fields."""
    code = rng.choice([GAME_PUZZLE, "1" * 81, random_text(rng, 90), "0" * 16])
    target = "/game/new" if rng.random() < 0.5 else quote(f"/game/new/{code}", safe="/")
    fields = {name: rng.choice(values) for name, values in MAKING.items() if rng.random() < 0.6}
    if rng.random() < 0.2:
        fields[random_text(rng, 8)] = random_text(rng, 20)
    body = "&".join(f"{quote(k)}={quote(v)}" for k, v in fields.items()).encode()
    head = (
        f"POST {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


def game_request(rng: random.Random, port: int, games: list[FuzzGame]) -> bytes:
    """A request to a game's routes: a real game or a made-up one, the host's seat or a
    forged one, a move form or JSON good and bad, or far too much; or one that makes a game."""
    if rng.random() < 0.1:
        return making_request(rng, port)
    game = rng.choice(games)
    game_id = rng.choice(
        [game.id] * 6
        + [game.id[:-1], game.id + "A", "x" * rng.choice([25, 64, 65, 3000]), random_text(rng, 30)]
    )
    route = rng.choice(GAME_ROUTES)
    target = quote(f"/game/{game_id}{route}", safe="/?=")
    if route.endswith("step="):
        target += quote(rng.choice(["0", "1", "999999", "-1", random_text(rng, 12)]))
    if route.endswith("/join/"):
        target += quote(rng.choice(["", "0" * 24, random_text(rng, 40), "a" * 5000]))
    method = "GET" if route in ("", "/state.json", "/events", "/result") else "POST"
    if rng.random() < 0.1:
        method = rng.choice(METHODS)
    headers = [f"Host: 127.0.0.1:{port}"]
    seat = rng.random()
    if seat < 0.5:
        headers.append(f"Cookie: seat={game.token}")
    elif seat < 0.8:
        forged = rng.choice([game.token[:-1] + "A", "A" * 24, random_text(rng, 60), "x" * 5000])
        headers.append(f"Cookie: seat={quote(forged)}")
    body, content_type = game_body(rng) if method == "POST" else (b"", "")
    if method == "POST":
        headers += [f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
    headers.append("Connection: close")
    head = f"{method} {target} HTTP/1.1\r\n" + "".join(f"{h}\r\n" for h in headers) + "\r\n"
    return head.encode() + body


def game_body(rng: random.Random) -> tuple[bytes, str]:
    """A move as a form or as JSON, of any cell, symbol and seen number, or far too much."""
    seen = rng.choice(["0", "1", "2", "5", "-1", "999999", "", random_text(rng, 10)])
    cell = rng.choice([0, 2, 4, 80, 81, -1, 10**9])
    symbol = rng.choice(["1", "5", "9", "0", "A", "", "12", random_text(rng, 4)])
    kind = rng.random()
    if kind < 0.45:
        fields = {"action": rng.choice(ACTIONS), "seen": seen, f"cell-{cell}": symbol}
        for _ in range(rng.choice([0, 0, 1, 3, 200])):
            fields[f"cell-{rng.randint(-5, 100)}"] = random_text(rng, 2)
        for name in ("mode", "minutes", "increment"):
            if rng.random() < 0.3:
                fields[name] = random_text(rng, 6)
        encoded = "&".join(f"{quote(k)}={quote(v)}" for k, v in fields.items())
        return encoded.encode(), "application/x-www-form-urlencoded"
    if kind < 0.85:
        move = {
            "action": rng.choice(ACTIONS),
            "cell": rng.choice([cell, str(cell), None, [cell], 1.5]),
            "symbol": rng.choice([symbol, 5, None, {"a": 1}]),
            "seen": rng.choice([seen, 0, 3, None, 10**30, -1]),
        }
        if rng.random() < 0.2:
            del move[rng.choice(list(move))]
        return json.dumps(move).encode(), "application/json"
    if kind < 0.9:
        return (b"{" * rng.randint(1, 50_000)), "application/json"
    return b"a=" + b"1" * rng.choice([70_000, 200_000]), "application/x-www-form-urlencoded"


def make_games(port: int, count: int) -> list[FuzzGame]:
    """Make `count` games on GAME_PUZZLE through the front, each started by its host
    against nobody so that moves reach the rules: their ids and the hosts' tokens."""
    games = []
    for number in range(count):
        mode = "duel" if number % 2 == 0 else "race"
        body = f"mode={mode}&minutes=20".encode()
        head = (
            f"POST /game/new/{GAME_PUZZLE} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        answer = exchange(port, head.encode() + body)
        location = re.search(rb"\r\nLocation: [^\r]*/game/([A-Za-z0-9_-]+)\r\n", answer)
        cookie = re.search(rb"\r\nSet-Cookie: seat=([A-Za-z0-9_-]+);", answer)
        if location is None or cookie is None:
            raise RuntimeError(f"the stack made no game: {answer[:200]!r}")
        game = FuzzGame(location.group(1).decode(), cookie.group(1).decode())
        alone = (
            f"POST /game/{game.id}/alone HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Cookie: seat={game.token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
        exchange(port, alone.encode())
        games.append(game)
    return games


def exchange(port: int, data: bytes) -> bytes:
    """Send a whole request on a new connection; the whole answer (the server closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def garbage(rng: random.Random, port: int) -> bytes:
    """Not HTTP at all: random bytes, or a request line cut short."""
    if rng.random() < 0.5:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 2000)))
    return rng.choice([b"GET /", b"GET / HTTP/9.9\r\n\r\n", b"\r\n\r\n", b"GET / HTTP/1.1\r\n"])


def send(port: int, data: bytes, half_close: bool) -> int | None:
    """Send `data` on a new connection; the answer's status, or None if none came.

    `half_close` says "nothing more is coming", so that a request cut short is
    answered at once rather than after the server's header timeout. A whole
    request is not half-closed: nginx takes that as the client giving up.
    """
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as connection:
            try:
                connection.sendall(data)
                if half_close:
                    connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass  # the server may answer (413) and close before the whole body is sent
            answer = b""
            while b"\r\n" not in answer:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
    except OSError:
        return None
    parts = answer.split(b" ", 2)
    if len(parts) >= 2 and parts[0].startswith(b"HTTP/") and parts[1].isdigit():
        return int(parts[1])
    return None


def fuzz(
    port: int, requests: int, seed: int, game_share: float = 0.25, match_share: float = 0.0
) -> Tally:
    """Send `requests` fuzzed requests to 127.0.0.1:`port`, about `game_share` of them to
    the routes of a few games made first and `match_share` to the bots' protocol, over HTTP
    and the WebSocket, on a few matches opened first (fuzzmatches.py)."""
    rng = random.Random(seed)
    matcher = random.Random(seed + 1)  # a stream of its own: the games' requests stay as they were
    tally = Tally()
    games = make_games(port, 4) if game_share > 0 else []
    matches = fuzzmatches.make_matches(port, 2) if match_share > 0 else []
    makers: list[Callable[[random.Random, int], bytes]] = [http_request] * 19 + [garbage]
    for _ in range(requests):
        if matches and matcher.random() < match_share:
            if matcher.random() < 0.3:
                data = fuzzmatches.socket_request(matcher, port, matches)
                status = fuzzmatches.socket_exchange(port, data)
            else:
                data = fuzzmatches.http_request(matcher, port, matches)
                status = send(port, data, half_close=False)
        elif games and rng.random() < game_share:
            data = game_request(rng, port, games)
            status = send(port, data, half_close=False)
        else:
            make = rng.choice(makers)
            data = make(rng, port)
            status = send(port, data, half_close=make is garbage)
        if status is None:
            tally.unanswered += 1
            continue
        tally.statuses[status] += 1
        if status >= 500:
            tally.samples.setdefault(status, data[:300])
    return tally


def table(tally: Tally) -> str:
    """The run as a Markdown table: requests, 5xx, unanswered, and each status's count."""
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(tally.statuses.items()))
    return "\n".join(
        [
            "| requests | 5xx | closed without an answer | answers by status |",
            "|---:|---:|---:|---|",
            f"| {tally.sent} | {tally.server_errors} | {tally.unanswered} | {statuses} |",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    """Start the stack, fuzz it, print the table; exit 1 if any answer was a 5xx."""
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python deploy/fuzz.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with stack("--exempt", "127.0.0.1") as running:
        tally = fuzz(running.port, args.requests, args.seed, match_share=MATCH_SHARE)
    print(table(tally))
    for status, sample in tally.samples.items():
        print(f"first request answered {status}: {sample!r}", file=sys.stderr)
    return 1 if tally.server_errors else 0


if __name__ == "__main__":
    sys.exit(main())
