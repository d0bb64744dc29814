"""The bots' protocol over the relay's WebSocket face (webapp/live/sockets.py), served on a
loopback port by the relay's own face on the app's store: hello, puzzles, answers and
results; every fault an error message naming its problem, and those that end the connection
a close whose reason names it; the limits: message size, a message trickled (a slow-loris),
a hello never said, an idle bot, connections per address; a bot that connects again gets
what it missed. The relay's ceilings are set short here, as ceilings (no test sleeps)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import socket
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from test_match_api import SMALL
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Close, Frame, Opcode
from websockets.sync.client import ClientConnection, connect
from websockets.uri import parse_uri

from webapp.games.store import Games
from webapp.jobs import QUEUE_KEY
from webapp.live.hub import Hub, RelayLimits
from webapp.live.match_watch import ALL_HERE_POLL_SECONDS, MatchWatch
from webapp.live.sockets import BotSockets, SocketLimits
from webapp.live.sse import EventsFace
from webapp.matches import Matches, StoredMatch
from webapp.matches.protocol import messages_for
from webapp.web.match.bots import MATCHES_KEY

from free_ports import free_port

LIMITS = SocketLimits(per_address=3, hello_seconds=1.0, message_seconds=1.0, idle_seconds=6.0)
# A bot's idle ceiling where a test waits for it, past the hello's and a message's.
QUICK_IDLE_SECONDS = 1.5
HELLO = {"type": "hello", "protocol": 1}
# A wait for one message from the relay: a ceiling, never reached when all is well.
READ_SECONDS = 10


# The connections the tests open, each closed after its test.
OPENED = contextlib.ExitStack()


@contextlib.contextmanager
def relay(make_app: Any, limits: SocketLimits) -> Iterator[tuple[Flask, int]]:
    """The app, and the relay's faces on its store on a loopback port, on a loop of their own,
    its bots held to `limits`."""
    app: Flask = make_app(MATCH_POLL_SECONDS=0.0)
    store = app.extensions[QUEUE_KEY].board
    port = free_port()
    loop = asyncio.new_event_loop()
    servers: list[asyncio.Server] = []

    async def serve() -> None:
        hub = Hub(Games(store), RelayLimits(), 0.1)
        face = EventsFace(hub, BotSockets(Matches(store), limits, 0.05))
        servers.append(await face.serve("127.0.0.1", port))

    async def stop() -> None:
        servers[0].close()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(serve(), loop).result(timeout=10)
    yield app, port
    OPENED.close()
    asyncio.run_coroutine_threadsafe(stop(), loop).result(timeout=10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=10)
    loop.close()


@pytest.fixture
def relay_port(make_app: Any) -> Iterator[tuple[Flask, int]]:
    with relay(make_app, LIMITS) as served:
        yield served


@pytest.fixture
def quickly_idle_relay_port(make_app: Any) -> Iterator[tuple[Flask, int]]:
    """relay_port whose bots are idle after QUICK_IDLE_SECONDS: the idle ceiling's test waits
    it out, and the other tests need LIMITS' six seconds between their messages."""
    with relay(make_app, dataclasses.replace(LIMITS, idle_seconds=QUICK_IDLE_SECONDS)) as served:
        yield served


def opened(app: Flask, **changes: object) -> tuple[str, list[str]]:
    body = app.test_client().post("/api/matches", json=SMALL | changes).get_json()
    return body["match"], [seat["token"] for seat in body["seats"]]


def greeted(app: Flask) -> tuple[list[str], Matches, StoredMatch]:
    """A match opened, every seat's hello said over HTTP (not on the relay): its seats'
    tokens, the app's matches, and the match as they left it."""
    match_id, tokens = opened(app)
    client = app.test_client()
    for token in tokens:
        client.post("/api/bot/hello", json=HELLO, headers={"Authorization": f"Bearer {token}"})
    matches: Matches = app.extensions[MATCHES_KEY]
    kept = matches.load(match_id)
    assert kept is not None
    return tokens, matches, kept


def bot(port: int, token: str, address: str = "") -> ClientConnection:
    """A WebSocket to the relay with the seat's token (from `address` as nginx would say)."""
    headers = {"Authorization": f"Bearer {token}"}
    if address:
        headers["X-Forwarded-For"] = address
    connection = connect(
        f"ws://127.0.0.1:{port}/api/bot/socket",
        additional_headers=headers,
        proxy=None,
        open_timeout=READ_SECONDS,
    )
    return OPENED.enter_context(connection)


def said(connection: ClientConnection, message: object) -> Any:
    """Send `message` (JSON, or bytes as they are) and read the next message."""
    raw = message if isinstance(message, bytes | str) else json.dumps(message)
    connection.send(raw)
    return heard(connection)


def heard(connection: ClientConnection) -> Any:
    return json.loads(connection.recv(timeout=READ_SECONDS))


def closed_with(connection: ClientConnection) -> tuple[int | None, str | None]:
    """The close the relay ended the connection with, once it has (messages before it read)."""
    try:
        for _ in range(100):
            connection.recv(timeout=READ_SECONDS)
    except ConnectionClosed as closed:
        if closed.rcvd is not None:
            return closed.rcvd.code, closed.rcvd.reason
    return None, None


def both_joined(port: int, tokens: list[str]) -> list[ClientConnection]:
    bots = [bot(port, token) for token in tokens]
    for connection in bots:
        said(connection, HELLO)
    return bots


def solution_rows(app: Flask, match_id: str, number: int) -> list[str]:
    kept = app.extensions[MATCHES_KEY].load(match_id)
    solution = kept.match.rounds[number - 1].solution
    symbols, n = solution.shape.symbols, solution.size
    return ["".join(symbols[v - 1] for v in solution.cells[r * n : (r + 1) * n]) for r in range(n)]


def test_the_hello_answers_the_protocol_version_and_the_seat(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    with bot(port, tokens[1]) as connection:
        hello = said(connection, HELLO)
    assert (hello["seq"], hello["type"], hello["protocol"], hello["seat"]) == (0, "hello", 1, 2)


def test_every_seat_is_sent_the_first_puzzle_when_the_last_says_hello(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    bots = both_joined(port, tokens)
    puzzles = [heard(connection) for connection in bots]
    assert [(p["seq"], p["type"], p["round"]) for p in puzzles] == [(1, "puzzle", 1)] * 2


def test_a_right_answer_is_received_with_the_server_s_time(relay_port):
    app, port = relay_port
    match_id, tokens = opened(app)
    first, _ = both_joined(port, tokens)
    heard(first)
    answer = {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)}
    received = said(first, answer)
    assert (received["type"], received["round"], received["ms"] >= 0) == ("received", 1, True)


def test_the_round_s_result_names_the_winner(relay_port):
    app, port = relay_port
    match_id, tokens = opened(app)
    first, second = both_joined(port, tokens)
    heard(second)
    answer = {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)}
    said(second, answer)
    result = heard(second)
    assert (result["type"], result["round"], result["winner"]) == ("result", 1, 2)


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        (b"{oops", "malformed-json"),
        ([1, 2], "not-an-object"),
        ({"type": "guess", "round": 1}, "unknown-type"),
        ({"type": "many", "round": 9}, "bad-round"),
        ({"type": "solution", "round": 1, "rows": ["1234"]}, "bad-grid"),
        ({"type": "many", "round": 1, "pad": "x" * 9000}, "oversized"),
    ],
)
def test_a_bad_message_is_answered_with_its_problem_named(relay_port, message, problem):
    app, port = relay_port
    _, tokens = opened(app)
    first, _ = both_joined(port, tokens)
    heard(first)
    assert said(first, message)["problem"] == problem


def test_a_bad_message_leaves_the_connection_open(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    first, _ = both_joined(port, tokens)
    heard(first)
    said(first, b"{oops")
    assert said(first, {"type": "many", "round": 1})["type"] == "received"


def test_an_answer_to_an_old_round_is_refused(relay_port):
    app, port = relay_port
    match_id, tokens = opened(app)
    first, second = both_joined(port, tokens)
    heard(first)
    said(first, {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)})
    heard(second)
    heard(second)  # the result
    assert said(second, {"type": "many", "round": 1})["problem"] == "old-round"


def test_a_hello_in_another_version_is_closed_naming_it(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    with bot(port, tokens[0]) as connection:
        said(connection, {"type": "hello", "protocol": 2})
        assert closed_with(connection) == (4400, "wrong-version")


def test_a_forged_seat_is_told_and_closed(relay_port):
    app, port = relay_port
    match_id, _ = opened(app)
    with bot(port, f"{match_id}.forgedforgedforgedforged") as connection:
        assert closed_with(connection) == (4403, "not-a-seat")


def test_a_second_connection_with_a_seat_s_token_is_refused(relay_port):
    app, port = relay_port
    _, tokens = opened(app, seats=3)
    with bot(port, tokens[0]) as first, bot(port, tokens[0]) as second:
        said(first, HELLO)
        said(second, HELLO)
        assert closed_with(second) == (4409, "seat-taken")


def test_a_message_past_the_frame_limit_is_closed_as_too_big(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    first, _ = both_joined(port, tokens)
    heard(first)
    first.send(json.dumps({"type": "many", "round": 1, "pad": "x" * 40_000}))
    assert closed_with(first)[0] == 1009


def test_a_hello_never_said_is_closed_as_slow(relay_port):
    app, port = relay_port
    _, tokens = opened(app)
    with bot(port, tokens[0]) as connection:
        assert closed_with(connection) == (4408, "slow")


def test_a_bot_silent_past_the_idle_ceiling_is_closed_as_idle(quickly_idle_relay_port):
    app, port = quickly_idle_relay_port
    _, tokens = opened(app, seats=3)
    with bot(port, tokens[0]) as connection:
        said(connection, HELLO)
        assert closed_with(connection) == (4408, "idle")


def raw_close(port: int, token: str, sent_of_frame: int) -> tuple[int | None, str | None]:
    """A slow-loris: upgrade, say hello, then send only the first `sent_of_frame` bytes of a
    message and nothing more; the close the relay ends it with."""
    protocol = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/api/bot/socket"))
    request = protocol.connect()
    request.headers["Authorization"] = f"Bearer {token}"
    protocol.send_request(request)
    with socket.create_connection(("127.0.0.1", port), timeout=READ_SECONDS) as connection:
        connection.sendall(b"".join(protocol.data_to_send()))
        while not protocol.events_received():  # the 101
            protocol.receive_data(connection.recv(65536))
        protocol.send_text(json.dumps(HELLO).encode())
        protocol.send_text(json.dumps({"type": "many", "round": 1}).encode())
        hello, answer = protocol.data_to_send()
        connection.sendall(hello + answer[:sent_of_frame])
        for _ in range(100):
            data = connection.recv(65536)
            if not data:
                break
            protocol.receive_data(data)
            for event in protocol.events_received():
                if isinstance(event, Frame) and event.opcode == Opcode.CLOSE:
                    close = Close.parse(event.data)
                    return close.code, close.reason
    return None, None


def test_a_message_trickled_is_closed_as_slow(relay_port):
    app, port = relay_port
    _, tokens = opened(app, seats=3)
    assert raw_close(port, tokens[0], 3) == (4408, "slow")


def test_connections_past_the_address_s_limit_are_refused(relay_port):
    app, port = relay_port
    _, tokens = opened(app, seats=5)
    held = [bot(port, token, "192.0.2.7") for token in tokens[:3]]
    with pytest.raises(InvalidStatus) as refused:
        bot(port, tokens[3], "192.0.2.7")
    for connection in held:
        connection.close()
    assert refused.value.response.status_code == 429


def test_a_bot_that_connects_again_gets_what_it_missed(relay_port):
    app, port = relay_port
    match_id, tokens = opened(app)
    first, second = both_joined(port, tokens)
    heard(first)
    first.close()
    said(second, {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)})
    with bot(port, tokens[0]) as again:
        again.send(json.dumps(HELLO | {"after": 1}))
        missed = [heard(again), heard(again)]
    assert [(m["seq"], m["type"], m["round"]) for m in missed] == [
        (2, "result", 1),
        (3, "puzzle", 2),
    ]


def test_a_match_whose_seats_are_all_here_is_read_less_often(make_app: Any) -> None:
    # Nobody else takes their answers: those taken here poke the watch, and the 0.1 s reads
    # for other servers' answers cost the relay most of its time per round in the load.
    _, matches, kept = greeted(make_app())
    watch = MatchWatch(matches, kept, 0.05)
    watch.seats_here.update({1, 2})
    assert watch._wait_seconds() == ALL_HERE_POLL_SECONDS


def first_event(port: int, path: str) -> tuple[int, Any]:
    """The status of GET `path` on the relay, and its first event's data (None if none)."""
    with socket.create_connection(("127.0.0.1", port), timeout=READ_SECONDS) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: relay\r\n\r\n".encode())
        stream = connection.makefile("rb")
        status = int(stream.readline().split()[1])
        for _ in range(100):
            line = stream.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                return status, json.loads(line[6:])
    return status, None


def test_a_watcher_hears_the_match_from_the_relay(relay_port):
    app, port = relay_port
    match_id, _ = opened(app)
    assert first_event(port, f"/match/{match_id}/events")[1]["phase"] == "waiting"


def test_a_watcher_of_no_match_is_told_there_is_none(relay_port):
    _, port = relay_port
    assert first_event(port, "/match/nosuchmatch/events")[0] == 404


def test_a_watcher_hears_which_rounds_are_over(relay_port):
    app, port = relay_port
    match_id, tokens = opened(app)
    first, _ = both_joined(port, tokens)
    heard(first)
    said(first, {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)})
    # "received" comes at once; the round is over once its result is stored and sent
    next(message for message in (heard(first) for _ in range(10)) if message["type"] == "result")
    assert first_event(port, f"/match/{match_id}/events")[1]["over"] == [1]


def test_the_watch_sends_each_seat_the_messages_the_protocol_makes(make_app: Any) -> None:
    # Made once for all seats (a round's puzzle, a settled round's result), they are the same.
    app: Flask = make_app()
    tokens, matches, kept = greeted(app)
    rows = solution_rows(app, kept.id, 1)
    answer = {"type": "solution", "round": 1, "rows": rows}
    headers = {"Authorization": f"Bearer {tokens[0]}"}
    app.test_client().post("/api/bot/answer", json=answer, headers=headers)
    kept = matches.refreshed(kept)
    watch = MatchWatch(matches, kept, 0.05)
    watch.version = 1
    seen = [watch.messages(seat) for seat in (1, 2)]
    assert seen == [messages_for(kept.id, kept.match, kept.state, seat) for seat in (1, 2)]


def test_a_read_of_the_match_older_than_one_the_watch_took_is_not_taken(make_app: Any) -> None:
    # An answer's hand-off reads the match after judging it, beside the watch's own reads:
    # one that comes back late must not take the watch back to before the answer.
    app: Flask = make_app()
    tokens, matches, kept = greeted(app)
    watch = MatchWatch(matches, kept, 0.05)
    before = watch.read_in_thread()
    answer = {"type": "solution", "round": 1, "rows": solution_rows(app, kept.id, 1)}
    headers = {"Authorization": f"Bearer {tokens[0]}"}
    app.test_client().post("/api/bot/answer", json=answer, headers=headers)
    after = watch.read_in_thread()
    watch.adopt(*after)
    watch.adopt(*before)
    assert watch.kept.state.rounds[0].winner == 1


def test_a_seat_that_floods_its_socket_is_closed_as_too_many(relay_port):
    _, first, _ = playing(*relay_port)
    # Sixteen messages sent at once span two seconds at most: one of them holds more than five.
    for _ in range(16):
        first.send(json.dumps({"type": "many", "round": 1}))
    assert closed_with(first) == (4429, "too-many")


def test_a_seat_s_messages_on_its_socket_are_counted_by_the_relay_not_in_the_store(relay_port):
    app, _ = relay_port
    match_id, first, _ = playing(*relay_port)
    said(first, {"type": "many", "round": 1})
    assert counts_kept(app, match_id) == 0


def test_an_answer_to_a_round_just_won_is_not_counted_as_refused(relay_port):
    app, _ = relay_port
    match_id, first, second = playing(*relay_port)
    said(first, {"type": "solution", "round": 1, "rows": solution_rows(app, match_id, 1)})
    heard(second)
    heard(second)  # the result
    # Messages are taken in turn: the second's answer comes after the first was counted.
    said(second, {"type": "many", "round": 1})
    said(second, {"type": "many", "round": 1})
    assert counts_kept(app, match_id) == 0


def counts_kept(app: Flask, match_id: str) -> int:
    """How many places of the match's counts the store holds."""
    store = app.extensions[QUEUE_KEY].board
    with sqlite3.connect(store.path) as db:
        (counted,) = db.execute(
            "SELECT count(*) FROM store_values WHERE key LIKE ?", (f"match:{match_id}:count:%",)
        ).fetchone()
    return int(counted)


def playing(app: Flask, port: int) -> tuple[str, ClientConnection, ClientConnection]:
    """A match both bots joined, round 1's puzzle heard by the first: its id and the bots."""
    match_id, tokens = opened(app)
    first, second = both_joined(port, tokens)
    heard(first)
    return match_id, first, second
