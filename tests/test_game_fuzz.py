"""deploy/fuzz.py on the routes of games between two people, through the real stack (nginx,
gunicorn, the job store): bad moves, forged and mangled seats, replayed seen= numbers,
huge bodies and made-up ids, and not one 5xx; and nginx slowing a flood of games made."""

from __future__ import annotations

import http.client
import random
import sys
from pathlib import Path

import pytest
from shared_stacks import EXEMPT_GROUP

DEPLOY = Path(__file__).parent.parent / "deploy"
sys.path.insert(0, str(DEPLOY))
from fuzz import FuzzGame, Tally, fuzz, game_request  # noqa: E402
from stackrun import RunningStack, bound_sources  # noqa: E402

# The stack is shared (shared_stacks.py); the fuzz runs once and each test reads its tally.
pytestmark = pytest.mark.xdist_group(EXEMPT_GROUP)
REQUESTS = 1200


@pytest.fixture(scope="module")
def front(exempt_stack: RunningStack) -> RunningStack:
    """The shared stack, 127.0.0.1 exempt from the limits (the fuzzer's address)."""
    return exempt_stack


@pytest.fixture(scope="module")
def tally(front: RunningStack) -> Tally:
    """The answers to REQUESTS fuzzed requests, all to the games' routes."""
    return fuzz(front.port, REQUESTS, seed=11, game_share=1.0)


def post_status(port: int, path: str, source: str) -> int:
    """The status nginx answers a bodiless POST to `path` from `source`."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(source, 0)
    )
    try:
        connection.request("POST", path, headers={"Host": "127.0.0.1", "Content-Length": "0"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_flood_of_new_games_same_clock_from_one_client_is_slowed_to_429(
    front: RunningStack,
) -> None:
    # Each may run the generator for seconds: nginx counts them in the solves zone, as it
    # does /game/new/<code>. A made-up game is 404 from the app, so a 429 is nginx's.
    source = bound_sources(1, first=(127, 0, 32))[0]
    route = "/game/AAAAAAAAAAAAAAAAAAAAAAAA/again"
    assert 429 in {post_status(front.port, route, source) for _ in range(40)}


def test_the_games_routes_give_no_5xx(tally: Tally) -> None:
    assert tally.server_errors == 0, tally.samples


def test_every_fuzzed_game_request_is_answered(tally: Tally) -> None:
    assert tally.sent - tally.unanswered == REQUESTS


def test_some_fuzzed_moves_reach_the_rules(tally: Tally) -> None:
    # 409: a move the rules refused (out of turn, on a given, a replayed seen=, ...).
    assert tally.statuses[409] > 0


def test_the_fuzzer_also_makes_games_with_odd_forms() -> None:
    # /game/new (a new puzzle's order) and /game/new/<code> (a puzzle's link), each with the
    # mode, clock and order fields made odd, as a game's own routes are.
    rng = random.Random(5)
    games = [FuzzGame("A" * 24, "B" * 24)]
    lines = [game_request(rng, 80, games).split(b" ", 2)[1] for _ in range(400)]
    made = {"order" if line == b"/game/new" else "link" for line in lines if b"/new" in line}
    assert made == {"order", "link"}
