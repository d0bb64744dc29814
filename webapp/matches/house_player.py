"""The house player: the one reader that solves the house seat's answers, in the job
consumer's process (`sudoku jobs`), so that no app request ever waits on a house solve.

It reads every match with a house seat (the store's HOUSE_MATCHES group) every
PLAY_SECONDS; reading a match whose round is under way solves that round's puzzle within the
house's budget of work and claims the answer (store.py), due at the host's handicap or when
the solve ended, whichever is later. A round's answer is solved once, by whichever player
claimed it first; a match over, or gone from the store, leaves the group.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ..jobs.seat_tokens import now_ms
from ..jobs.store import Store, Unreachable
from ..sudoku import Budget
from .house import HOUSE_BUDGET
from .scoring import MatchPhase
from .store import HOUSE_MATCHES, Matches, MatchGone

# How often the house's matches are read: the house learns of a round this late at most
# (its answer's time is its own solve's all the same, counted from the round's start).
PLAY_SECONDS = 0.05

log = logging.getLogger(__name__)


class HousePlayer:
    """Plays the house seat of every match in `store` that has one."""

    def __init__(
        self, store: Store, clock: Callable[[], int] = now_ms, budget: Budget = HOUSE_BUDGET
    ) -> None:
        self.store = store
        self.matches = Matches(store, clock, budget, plays_house=True)

    def play_once(self) -> int:
        """Read every house match once (solving a round under way): how many are under way."""
        under_way = 0
        for match_id in sorted(self.store.members(HOUSE_MATCHES)):
            try:
                kept = self.matches.load(match_id)
            except MatchGone:
                kept = None
            if kept is None or kept.state.phase == MatchPhase.OVER:
                self.store.leave(HOUSE_MATCHES, match_id)
            else:
                under_way += 1
        return under_way

    def run(self, stop: threading.Event) -> None:
        """Play every PLAY_SECONDS until `stop` is set."""
        while not stop.wait(PLAY_SECONDS):
            try:
                self.play_once()
            except Unreachable as error:
                log.warning("the house skipped a turn: %s", error)


def start_house_player(store: Store, stop: threading.Event) -> threading.Thread:
    """The house player on a thread of its own, until `stop` is set."""
    thread = threading.Thread(
        target=HousePlayer(store).run, args=(stop,), name="house", daemon=True
    )
    thread.start()
    return thread
