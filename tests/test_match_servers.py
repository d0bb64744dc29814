"""A match across app servers sharing the job store (SQLite, and a real Redis): seats said
hello on different servers play one match; a server replaced mid-match (a restart) goes on
from the round the match was at, and a bot asking again gets exactly what it missed; of
right answers raced through two servers on Redis, one wins the round."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from flask import Flask
from test_match_api import SMALL, bearer, solution_rows

from webapp.web.match.bots import MATCHES_KEY

from clocks import FakeClock
from redis_server import RedisServer


def on_clock(app: Flask, clock: FakeClock) -> Flask:
    """`app`, its matches telling the time by `clock`."""
    app.extensions[MATCHES_KEY].clock = lambda: int(clock() * 1000)
    return app


def apps_sharing(make_app: Any, store: str, clock: FakeClock, count: int = 2) -> list[Flask]:
    """`count` apps (servers) sharing the job store `store`, their polls giving up at once."""
    return [
        on_clock(make_app(JOB_STORE=store, MATCH_POLL_SECONDS=0.0), clock) for _ in range(count)
    ]


def opened_on(app: Flask, **changes: object) -> tuple[str, list[str]]:
    response = app.test_client().post("/api/matches", json=SMALL | changes)
    body = response.get_json()
    return body["match"], [seat["token"] for seat in body["seats"]]


def say_hello(app: Flask, token: str) -> int:
    body = {"type": "hello", "protocol": 1}
    return app.test_client().post("/api/bot/hello", json=body, headers=bearer(token)).status_code


def messages_from(app: Flask, token: str, after: int = -1) -> list[Any]:
    path = f"/api/bot/messages?after={after}"
    found: list[Any] = app.test_client().get(path, headers=bearer(token)).get_json()["messages"]
    return found


def answer_on(app: Flask, match_id: str, token: str) -> int:
    rows = solution_rows(app.test_client(), match_id, 1)
    body = {"type": "solution", "round": 1, "rows": rows}
    return app.test_client().post("/api/bot/answer", json=body, headers=bearer(token)).status_code


def test_seats_on_two_servers_play_one_match(make_app: Any, tmp_path: Path) -> None:
    clock = FakeClock()
    first, second = apps_sharing(make_app, f"sqlite:///{tmp_path}/jobs.sqlite3", clock)
    match_id, tokens = opened_on(first)
    say_hello(first, tokens[0])
    say_hello(second, tokens[1])
    clock.advance(0.3)
    answer_on(second, match_id, tokens[1])
    assert messages_from(first, tokens[0])[2]["winner"] == 2


def test_a_restarted_server_goes_on_from_the_round_the_match_was_at(
    make_app: Any, tmp_path: Path
) -> None:
    clock = FakeClock()
    store = f"sqlite:///{tmp_path}/jobs.sqlite3"
    (before,) = apps_sharing(make_app, store, clock, count=1)
    match_id, tokens = opened_on(before)
    for token in tokens:
        say_hello(before, token)
    answer_on(before, match_id, tokens[0])
    clock.advance(0.5)
    del before  # the server stops; another starts on the same store
    (after,) = apps_sharing(make_app, store, clock, count=1)
    missed = messages_from(after, tokens[1], after=1)
    assert [(m["seq"], m["type"], m["round"]) for m in missed] == [
        (2, "result", 1),
        (3, "puzzle", 2),
    ]


def test_a_second_hello_on_another_server_is_refused(make_app: Any, tmp_path: Path) -> None:
    clock = FakeClock()
    first, second = apps_sharing(make_app, f"sqlite:///{tmp_path}/jobs.sqlite3", clock)
    _, tokens = opened_on(first, seats=3)
    say_hello(first, tokens[0])
    assert say_hello(second, tokens[0]) == 409


def test_on_redis_right_answers_raced_through_two_servers_win_the_round_once(
    make_app: Any, redis_server: RedisServer
) -> None:
    clock = FakeClock()
    apps = apps_sharing(make_app, redis_server.url, clock)
    match_id, tokens = opened_on(apps[0], seats=8)
    for index, token in enumerate(tokens):
        say_hello(apps[index % 2], token)
    gate = threading.Barrier(len(tokens))

    def send(index: int) -> None:
        gate.wait(timeout=30)
        answer_on(apps[index % 2], match_id, tokens[index])

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(tokens))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    clock.advance(0.1)
    result = messages_from(apps[1], tokens[0])[2]
    assert [a["verdict"] for a in result["answers"]].count("won") == 1
