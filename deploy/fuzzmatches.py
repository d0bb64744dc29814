"""The bots' protocol in deploy/fuzz.py: hostile requests to the matches' routes, over HTTP and
over the relay's WebSocket, on a few matches the fuzzer opens first.

Over HTTP: hellos, answers and polls with real, cut, forged and over-long seat tokens (in the
Authorization header, or none), bodies of random bytes and JSON of every wrong shape, after=
numbers that are not numbers, settings a match cannot have, hosts' starts with forged tokens,
and the watch and result pages of real and made-up matches. Over the WebSocket: upgrades with
real and forged tokens and broken handshake headers, followed by frames of every kind (broken
JSON, binary, fragments, a length past the limit, a close) and then nothing. An upgraded
connection counts as a server error (500) when the relay closes it with 1011 (its own fault),
or does not close it within the fuzzer's timeout although the frames are done; else it counts
as its handshake's status. Polls that could wait are never sent (after= only -1 or junk), so
no request waits for a round.
"""

from __future__ import annotations

import base64
import json
import random
import socket
import struct
import urllib.request
from dataclasses import dataclass
from urllib.parse import quote

# A match the fuzzer opens: two 4x4 rounds of ten minutes, so it is still under way at the end.
SETTING = {"sizes": [4], "rounds": 2, "seconds": 600, "seats": 2, "seed": 39}
TIMEOUT = 15.0


@dataclass(frozen=True)
class FuzzMatch:
    """A match the fuzzer opened: its id, the host's token and the seats' tokens."""

    id: str
    host: str
    seats: tuple[str, ...]


def make_matches(port: int, count: int) -> list[FuzzMatch]:
    """Open `count` matches through the front; the first has both hellos said (started)."""
    made = []
    for number in range(count):
        opened = _post(port, "/api/matches", SETTING, "")
        match = FuzzMatch(
            opened["match"], opened["host"], tuple(seat["token"] for seat in opened["seats"])
        )
        if number == 0:
            for token in match.seats:
                _post(port, "/api/bot/hello", {"type": "hello", "protocol": 1}, token)
        made.append(match)
    return made


def _post(port: int, path: str, body: object, token: str) -> dict[str, object]:
    headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), headers
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        answered: dict[str, object] = json.load(response)
    return answered


def token_of(rng: random.Random, match: FuzzMatch) -> str:
    """A seat's token, the host's, or one cut, forged, made up or too long."""
    real = rng.choice(match.seats)
    return rng.choice(
        [
            real,
            real,
            match.host,
            real[:-1],
            real + "A",
            f"{match.id}.{'A' * 24}",
            "x" * rng.choice([1, 64, 65, 3000]),
            "",
            _text(rng, 40),
        ]
    )


def message(rng: random.Random) -> bytes:
    """One hostile message: random bytes, or JSON of a wrong shape (some right ones)."""
    if rng.random() < 0.25:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300)))
    shapes: list[object] = [
        {"type": "hello", "protocol": rng.choice([1, 2, "1", None, 1.0, True])},
        {"type": "hello", "protocol": 1, "after": rng.choice([-1, -2, 3, 2**70, "x", None])},
        {"type": rng.choice(["solution", "many", "no-solution", "", None, 7, "hello"])},
        {"type": "solution", "round": 1, "rows": [_text(rng, 6) for _ in range(4)]},
        {"type": "solution", "round": 1, "rows": [[1, 2, 3, 4]] * rng.randint(0, 6)},
        {"type": "many", "round": rng.choice([-1, 0, 1, 2, 3, 2**70, "1", None, [1], 1.5])},
        {"type": "no-solution", "round": 1, "pad": "x" * rng.choice([10, 9000, 40000])},
        [rng.randint(0, 9)] * rng.randint(0, 5),
        "text",
        None,
        {"a": {"b": {"c": []}}},
    ]
    return json.dumps(rng.choice(shapes)).encode()


def http_request(rng: random.Random, port: int, matches: list[FuzzMatch]) -> bytes:
    """A request to the matches' HTTP routes, as bytes."""
    match = rng.choice(matches)
    match_id = rng.choice([match.id] * 4 + [match.id[:-1], "x" * 65, _text(rng, 20)])
    route = rng.choice(
        [
            "/api/bot/hello",
            "/api/bot/answer",
            "/api/bot/answer",
            "/api/bot/messages",
            "/api/matches",
            f"/api/matches/{match_id}",
            f"/api/matches/{match_id}/start",
            f"/match/{match_id}",
            f"/match/{match_id}/result",
            f"/match/{match_id}/start",
        ]
    )
    method = rng.choice(["POST"] * 6 + ["GET", "GET", "PUT", "DELETE", "HEAD"])
    if route == "/api/bot/messages":
        method = "GET"  # after= only -1 or junk: never a poll that waits for a round
        route += "?after=" + quote(rng.choice(["-1", "x", "1" * 9, "-5", "", "%00", "1e3"]))
    headers = [f"Host: 127.0.0.1:{port}", "Connection: close"]
    token = token_of(rng, match)
    if token and rng.random() < 0.9:
        scheme = rng.choice(["Bearer", "Bearer", "bearer", "Basic", ""])
        headers.append(f"Authorization: {scheme} {token}")
    body = b""
    if method in ("POST", "PUT"):
        body = message(rng) if route != "/api/matches" else _bad_setting(rng)
        headers += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    head = f"{method} {quote(route, safe='/?=&%')} HTTP/1.1\r\n" + "\r\n".join(headers)
    return (head + "\r\n\r\n").encode() + body


def _bad_setting(rng: random.Random) -> bytes:
    """A setting the app refuses before the generator runs: a field out of its range."""
    field, value = rng.choice(
        [
            ("rounds", rng.choice([0, 13, -1, "5", None])),
            ("seats", rng.choice([1, 9, 2**70])),
            ("seconds", rng.choice([0, 601, 1.5])),
            ("sizes", rng.choice([[5], [25], "9", [9] * 30])),
            ("variants", rng.choice([["killer"], [""], 7])),
            ("house", rng.choice([-1, 600_001, "fast"])),
            ("no_solution_rounds", rng.choice([[0], [99], "1"])),
        ]
    )
    return json.dumps({**SETTING, field: value}).encode()


def socket_request(rng: random.Random, port: int, matches: list[FuzzMatch]) -> bytes:
    """An upgrade to /api/bot/socket (its headers sometimes broken), then hostile frames."""
    match = rng.choice(matches)
    key = base64.b64encode(rng.randbytes(16)).decode()
    headers = [
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {rng.choice([key] * 6 + ['', 'short'])}",
        f"Sec-WebSocket-Version: {rng.choice(['13'] * 6 + ['8', 'x'])}",
    ]
    token = token_of(rng, match)
    if token:
        headers.append(f"Authorization: Bearer {token}")
    head = "GET /api/bot/socket HTTP/1.1\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    frames = b"".join(_frame(rng) for _ in range(rng.randint(0, 4)))
    return head.encode() + frames


def _frame(rng: random.Random) -> bytes:
    """One client frame: text of a message, binary, a fragment, a close, or a length lie."""
    kind = rng.random()
    if kind < 0.6:
        return _masked(0x81, message(rng))
    if kind < 0.7:
        return _masked(0x82, rng.randbytes(rng.randint(0, 50)))
    if kind < 0.8:
        return _masked(0x01, message(rng))  # a first fragment, never finished
    if kind < 0.9:
        return _masked(0x88, struct.pack("!H", rng.choice([1000, 1002, 4000, 0])))
    return bytes([0x81, 0xFF]) + struct.pack("!Q", 2**62) + rng.randbytes(8)


def _masked(first: int, payload: bytes) -> bytes:
    """A client frame: its first byte, the length with the mask bit, the mask, the payload."""
    mask = b"\x01\x02\x03\x04"
    length = len(payload)
    if length < 126:
        sized = bytes([0x80 | length])
    elif length < 65536:
        sized = bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        sized = bytes([0x80 | 127]) + struct.pack("!Q", length)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([first]) + sized + mask + masked


def socket_exchange(port: int, data: bytes) -> int | None:
    """Send an upgrade and its frames; the handshake's status, or 500 when an upgraded
    connection was closed 1011 or not closed in time (None: no answer at all)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as connection:
            head, _, frames = data.partition(b"\r\n\r\n")
            connection.sendall(head + b"\r\n\r\n")
            answer = b""
            while b"\r\n\r\n" not in answer:  # the handshake's answer, before any frame
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
            try:
                connection.sendall(frames)
                # Nothing more is coming: the relay sees the bot go once the frames are read.
                connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass  # closed by the relay before the frames were all sent
            while True:
                try:
                    chunk = connection.recv(65536)
                except TimeoutError:
                    return 500 if answer.startswith(b"HTTP/1.1 101") else None
                if not chunk:
                    break
                answer += chunk
                if _close_code(answer) is not None:
                    break
    except OSError:
        return None
    parts = answer.split(b" ", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        return None
    status = int(parts[1])
    return 500 if status == 101 and _close_code(answer) == 1011 else status


def _close_code(answer: bytes) -> int | None:
    """The code of the first close frame in the answer after its head (None: none yet)."""
    _, found, frames = answer.partition(b"\r\n\r\n")
    if not found:
        return None
    at = 0
    while at + 2 <= len(frames):
        opcode, length = frames[at] & 0x0F, frames[at + 1] & 0x7F
        at += 2
        if length == 126:
            length, at = struct.unpack("!H", frames[at : at + 2])[0], at + 2
        elif length == 127:
            length, at = struct.unpack("!Q", frames[at : at + 8])[0], at + 8
        if opcode == 0x8 and at + length <= len(frames):
            return int(struct.unpack("!H", frames[at : at + 2])[0]) if length >= 2 else 1005
        at += length
    return None


def _text(rng: random.Random, most: int) -> str:
    return "".join(chr(rng.randint(33, 0x2FF)) for _ in range(rng.randint(0, most)))
