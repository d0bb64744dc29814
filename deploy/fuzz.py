"""Fuzz the production stack: thousands of odd requests, and not one 5xx.

    .venv/bin/python deploy/fuzz.py [--requests 5000] [--seed 1]

It starts deploy/stack on a free loopback port and sends, one at a time on
fresh connections, requests made from a seeded random mix: random bytes and
unicode in paths and query strings, share codes of every length and alphabet,
JSON and form bodies good and bad, oversized paths, headers and bodies, odd
methods, odd or missing Host headers, and raw garbage instead of HTTP. It
prints a Markdown table of the answers by status, with the count of 5xx
(which must be 0) and of connections closed without an answer. Nothing but
127.0.0.1 is contacted; the fuzzer's address is exempt from the per-client
limits, so that its requests reach the app.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

from stackrun import stack

TIMEOUT = 15.0
SYMBOLS = "0.123456789ABCDEFGHIJKLMNOPabcpx "
METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "PROPFIND"]
ROUTES = ["/", "/solve/", "/api/solve/", "/api/solve", "/healthz", "/static/", "/?puzzle="]


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


def fuzz(port: int, requests: int, seed: int) -> Tally:
    """Send `requests` fuzzed requests to 127.0.0.1:`port`."""
    rng = random.Random(seed)
    tally = Tally()
    makers: list[Callable[[random.Random, int], bytes]] = [http_request] * 19 + [garbage]
    for _ in range(requests):
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
        tally = fuzz(running.port, args.requests, args.seed)
    print(table(tally))
    for status, sample in tally.samples.items():
        print(f"first request answered {status}: {sample!r}", file=sys.stderr)
    return 1 if tally.server_errors else 0


if __name__ == "__main__":
    sys.exit(main())
