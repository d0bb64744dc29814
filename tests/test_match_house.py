"""The house seat played by the house player (webapp/matches/house_player.py), never by an
app request: a request in a house match only reads the house's answer; the player, run here
a turn at a time on the app's store and clock, solves it and the house answers after its
handicap; a match over leaves the player's list; `sudoku jobs` runs the player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_job_consumer import running
from test_match_api import clock, match_app, messages, started

from webapp.jobs import QUEUE_KEY
from webapp.matches.house_player import HousePlayer
from webapp.matches.store import HOUSE_MATCHES

from clocks import FakeClock
from waiting import until


@pytest.fixture
def player(match_app: Flask, clock: FakeClock) -> HousePlayer:
    """The house player on the app's store, telling the time by `clock`."""
    return HousePlayer(match_app.extensions[QUEUE_KEY].board, lambda: int(clock() * 1000))


__all__ = ["clock", "match_app"]  # the fixtures this file uses from test_match_api


def test_an_app_request_never_solves_for_the_house(match_app: Flask, clock: FakeClock) -> None:
    client: FlaskClient = match_app.test_client()
    match_id, tokens = started(client, seats=2, house=300)
    clock.advance(0.4)
    assert [message["type"] for message in messages(client, match_id, tokens[0])] == [
        "hello",
        "puzzle",
    ]


def test_the_house_player_answers_after_the_handicap(
    match_app: Flask, clock: FakeClock, player: HousePlayer
) -> None:
    client: FlaskClient = match_app.test_client()
    match_id, tokens = started(client, seats=2, house=300)
    player.play_once()
    clock.advance(0.4)
    assert messages(client, match_id, tokens[0])[2]["winner"] == 2


def test_a_round_another_player_is_solving_is_not_solved_again(
    match_app: Flask, clock: FakeClock, player: HousePlayer
) -> None:
    # every consumer's player solved every round, and all but the first threw it away
    client: FlaskClient = match_app.test_client()
    match_id, _ = started(client, seats=2, house=300)
    store = match_app.extensions[QUEUE_KEY].board
    store.add(f"match:{match_id}:house:1", b"1")  # another consumer's player, solving
    player.play_once()
    assert store.get(f"match:{match_id}:answer:1:2") is None


def test_a_house_match_over_leaves_the_player_s_list(
    match_app: Flask, clock: FakeClock, player: HousePlayer
) -> None:
    client: FlaskClient = match_app.test_client()
    started(client, seats=2, house=300)
    for _ in range(3):  # each round: the house answers, and the round ends by the clock
        player.play_once()
        clock.advance(11)
    player.play_once()
    assert match_app.extensions[QUEUE_KEY].board.members(HOUSE_MATCHES) == set()


def test_the_job_consumer_plays_the_house(make_app: Any, tmp_path: Path) -> None:
    app: Flask = make_app(MATCH_POLL_SECONDS=0.0)
    client = app.test_client()
    store_url = app.config["JOB_STORE"]
    with running(["jobs", "--workers", "1"], {"FLASK_JOB_STORE": store_url}, tmp_path / "log"):
        match_id, tokens = started(client, seats=2, house=0)
        found = until(
            lambda: messages(client, match_id, tokens[0])[2:], "round 1's result", seconds=60
        )
    assert found[0]["winner"] == 2
