"""The matches' API and the bots' protocol over HTTP (webapp/web/match/): opening a match,
hello, messages, answers, every fault a named error with a 4xx, the limits per address
and per seat, and the watch and result pages; the matches' clock is one the test moves."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp.jobs import QUEUE_KEY
from webapp.matches.house_player import HousePlayer
from webapp.serving.requestlog import LOGGER_NAME, JsonLineFormatter
from webapp.web.match.bots import MATCHES_KEY

from clocks import FakeClock

SMALL = {"sizes": [4], "rounds": 2, "seconds": 10, "seats": 2, "seed": 11}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def match_app(make_app: Any, clock: FakeClock) -> Flask:
    """An app whose matches tell the time by `clock`, and whose polls give up at once."""
    app: Flask = make_app(MATCH_POLL_SECONDS=0.0)
    app.extensions[MATCHES_KEY].clock = lambda: int(clock() * 1000)
    return app


@pytest.fixture
def client(match_app: Flask) -> FlaskClient:
    return match_app.test_client()


def opened(client: FlaskClient, **changes: object) -> dict[str, Any]:
    """A match of SMALL with `changes`, opened: its answer."""
    response = client.post("/api/matches", json=SMALL | changes)
    assert response.status_code == 201, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def hello(client: FlaskClient, match_id: str, token: str, version: object = 1) -> Any:
    body = {"type": "hello", "protocol": version}
    return client.post("/api/bot/hello", json=body, headers=bearer(token))


def started(client: FlaskClient, **changes: object) -> tuple[str, list[str]]:
    """A match with every bot seat's hello said (so started): its id and the seats' tokens."""
    body = opened(client, **changes)
    tokens = [seat["token"] for seat in body["seats"]]
    for token in tokens:
        assert hello(client, body["match"], token).status_code == 200
    return body["match"], tokens


def messages(client: FlaskClient, match_id: str, token: str, after: int = -1) -> list[Any]:
    response = client.get(f"/api/bot/messages?after={after}", headers=bearer(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    found: list[Any] = response.get_json()["messages"]
    return found


def send(client: FlaskClient, match_id: str, token: str, body: object) -> Any:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(
        "/api/bot/answer",
        data=data,
        headers=bearer(token) | {"Content-Type": "application/json"},
    )


def solution_rows(client: FlaskClient, match_id: str, number: int) -> list[str]:
    """Round `number`'s solution, from the engine's own record of the match."""
    app: Any = client.application
    kept = app.extensions[MATCHES_KEY].load(match_id)
    solution = kept.match.rounds[number - 1].solution
    symbols, n = solution.shape.symbols, solution.size
    return ["".join(symbols[v - 1] for v in solution.cells[r * n : (r + 1) * n]) for r in range(n)]


def test_opening_a_match_answers_a_token_for_each_bot_seat(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    assert [seat["seat"] for seat in body["seats"]] == [1, 2, 3]


def test_the_seats_tokens_are_all_different(client: FlaskClient) -> None:
    body = opened(client, seats=8)
    assert len({seat["token"] for seat in body["seats"]} | {body["host"]}) == 9


def test_a_seed_the_server_draws_is_not_told_to_the_host(client: FlaskClient) -> None:
    body = client.post("/api/matches", json={"sizes": [4], "rounds": 1}).get_json()
    assert "seed" not in body["setting"]


def test_a_house_match_has_the_house_in_the_last_seat(client: FlaskClient) -> None:
    body = opened(client, seats=2, house=100)
    assert (body["house"], len(body["seats"])) == (2, 1)


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"seats": 9}, "seats must be from 2 to 8"),
        ({"rounds": "five"}, '"rounds" must be a whole number'),
        ({"sizes": [7]}, "sizes must be some of"),
        ({"house": "yes"}, '"house" must be null'),
        ({"variants": ["killer"]}, "variants must be some of"),
        ({"no_solution_rounds": [3]}, "rounds with no or several solutions"),
    ],
)
def test_a_match_that_cannot_be_is_refused_naming_the_field(
    client: FlaskClient, changes: dict[str, object], named: str
) -> None:
    response = client.post("/api/matches", json=SMALL | changes)
    assert (response.status_code, named in response.get_json()["error"]) == (400, True)


def test_a_body_that_is_no_object_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/matches", data="[", content_type="application/json")
    assert response.status_code == 400


def test_an_address_past_its_limit_cannot_open_another_match(make_app: Any) -> None:
    app = make_app(CLIENT_LIMITS_EXEMPT=(), MATCHES_PER_ADDRESS=1)
    client = app.test_client()
    client.post("/api/matches", json=SMALL)
    assert client.post("/api/matches", json=SMALL).status_code == 429


def test_the_hello_answers_the_protocol_version_and_the_seat(client: FlaskClient) -> None:
    body = opened(client)
    answer = hello(client, body["match"], body["seats"][1]["token"]).get_json()
    assert (answer["type"], answer["protocol"], answer["seat"]) == ("hello", 1, 2)


@pytest.mark.parametrize(
    ("token", "version", "status", "problem"),
    [
        ("forged-token-of-no-seat", 1, 403, "not-a-seat"),
        ("", 1, 403, "not-a-seat"),
        (None, 2, 400, "wrong-version"),
        (None, "1", 400, "wrong-version"),
    ],
)
def test_a_bad_hello_is_refused_with_its_problem_named(
    client: FlaskClient, token: str | None, version: object, status: int, problem: str
) -> None:
    body = opened(client)
    used = body["seats"][0]["token"] if token is None else token
    response = hello(client, body["match"], used, version)
    assert (response.status_code, response.get_json()["problem"]) == (status, problem)


def test_a_second_hello_with_a_used_token_is_refused(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    hello(client, body["match"], body["seats"][0]["token"])
    response = hello(client, body["match"], body["seats"][0]["token"])
    assert (response.status_code, response.get_json()["problem"]) == (409, "seat-taken")


def test_the_host_token_is_no_seat(client: FlaskClient) -> None:
    body = opened(client)
    response = hello(client, body["match"], body["host"])
    assert response.get_json()["problem"] == "not-a-seat"


def test_every_seat_gets_the_first_puzzle_when_the_last_says_hello(client: FlaskClient) -> None:
    match_id, tokens = started(client)
    types = [[m["type"] for m in messages(client, match_id, token)] for token in tokens]
    assert types == [["hello", "puzzle"], ["hello", "puzzle"]]


def test_a_puzzle_message_carries_rows_and_units(client: FlaskClient) -> None:
    match_id, tokens = started(client)
    puzzle = messages(client, match_id, tokens[0])[1]
    assert (puzzle["round"], len(puzzle["rows"]), len(puzzle["units"])) == (1, 4, 12)


def test_messages_after_a_number_are_only_the_later_ones(client: FlaskClient) -> None:
    match_id, tokens = started(client)
    assert [m["seq"] for m in messages(client, match_id, tokens[0], after=0)] == [1]


@pytest.mark.parametrize("after", ["-5", "x", "1234567"])
def test_a_poll_after_no_message_number_is_refused(client: FlaskClient, after: str) -> None:
    match_id, tokens = started(client)
    response = client.get(f"/api/bot/messages?after={after}", headers=bearer(tokens[0]))
    assert (response.status_code, response.get_json()["problem"]) == (400, "bad-round")


def test_a_right_answer_is_received_with_the_servers_time(
    client: FlaskClient, clock: FakeClock
) -> None:
    match_id, tokens = started(client)
    clock.advance(0.125)
    body = {"type": "solution", "round": 1, "rows": solution_rows(client, match_id, 1)}
    response = send(client, match_id, tokens[0], body)
    assert (response.status_code, response.get_json()["ms"]) == (202, 125)


def test_the_result_names_the_winner_and_each_answer(client: FlaskClient, clock: FakeClock) -> None:
    match_id, tokens = started(client)
    send(client, match_id, tokens[1], {"type": "many", "round": 1})
    clock.advance(0.2)
    body = {"type": "solution", "round": 1, "rows": solution_rows(client, match_id, 1)}
    send(client, match_id, tokens[0], body)
    result = messages(client, match_id, tokens[1])[2]
    verdicts = [(a["seat"], a["verdict"], a["ms"]) for a in result["answers"]]
    assert (result["winner"], verdicts) == (1, [(2, "wrong", 0), (1, "won", 200)])


@pytest.mark.parametrize(
    ("body", "status", "problem"),
    [
        (b"{not json", 400, "malformed-json"),
        (b"[]", 400, "not-an-object"),
        ({"type": "give-up", "round": 1}, 400, "unknown-type"),
        ({"type": "hello", "protocol": 1}, 400, "unknown-type"),
        ({"type": "many", "round": 2}, 409, "no-round"),
        ({"type": "many", "round": 99}, 400, "bad-round"),
        ({"type": "solution", "round": 1, "rows": ["12"]}, 400, "bad-grid"),
        (b'{"type": "many", "round": 1, "pad": "' + b"x" * 9000 + b'"}', 413, "oversized"),
    ],
)
def test_a_bad_message_is_refused_with_its_problem_named(
    client: FlaskClient, body: object, status: int, problem: str
) -> None:
    match_id, tokens = started(client)
    response = send(client, match_id, tokens[0], body)
    assert (response.status_code, response.get_json()["problem"]) == (status, problem)


def test_an_answer_to_an_old_round_is_refused(client: FlaskClient, clock: FakeClock) -> None:
    match_id, tokens = started(client)
    clock.advance(10.5)  # round 1 over at 10 s, round 2 under way since 10.3 s
    response = send(client, match_id, tokens[0], {"type": "many", "round": 1})
    assert (response.status_code, response.get_json()["problem"]) == (409, "old-round")


def test_an_answer_with_a_forged_seat_is_refused(client: FlaskClient) -> None:
    match_id, _ = started(client)
    response = send(client, match_id, "a" * 24, {"type": "many", "round": 1})
    assert (response.status_code, response.get_json()["problem"]) == (403, "not-a-seat")


def test_an_answer_before_the_hello_is_refused(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    hello(client, body["match"], body["seats"][0]["token"])
    response = send(client, body["match"], body["seats"][1]["token"], {"type": "many", "round": 1})
    assert response.get_json()["problem"] == "not-joined"


def test_a_seat_that_floods_is_disconnected(make_app: Any, clock: FakeClock) -> None:
    app = make_app(MATCH_POLL_SECONDS=0.0, MATCH_MESSAGES_PER_SECOND=2)
    app.extensions[MATCHES_KEY].clock = lambda: int(clock() * 1000)
    client = app.test_client()
    match_id, tokens = started(client)
    for _ in range(3):
        send(client, match_id, tokens[0], {"type": "many", "round": 2})
    clock.advance(5)
    response = send(client, match_id, tokens[0], {"type": "many", "round": 1})
    assert (response.status_code, response.get_json()["problem"]) == (403, "disconnected")


def test_a_seat_that_sends_garbage_is_disconnected(make_app: Any, clock: FakeClock) -> None:
    app = make_app(MATCH_POLL_SECONDS=0.0, MATCH_BAD_MESSAGES=3)
    app.extensions[MATCHES_KEY].clock = lambda: int(clock() * 1000)
    client = app.test_client()
    match_id, tokens = started(client)
    for _ in range(4):
        clock.advance(1)
        send(client, match_id, tokens[0], b"garbage")
    response = messages_response = client.get("/api/bot/messages", headers=bearer(tokens[0]))
    assert (messages_response.status_code, response.get_json()["problem"]) == (403, "disconnected")


def test_the_host_starts_a_match_with_the_seats_taken(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    hello(client, body["match"], body["seats"][0]["token"])
    response = client.post(f"/api/matches/{body['match']}/start", headers=bearer(body["host"]))
    assert response.get_json()["phase"] == "playing"


def test_a_bot_cannot_start_the_match(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    token = body["seats"][0]["token"]
    response = client.post(f"/api/matches/{body['match']}/start", headers=bearer(token))
    assert (response.status_code, response.get_json()["problem"]) == (403, "not-a-seat")


def test_a_bot_beats_a_slower_house(client: FlaskClient, clock: FakeClock) -> None:
    match_id, tokens = started(client, seats=2, house=300)
    clock.advance(0.1)
    body = {"type": "solution", "round": 1, "rows": solution_rows(client, match_id, 1)}
    send(client, match_id, tokens[0], body)
    assert messages(client, match_id, tokens[0])[2]["winner"] == 1


def test_the_house_wins_when_the_bot_is_slower(
    match_app: Flask, client: FlaskClient, clock: FakeClock
) -> None:
    match_id, tokens = started(client, seats=2, house=300)
    HousePlayer(match_app.extensions[QUEUE_KEY].board, lambda: int(clock() * 1000)).play_once()
    clock.advance(0.4)
    assert messages(client, match_id, tokens[0])[2]["winner"] == 2


def test_watchers_see_who_answered_but_not_what_during_a_round(client: FlaskClient) -> None:
    match_id, tokens = started(client)
    send(client, match_id, tokens[1], {"type": "many", "round": 1})
    answers = client.get(f"/api/matches/{match_id}").get_json()["rounds"][0]["answers"]
    assert answers == [{"seat": 2, "type": None, "verdict": "answered", "ms": None, "rows": None}]


def test_the_watch_page_reloads_itself_while_the_match_is_on(client: FlaskClient) -> None:
    match_id, _ = started(client)
    assert '<meta http-equiv="refresh" content="2">' in client.get(f"/match/{match_id}").text


def test_the_result_page_shows_each_answer_and_time(client: FlaskClient, clock: FakeClock) -> None:
    match_id, tokens = started(client, rounds=1)
    clock.advance(0.2)
    rows = solution_rows(client, match_id, 1)
    send(client, match_id, tokens[0], {"type": "solution", "round": 1, "rows": rows})
    page = client.get(f"/match/{match_id}/result").text
    expected = "<td>won</td><td>200</td>"
    assert expected in page


def test_an_unknown_match_is_404(client: FlaskClient) -> None:
    assert client.get("/api/matches/nosuchmatch").status_code == 404


class Lines(logging.Handler):
    """Every request log line, formatted as the server writes it."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.setFormatter(JsonLineFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def log_lines() -> Iterator[list[str]]:
    """The request log's lines while the test runs."""
    handler = Lines()
    logger = logging.getLogger(LOGGER_NAME)
    logger.addHandler(handler)
    yield handler.lines
    logger.removeHandler(handler)


def test_the_log_says_a_seat_and_its_verdict(client: FlaskClient, log_lines: list[str]) -> None:
    match_id, tokens = started(client)
    send(client, match_id, tokens[1], {"type": "many", "round": 1})
    assert '"seat": 2, "verdict": "received"' in log_lines[-1]


def test_no_log_line_holds_a_token_or_what_a_bot_sent(
    client: FlaskClient, log_lines: list[str]
) -> None:
    match_id, tokens = started(client)
    rows = solution_rows(client, match_id, 1)
    send(client, match_id, tokens[0], {"type": "solution", "round": 1, "rows": rows})
    send(client, match_id, tokens[1], b'{"type": "secret-garbage"}')
    logged = "\n".join(log_lines)
    assert [text for text in (*tokens, rows[0] + rows[1], "secret-garbage") if text in logged] == []


def test_the_site_form_opens_a_match_with_a_token_for_each_seat(client: FlaskClient) -> None:
    form = {"sizes": ["4"], "rounds": "2", "seconds": "10", "seats": "3"}
    page = client.post("/match/new", data=form).text
    assert page.count("<code>sudoku bot ") == 3


def test_the_site_form_names_a_field_that_is_wrong(client: FlaskClient) -> None:
    form = {"sizes": ["4"], "rounds": "two"}
    response = client.post("/match/new", data=form)
    assert (response.status_code, "rounds must be whole numbers" in response.text) == (400, True)


def test_the_host_starts_the_match_from_its_page(client: FlaskClient) -> None:
    body = opened(client, seats=3)
    response = client.post(f"/match/{body['match']}/start", data={"host": body["host"]})
    assert client.get(response.headers["Location"]).text.count("<strong>playing</strong>") == 1


def test_the_form_page_offers_every_size(client: FlaskClient) -> None:
    page = client.get("/match/new").text
    assert [f'value="{size}"' in page for size in (4, 6, 9, 12, 16)] == [True] * 5


def test_answers_to_a_round_over_do_not_disconnect_a_seat(make_app: Any, clock: FakeClock) -> None:
    app = make_app(MATCH_POLL_SECONDS=0.0, MATCH_BAD_MESSAGES=1)
    app.extensions[MATCHES_KEY].clock = lambda: int(clock() * 1000)
    client = app.test_client()
    match_id, tokens = started(client)
    clock.advance(10.5)  # round 1 over at 10 s, round 2 under way since 10.3 s
    for _ in range(3):
        clock.advance(1)
        send(client, match_id, tokens[0], {"type": "many", "round": 1})
    response = send(client, match_id, tokens[0], {"type": "many", "round": 2})
    assert response.get_json()["type"] == "received"


def test_the_result_page_gives_each_seat_s_median_and_worst_time(
    client: FlaskClient, clock: FakeClock
) -> None:
    match_id, tokens = started(client, rounds=3)
    times = []
    for number in (1, 2, 3):
        # Each round starts 0.3 s after the one before was won (none before the first).
        clock.advance(0.1 * number + (0.3 if number > 1 else 0))
        rows = solution_rows(client, match_id, number)
        body = {"type": "solution", "round": number, "rows": rows}
        times.append(send(client, match_id, tokens[0], body).get_json()["ms"])
    page = client.get(f"/match/{match_id}/result").text
    expected = f"<td>3</td><td>3</td><td>{sorted(times)[1]}</td><td>{max(times)}</td>"
    assert expected in page
