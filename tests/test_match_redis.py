"""A match across app servers sharing Redis (deploy/stack --redis, two app servers and the
live relay): one bot on the relay's WebSocket through nginx, the other on the HTTP long poll
of the second app server directly, in one match; it is played to its end, each round
scored once, and both bots heard the same results."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from stack_matches import SocketBot, ask
from test_match_stack import FAULT_SETTING, solutions_of
from test_scaleout import tools_missing

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import RunningStack, stack  # noqa: E402

pytestmark = pytest.mark.xdist_group("stack-matches-redis")

ROOT = Path(__file__).parent.parent
# The whole match's ceiling: six 4x4 rounds of at most 30 s each, and the bots' start.
MATCH_SECONDS = 200


@dataclass(frozen=True)
class Shared:
    """The match's end as watchers read it, the WebSocket bot, the poll bot's exit status."""

    result: dict[str, Any]
    socket_bot: SocketBot
    poll_exit: int | None


@pytest.fixture(scope="module")
def redis_stack(tmp_path_factory: Any) -> Iterator[RunningStack]:
    """deploy/stack on Redis with two app servers and the relay."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("stack") / "stack.log"
    options = ("--redis", "--app-servers", "2", "--workers", "2", "--exempt", "127.0.0.1")
    with stack(*options, log=log) as running:
        yield running


@pytest.fixture(scope="module")
def shared(redis_stack: RunningStack) -> Shared:
    """Seat 1 on the WebSocket (the relay), seat 2 the engine's bot polling app server 2."""
    port = redis_stack.port
    status, opened = ask(port, "POST", "/api/matches", FAULT_SETTING)
    assert status == 201, opened
    tokens = [seat["token"] for seat in opened["seats"]]
    solutions = solutions_of(FAULT_SETTING)
    # Round 1 answered wrong on the WebSocket (its first two rows swapped): the poll bot then
    # wins it, so both servers judge an answer whichever bot is the quicker.
    first = solutions[1]
    solutions[1] = [first[1], first[0], *first[2:]]
    socket_bot = SocketBot(port, tokens[0], solutions, 0.0)
    second = f"http://127.0.0.1:{redis_stack.app_ports[1]}"
    poll_bot = subprocess.Popen(
        [sys.executable, "-m", "webapp", "bot", second, tokens[1]],
        stdout=subprocess.DEVNULL,
        cwd=ROOT,
    )
    poll_bot.wait(timeout=MATCH_SECONDS)
    socket_bot.join(MATCH_SECONDS)
    _, result = ask(port, "GET", f"/api/matches/{opened['match']}")
    return Shared(result, socket_bot, poll_bot.returncode)


def test_the_match_across_servers_is_played_to_its_end(shared: Shared) -> None:
    assert (shared.result["phase"], shared.socket_bot.over, shared.poll_exit) == ("over", True, 0)


def test_each_round_across_servers_is_won_once(shared: Shared) -> None:
    rounds = shared.result["rounds"]
    won = [[a["verdict"] for a in line["answers"]].count("won") for line in rounds]
    assert won == [1] * 6


def test_answers_from_both_servers_were_judged(shared: Shared) -> None:
    # The slower bot's answer to a round already won is refused as late, so not every round
    # holds both; round 1, answered wrong on the WebSocket, holds both seats' answers.
    seats = {a["seat"] for line in shared.result["rounds"] for a in line["answers"]}
    assert seats == {1, 2}


def test_the_websocket_bot_heard_the_results_the_match_kept(shared: Shared) -> None:
    final = [line["winner"] for line in shared.result["rounds"]]
    assert [m["winner"] for m in shared.socket_bot.heard if m["type"] == "result"] == final
