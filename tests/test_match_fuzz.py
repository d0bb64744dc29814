"""Hostile requests to the bots' routes (webapp/web/match/): random bytes, broken JSON,
answers of every wrong shape, mangled tokens and after= numbers, from a seeded stream: every
one is answered with a 4xx naming its problem (or a 2xx for the few that are valid), never a
5xx."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_match_api import bearer, started

REQUESTS = 300


@pytest.fixture
def client(make_app: Any) -> FlaskClient:
    """A client of an app whose polls give up at once."""
    app: Flask = make_app(MATCH_POLL_SECONDS=0.0)
    return app.test_client()


def hostile_body(draw: random.Random, round_number: int) -> bytes:
    """One hostile message: random bytes, or JSON of a wrong shape."""
    shapes: list[Any] = [
        {"type": draw.choice(["solution", "many", "no-solution", "hello", "", None, 3])},
        {"type": "solution", "round": round_number, "rows": [draw.random()] * 4},
        {"type": "solution", "round": round_number, "rows": ["1234"] * draw.randint(0, 6)},
        {"type": "many", "round": draw.choice([-1, 0, 2**70, "1", None, [1], 1.5])},
        [draw.randint(0, 9)] * draw.randint(0, 5),
        "text",
        None,
    ]
    if draw.random() < 0.3:
        return bytes(draw.randrange(256) for _ in range(draw.randint(0, 200)))
    return json.dumps(draw.choice(shapes)).encode()


def test_no_hostile_request_gets_a_5xx(client: FlaskClient) -> None:
    match_id, tokens = started(client, seats=2)
    draw = random.Random(39)
    statuses = []
    for _ in range(REQUESTS):
        token = draw.choice([*tokens, "", "x" * 300, f"{match_id}.forged", tokens[0][:-1]])
        headers = bearer(token) | {"Content-Type": "application/json"}
        route = draw.choice(["/api/bot/hello", "/api/bot/answer", "/api/bot/messages"])
        if route.endswith("messages"):
            after = draw.choice(["-1", "-5", "x", "1" * 9, "0", "%00", ""])
            response = client.get(f"{route}?after={after}", headers=headers)
        else:
            response = client.post(route, data=hostile_body(draw, 1), headers=headers)
        statuses.append(response.status_code)
    assert [status for status in statuses if status >= 500] == []
