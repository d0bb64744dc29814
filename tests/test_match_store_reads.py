"""What a match's reading costs the store (webapp/matches/store.py): the calls made, counted
on a real SQLite store, since each call of the relay's is a trip to a thread and a statement."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import pytest

from webapp.jobs.store import SqliteStore
from webapp.matches import Matches, MatchSetting, StoredMatch
from webapp.matches.protocol import BotMessage
from webapp.matches.setting import make_rounds

from clocks import FakeClock


class CountedStore(SqliteStore):
    """A SQLite store that counts the reads asked of it."""

    reads = 0

    def get(self, key: str) -> bytes | None:
        self.reads += 1
        return super().get(key)

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        self.reads += 1
        return super().get_many(keys)


def two_seats() -> MatchSetting:
    """Three 4x4 rounds for two bot seats."""
    return MatchSetting(
        sizes=(4,),
        variants=("classic",),
        level="easy",
        rounds=3,
        seconds=10,
        seats=2,
        house_ms=None,
        no_solution_rounds=frozenset(),
        many_rounds=frozenset(),
        seed=7,
    )


class Joined(NamedTuple):
    """A match of two_seats with both seats joined, on a counted store with a clock."""

    clock: FakeClock
    store: CountedStore
    matches: Matches
    kept: StoredMatch


@pytest.fixture
def joined(tmp_path: Path) -> Joined:
    clock = FakeClock()
    store = CountedStore(tmp_path / "matches.sqlite3", clock)
    matches = Matches(store, lambda: int(clock() * 1000))
    chosen = two_seats()
    made = matches.open(chosen, make_rounds(chosen, 30))
    kept = None
    for seat in chosen.bot_seats:
        kept = matches.load(made.id)
        assert kept is not None
        matches.join(kept, seat)
    assert kept is not None
    return Joined(clock, store, matches, kept)


def test_a_match_under_way_is_read_in_one_call_to_the_store(joined: Joined) -> None:
    # the settled rounds, the start, each seat, each answer and the winner: seven calls
    joined.store.reads = 0
    joined.matches.refreshed(joined.kept)
    assert joined.store.reads == 1


def test_rounds_a_reader_saw_settled_are_read_again_when_the_settled_key_went_back(
    joined: Joined,
) -> None:
    # a reader reads only the rounds past those it saw settled; another server, behind,
    # may write the settled key back to fewer rounds
    clock, store, matches, kept = joined
    settled_key = f"match:{kept.id}:settled"
    for number in (1, 2):
        kept = matches.refreshed(kept)
        solution = kept.match.rounds[number - 1].solution
        assert solution is not None
        matches.answer(kept, 1, BotMessage("solution", number, solution.cells))
        clock.advance(2.5)  # past SETTLE_MS
        matches.refreshed(kept)  # settles the round
        if number == 1:
            behind = store.get(settled_key)
    matches.refreshed(kept)  # reads round 2 settled
    assert behind is not None
    store.put(settled_key, behind)
    assert matches.refreshed(kept).state.rounds[1].winner == 1
