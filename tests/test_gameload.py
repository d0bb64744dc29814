"""deploy/gameload.py: its percentiles and table, and one short real run through deploy/stack
in which every move made is heard by every follower of its game, and each state it then asks
for is answered."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from shared_stacks import EXEMPT_GROUP

from event_loops import run_alone

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
import gameload  # noqa: E402
from gameload import Figures  # noqa: E402

# Its run shares the exempt stack (shared_stacks.py) with the fuzzers.
pytestmark = pytest.mark.xdist_group(EXEMPT_GROUP)


@pytest.mark.parametrize(
    ("values", "share", "expected"),
    [
        ([0.001, 0.002, 0.003, 0.004], 0.5, 2.0),
        ([0.001, 0.002, 0.003, 0.004], 0.99, 4.0),
        ([0.010], 0.99, 10.0),
    ],
)
def test_a_percentile_is_the_nearest_rank_in_milliseconds(values, share, expected):
    assert gameload.percentile(values, share) == pytest.approx(expected)


def test_a_missed_event_means_the_target_is_not_met():
    figures = Figures(moves=1, heard=[0.01], pages=[0.01], missed=1)
    assert "| NOT met |" in gameload.report(figures, 1, 2, 1.0, "SQLite")


def test_a_short_run_hears_every_move_at_every_follower(exempt_stack):
    # the stack gameload.game_stack starts without --redis; what is asked is that every move
    # is heard, not how soon: on a busy machine a follower may take longer than the
    # command's five seconds to hear the last one. Six games moving for 1.5 s, six moves a
    # second in all: some nine moves, each to be heard by both followers of its game
    figures = run_alone(
        gameload.load(exempt_stack.port, 6, 2, 1.5, 6.0, 4.0, last_event_seconds=60.0)
    )
    errors = (figures.missed, figures.move_errors, figures.listener_errors, figures.state_errors)
    assert (figures.moves > 0, errors) == (True, (0, 0, 0, 0))
