"""deploy/fuzz.py on the routes of games between two people, through the real stack (nginx,
gunicorn, the job store): bad moves, forged and mangled seats, replayed seen= numbers,
huge bodies and made-up ids, and not one 5xx."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).parent.parent / "deploy"
sys.path.insert(0, str(DEPLOY))
from fuzz import Tally, fuzz  # noqa: E402
from stackrun import stack  # noqa: E402

# The stack is one per module; the fuzz runs once and each test reads its tally.
pytestmark = pytest.mark.xdist_group("stack")
REQUESTS = 1200


@pytest.fixture(scope="module")
def tally() -> Tally:
    """The answers to REQUESTS fuzzed requests, all to the games' routes."""
    with stack("--exempt", "127.0.0.1") as running:
        return fuzz(running.port, REQUESTS, seed=11, game_share=1.0)


def test_the_games_routes_give_no_5xx(tally: Tally) -> None:
    assert tally.server_errors == 0, tally.samples


def test_every_fuzzed_game_request_is_answered(tally: Tally) -> None:
    assert tally.sent - tally.unanswered == REQUESTS


def test_some_fuzzed_moves_reach_the_rules(tally: Tally) -> None:
    # 409: a move the rules refused (out of turn, on a given, a replayed seen=, ...).
    assert tally.statuses[409] > 0
