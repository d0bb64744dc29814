"""A match's watch page in a browser, through the production stack (deploy/stack: nginx, the
app servers, the relay): its script puts each step of the match in place as the relay tells
it, the page never reloaded, so the standings update live (issue 39)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from shared_stacks import GAMES_GROUP, with_relay
from stack_matches import SocketBot

from webapp.matches.store import match_id_of

from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
import matchload  # noqa: E402
from stackrun import RunningStack  # noqa: E402

# Its stack is shared with the games' and matches' tests (shared_stacks.py): one worker runs them.
pytestmark = pytest.mark.xdist_group(GAMES_GROUP)

ROUNDS = 2
# The match's ceiling: two rounds the bots answer at once, and the bots' start.
MATCH_SECONDS = 60
# The rounds won in the standings, summed over the seats.
WINS_SHOWN = (
    "[...document.querySelectorAll('.match-standings tbody tr td:nth-child(3)')]"
    ".reduce((wins, cell) => wins + Number(cell.textContent), 0)"
)


def test_the_watch_page_shows_the_rounds_won_without_reloading(
    games_stack: RunningStack, page
) -> None:
    port = with_relay(games_stack).port
    setting = matchload.setting_for(90, ROUNDS)
    tokens = matchload.open_match(port, setting)
    page.goto(f"http://127.0.0.1:{port}/match/{match_id_of(tokens[0])}")
    page.evaluate("window.neverReloaded = true")  # a reload would forget it
    solutions = matchload.solution_rows(setting)
    bots = [SocketBot(port, token, solutions, 0.0) for token in tokens]
    for bot in bots:
        bot.join(MATCH_SECONDS)
    # Asked by evaluate, not wait_for_function, whose polling the page's CSP forbids.
    until(
        lambda: page.evaluate(WINS_SHOWN) == ROUNDS,
        "the standings showing every round won",
        seconds=MATCH_SECONDS,
    )
    assert page.evaluate("window.neverReloaded") is True
