"""What a match's reading costs the store (webapp/matches/store.py): the calls made, counted
on a real SQLite store, since each call of the relay's is a trip to a thread and a statement."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import pytest

from webapp.jobs.store import SqliteStore
from webapp.matches import Matches, MatchSetting, ProtocolError, StoredMatch
from webapp.matches.protocol import BotMessage
from webapp.matches.scoring import ROUND_GAP_MS, BotAnswer, Match, match_state
from webapp.matches.setting import AnswerKind, make_rounds
from webapp.matches.store import refused_already

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
    """Both seats joined to a match of two_seats() on a counted store, round 1 under way."""
    clock = FakeClock()
    store = CountedStore(tmp_path / "matches.sqlite3", clock)
    matches = Matches(store, lambda: int(clock() * 1000))
    chosen = two_seats()
    made = matches.open(chosen, make_rounds(chosen, 30))
    for seat in chosen.bot_seats:
        kept = matches.load(made.id)
        assert kept is not None
        matches.join(kept, seat)
    reloaded = matches.load(made.id)
    assert reloaded is not None
    return Joined(clock, store, matches, reloaded)


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


def test_an_answer_to_a_round_seen_over_is_refused_as_the_store_would_refuse_it(
    joined: Joined,
) -> None:
    # the relay refuses it from the state its watch read, without the store: the round won,
    # then later (the next round under way, then the match over), for each seat and round
    clock, _, matches, kept = joined
    solution = kept.match.rounds[0].solution
    assert solution is not None
    matches.answer(kept, 1, BotMessage("solution", 1, solution.cells))
    seen = matches.refreshed(kept).state
    agreed = []
    for later in (0.0, 0.5, 40.0):
        clock.advance(later)
        for seat in (1, 2):
            for number in (1, 2, 3):
                refusal = refused_already(seen, seat, number)
                if refusal is None:
                    continue
                try:
                    matches.answer(kept, seat, BotMessage("many", number))
                except ProtocolError as error:
                    agreed.append(
                        (error.problem, error.message) == (refusal.problem, refusal.message)
                    )
                else:
                    agreed.append(False)
    assert agreed == [True] * 6  # round 1, both seats, three times


def test_an_answer_kept_again_as_late_is_read_as_late(joined: Joined) -> None:
    # answers are remembered as read by the bytes kept, so one rewritten is read anew
    _, _, matches, kept = joined
    solution = kept.match.rounds[0].solution
    assert solution is not None
    taken, _ = matches.answer(kept, 2, BotMessage("solution", 1, solution.cells))
    assert matches.refreshed(kept).state.rounds[0].winner == 2
    key = f"match:{kept.id}:answer:1:2"
    matches.store.put(key, json.dumps(replace(taken, late=True).to_json()).encode())
    assert [judged.answer.late for judged in matches.refreshed(kept).state.rounds[0].answers] == []


def test_rounds_worked_out_once_read_as_rounds_worked_out_afresh() -> None:
    # a reading starts from the settled rounds as worked out when they settled; from any
    # number of them, at an instant after them or (a clock behind) before their end
    chosen = two_seats()
    match = Match(chosen, make_rounds(chosen, 30), 0)
    answers: dict[tuple[int, int], BotAnswer] = {}
    winners: dict[int, tuple[int, int]] = {}
    start = 1000
    for number, played in enumerate(match.rounds, start=1):
        assert played.solution is not None
        right, wrong = played.solution.cells, tuple(reversed(played.solution.cells))
        answers[number, 2] = BotAnswer(number, 2, AnswerKind.SOLUTION, wrong, start + 100)
        answers[number, 1] = BotAnswer(number, 1, AnswerKind.SOLUTION, right, start + 200)
        winners[number] = (1, start + 200)
        start += 200 + ROUND_GAP_MS
    seats = frozenset(chosen.bot_seats)
    agreed = []
    for now in (1150, 1700, 2500, 20_000):
        afresh = match_state(match, 1000, seats, answers, winners, now)
        full = match_state(match, 1000, seats, answers, winners, 20_000)
        for known in range(len(full.rounds) + 1):
            read = match_state(match, 1000, seats, answers, winners, now, full.rounds[:known])
            agreed.append(read == afresh)
    assert agreed == [True] * 16
