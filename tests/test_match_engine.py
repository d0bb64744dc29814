"""Matches between bots without the web (webapp/matches/): reproducible rounds, the odd
rounds' puzzles, the rules of a round on a clock the test moves, the protocol's named
errors, and a round won once when two servers take right answers at one instant."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from webapp.jobs.store import SqliteStore
from webapp.matches import (
    AnswerKind,
    Matches,
    MatchPhase,
    MatchSetting,
    ProtocolError,
    ProtocolProblem,
    RoundVerdict,
)
from webapp.matches.protocol import BotMessage, messages_for, read_answer, read_hello
from webapp.matches.setting import SettingError, make_rounds
from webapp.matches.store import StoredMatch, match_id_from
from webapp.sudoku import MULTIPLE, NO_SOLUTION, Budget, solve

from clocks import FakeClock

SECONDS = 10
# Past the time a round's claims take to settle (store.SETTLE_MS).
SETTLE_SECONDS = 2.5


def setting(**changes: object) -> MatchSetting:
    """A small match: 4x4 rounds, three of them, two bot seats; `changes` over it."""
    fields: dict[str, object] = {
        "sizes": (4,),
        "variants": ("classic",),
        "level": "easy",
        "rounds": 3,
        "seconds": SECONDS,
        "seats": 2,
        "house_ms": None,
        "no_solution_rounds": frozenset(),
        "many_rounds": frozenset(),
        "seed": 7,
    }
    return MatchSetting(**(fields | changes))  # type: ignore[arg-type]


def in_ms(clock: FakeClock) -> Callable[[], int]:
    return lambda: int(clock() * 1000)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def matches(tmp_path: Path, clock: FakeClock) -> Matches:
    store = SqliteStore(tmp_path / "matches.sqlite3", clock)
    return Matches(store, in_ms(clock), plays_house=True)


def opened(matches: Matches, chosen: MatchSetting) -> tuple[str, tuple[str, ...]]:
    """A match of `chosen` with every bot seat joined (so started): its id and tokens."""
    made = matches.open(chosen, make_rounds(chosen, 30))
    for seat in chosen.bot_seats:
        kept = matches.load(made.id)
        assert kept is not None
        matches.join(kept, seat)
    return made.id, made.seats


def loaded(matches: Matches, match_id: str) -> StoredMatch:
    kept = matches.load(match_id)
    assert kept is not None
    return kept


def right(kept: StoredMatch, number: int) -> BotMessage:
    """The right solution to round `number`."""
    solution = kept.match.rounds[number - 1].solution
    assert solution is not None
    return BotMessage("solution", number, solution.cells)


def wrong(kept: StoredMatch, number: int) -> BotMessage:
    """A full grid that is not round `number`'s solution."""
    cells = right(kept, number).cells
    assert cells is not None
    return BotMessage("solution", number, (cells[1], cells[0], *cells[2:]))


def test_the_same_setting_makes_the_same_puzzles() -> None:
    chosen = setting(sizes=(4, 9), rounds=2)
    first = [played.puzzle.code for played in make_rounds(chosen, 30)]
    assert first == [played.puzzle.code for played in make_rounds(chosen, 30)]


def test_a_round_marked_with_no_solution_has_none() -> None:
    rounds = make_rounds(setting(sizes=(9,), rounds=1, no_solution_rounds=frozenset({1})), 30)
    assert solve(rounds[0].puzzle).status == NO_SOLUTION


def test_a_round_marked_with_several_solutions_has_several() -> None:
    rounds = make_rounds(setting(sizes=(9,), rounds=1, many_rounds=frozenset({1})), 30)
    assert solve(rounds[0].puzzle).status == MULTIPLE


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"seats": 9}, "seats must be from 2 to 8"),
        ({"seats": 1}, "seats must be from 2 to 8"),
        ({"rounds": 0}, "rounds must be from 1"),
        ({"sizes": (5,)}, "sizes must be some of"),
        ({"variants": ("killer",)}, "variants must be some of"),
        ({"level": "hardest"}, "round 1: level must be one of"),
        ({"no_solution_rounds": frozenset({4})}, "rounds with no or several solutions"),
        ({"house_ms": -1}, "house must be a handicap"),
        ({"variants": ("windoku",), "sizes": (6,)}, "round 1: Windoku needs square boxes"),
    ],
)
def test_a_setting_a_match_cannot_have_is_refused_by_name(
    changes: dict[str, object], named: str
) -> None:
    with pytest.raises(SettingError, match=named):
        setting(**changes)


def test_the_first_right_answer_wins_the_round(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    clock.advance(0.25)
    matches.answer(loaded(matches, match_id), 2, right(loaded(matches, match_id), 1))
    clock.advance(0.5)
    state = loaded(matches, match_id).state
    assert (state.rounds[0].winner, state.rounds[0].answers[0].ms) == (2, 250)


def test_a_right_answer_after_the_winners_is_too_late(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    with pytest.raises(ProtocolError) as refused:
        matches.answer(kept, 2, right(kept, 1))
    assert refused.value.problem == ProtocolProblem.OLD_ROUND


def test_a_wrong_answer_puts_the_seat_out_of_the_round(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, wrong(kept, 1))
    with pytest.raises(ProtocolError) as refused:
        matches.answer(kept, 1, right(kept, 1))
    assert refused.value.problem == ProtocolProblem.ALREADY_ANSWERED


def test_the_other_seat_still_wins_after_a_wrong_answer(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, wrong(kept, 1))
    clock.advance(1)
    matches.answer(kept, 2, right(kept, 1))
    verdicts = [j.verdict for j in loaded(matches, match_id).state.rounds[0].answers]
    assert verdicts == [RoundVerdict.WRONG, RoundVerdict.WON]


def test_every_seat_wrong_ends_the_round_at_once(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, wrong(kept, 1))
    matches.answer(kept, 2, BotMessage("many", 1))
    clock.advance(0.001)
    state = loaded(matches, match_id).state
    assert (state.phase, state.rounds[0].winner) == (MatchPhase.BETWEEN, None)


def test_no_answer_in_time_scores_nothing(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    clock.advance(SECONDS + 0.001)
    state = loaded(matches, match_id).state
    assert (state.rounds[0].winner, state.standings((1, 2))[0].wins) == (None, 0)


def test_an_answer_past_the_rounds_time_is_for_an_old_round(
    matches: Matches, clock: FakeClock
) -> None:
    match_id, _ = opened(matches, setting())
    clock.advance(SECONDS + 0.1)
    kept = loaded(matches, match_id)
    with pytest.raises(ProtocolError) as refused:
        matches.answer(kept, 1, right(kept, 1))
    assert refused.value.problem == ProtocolProblem.OLD_ROUND


def test_the_next_round_starts_after_the_gap(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(0.3)
    state = loaded(matches, match_id).state
    assert (state.phase, len(state.rounds)) == (MatchPhase.PLAYING, 2)


def test_the_house_wins_a_round_when_the_bot_is_slower(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting(house_ms=500))
    clock.advance(0.6)
    kept = loaded(matches, match_id)
    assert kept.state.rounds[0].winner == 2


def test_a_bot_faster_than_the_handicap_beats_the_house(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting(house_ms=500))
    clock.advance(0.4)
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(1)
    assert loaded(matches, match_id).state.rounds[0].winner == 1


def test_the_house_s_answer_is_kept_in_the_store_as_a_bot_s(
    matches: Matches, clock: FakeClock
) -> None:
    match_id, _ = opened(matches, setting(house_ms=500))
    clock.advance(0.6)
    kept = loaded(matches, match_id)
    assert matches.store.get(f"match:{kept.id}:answer:1:2") is not None


def test_a_house_whose_engine_finds_nothing_in_its_budget_leaves_the_round_to_the_bot(
    tmp_path: Path, clock: FakeClock
) -> None:
    # The house is judged on what its engine found: with no work allowed it finds nothing.
    store = SqliteStore(tmp_path / "matches.sqlite3", clock)
    nothing = Budget(nodes=0, sat_conflicts=0)
    matches = Matches(store, in_ms(clock), house_budget=nothing, plays_house=True)
    match_id, _ = opened(matches, setting(house_ms=500))
    clock.advance(0.6)
    with contextlib.suppress(ProtocolError):
        matches.answer(loaded(matches, match_id), 1, right(loaded(matches, match_id), 1))
    clock.advance(1)
    assert loaded(matches, match_id).state.rounds[0].winner == 1


def test_a_second_hello_with_a_seats_token_is_refused(matches: Matches) -> None:
    chosen = setting(seats=3)
    made = matches.open(chosen, make_rounds(chosen, 30))
    matches.join(loaded(matches, made.id), 1)
    with pytest.raises(ProtocolError) as refused:
        matches.join(loaded(matches, made.id), 1)
    assert refused.value.problem == ProtocolProblem.SEAT_TAKEN


def test_a_restarted_server_goes_on_from_the_round_the_match_was_at(
    tmp_path: Path, clock: FakeClock
) -> None:
    before = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock))
    match_id, _ = opened(before, setting())
    kept = loaded(before, match_id)
    before.answer(kept, 1, right(kept, 1))
    clock.advance(0.5)
    after = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock))
    state = loaded(after, match_id).state
    assert (len(state.rounds), state.rounds[0].winner) == (2, 1)


def test_a_round_is_won_once_when_two_servers_take_right_answers_at_once(
    tmp_path: Path, clock: FakeClock
) -> None:
    chosen = setting(seats=8)
    first = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock))
    match_id, _ = opened(first, chosen)
    servers = [Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock)) for _ in range(8)]
    kept = loaded(first, match_id)
    gate = threading.Barrier(8)

    def send(seat: int) -> None:
        gate.wait(timeout=30)
        with contextlib.suppress(ProtocolError):  # a seat later than the winner: old round
            servers[seat - 1].answer(kept, seat, right(kept, 1))

    threads = [threading.Thread(target=send, args=(seat,)) for seat in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    clock.advance(0.1)
    verdicts = [j.verdict for j in loaded(first, match_id).state.rounds[0].answers]
    assert verdicts.count(RoundVerdict.WON) == 1


def test_a_seats_messages_are_hello_each_puzzle_and_each_result(
    matches: Matches, clock: FakeClock
) -> None:
    match_id, _ = opened(matches, setting(rounds=2))
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(0.3)
    kept = loaded(matches, match_id)
    types = [type(m).__name__ for m in messages_for(match_id, kept.match, kept.state, 2)]
    assert types == ["HelloMessage", "PuzzleMessage", "ResultMessage", "PuzzleMessage"]


def test_the_result_is_sent_only_once_the_round_is_over(matches: Matches, clock: FakeClock) -> None:
    match_id, _ = opened(matches, setting(seats=3))
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, wrong(kept, 1))
    kept = loaded(matches, match_id)
    types = [type(m).__name__ for m in messages_for(match_id, kept.match, kept.state, 2)]
    assert types == ["HelloMessage", "PuzzleMessage"]


ROUNDS_4X4 = make_rounds(setting(), 30)


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b"{not json", ProtocolProblem.MALFORMED_JSON),
        (b"\xff\xfe", ProtocolProblem.MALFORMED_JSON),
        (b"[1, 2]", ProtocolProblem.NOT_AN_OBJECT),
        (b'{"type": "surrender", "round": 1}', ProtocolProblem.UNKNOWN_TYPE),
        (b'{"round": 1}', ProtocolProblem.UNKNOWN_TYPE),
        (b'{"type": "many", "round": 0}', ProtocolProblem.BAD_ROUND),
        (b'{"type": "many", "round": true}', ProtocolProblem.BAD_ROUND),
        (b'{"type": "many", "round": 4}', ProtocolProblem.BAD_ROUND),
        (b'{"type": "solution", "round": 1}', ProtocolProblem.BAD_GRID),
        (b'{"type": "solution", "round": 1, "rows": ["1234"]}', ProtocolProblem.BAD_GRID),
        (
            b'{"type": "solution", "round": 1, "rows": ["1234", "3412", "2143", "43215"]}',
            ProtocolProblem.BAD_GRID,
        ),
        (
            b'{"type": "solution", "round": 1, "rows": [[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,0]]}',
            ProtocolProblem.BAD_GRID,
        ),
        (b"[" * 5000 + b"]" * 5000, ProtocolProblem.OVERSIZED),
        (b" " * 9000, ProtocolProblem.OVERSIZED),
    ],
)
def test_a_bad_answer_is_refused_with_its_problem_named(
    raw: bytes, problem: ProtocolProblem
) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_answer(raw, ROUNDS_4X4)
    assert refused.value.problem == problem


def test_deeply_nested_json_under_the_size_limit_is_malformed_not_a_crash() -> None:
    with pytest.raises(ProtocolError) as refused:
        read_answer(b"[" * 4000 + b"]" * 4000, ROUNDS_4X4)
    assert refused.value.problem == ProtocolProblem.MALFORMED_JSON


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b'{"type": "hello", "protocol": 2}', ProtocolProblem.WRONG_VERSION),
        (b'{"type": "hello"}', ProtocolProblem.WRONG_VERSION),
        (b'{"type": "solution", "protocol": 1}', ProtocolProblem.UNKNOWN_TYPE),
    ],
)
def test_a_bad_hello_is_refused_with_its_problem_named(
    raw: bytes, problem: ProtocolProblem
) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_hello(raw)
    assert refused.value.problem == problem


def test_a_solution_may_be_rows_of_numbers() -> None:
    raw = b'{"type": "solution", "round": 1, "rows": [[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]}'
    assert read_answer(raw, ROUNDS_4X4).cells == (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def test_an_answer_kind_names_its_type() -> None:
    assert read_answer(b'{"type": "no-solution", "round": 2}', ROUNDS_4X4).type == str(
        AnswerKind.NO_SOLUTION
    )


def test_a_settled_rounds_winner_stays_when_its_claim_is_written_again(
    tmp_path: Path, clock: FakeClock
) -> None:
    store = SqliteStore(tmp_path / "m.sqlite3", clock)
    matches = Matches(store, in_ms(clock))
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(SETTLE_SECONDS)
    loaded(matches, match_id)  # a reader settles round 1
    store.put(f"match:{match_id}:winner:1", f"2 {in_ms(clock)() - 5000}".encode())
    assert loaded(matches, match_id).state.rounds[0].winner == 1


def test_a_match_read_from_its_settled_rounds_is_the_match_read_claim_by_claim(
    tmp_path: Path, clock: FakeClock
) -> None:
    matches = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock))
    match_id, _ = opened(matches, setting())
    kept = loaded(matches, match_id)
    matches.answer(kept, 2, wrong(kept, 1))
    clock.advance(1)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(SETTLE_SECONDS)
    first = loaded(matches, match_id).state  # settles round 1
    assert loaded(matches, match_id).state == first


def test_the_first_winner_claimed_stays_though_a_server_behind_stamps_an_earlier_time(
    tmp_path: Path, clock: FakeClock
) -> None:
    ahead = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), in_ms(clock))
    behind = Matches(SqliteStore(tmp_path / "m.sqlite3", clock), lambda: in_ms(clock)() - 1)
    match_id, _ = opened(ahead, setting())
    clock.advance(0.5)
    kept = loaded(ahead, match_id)
    ahead.answer(kept, 1, right(kept, 1))
    behind.answer(kept, 2, right(kept, 1))  # its server's clock says a ms earlier
    clock.advance(1)
    assert loaded(ahead, match_id).state.rounds[0].winner == 1


class Meanwhile(SqliteStore):
    """The store, where another server acts (`meanwhile`) the moment after a given key is
    claimed: two servers' steps interleaved in one order, with no thread to time."""

    def __init__(self, path: Path, clock: FakeClock, after_key: str) -> None:
        super().__init__(path, clock)
        self.after_key = after_key
        self.meanwhile: Callable[[], object] | None = None

    def add(self, key: str, value: bytes, seconds: float | None = None) -> bool:
        claimed = super().add(key, value, seconds)
        if key.endswith(self.after_key) and self.meanwhile is not None:
            acting, self.meanwhile = self.meanwhile, None
            acting()
        return claimed


def test_an_answer_found_late_once_kept_is_refused_as_for_an_old_round(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "m.sqlite3"
    first = Matches(SqliteStore(path, clock), in_ms(clock))
    match_id, _ = opened(first, setting())
    kept = loaded(first, match_id)
    started = kept.state.rounds[0].start
    earlier = Matches(SqliteStore(path, clock), lambda: started + 200)
    store = Meanwhile(path, clock, ":answer:1:2")
    later = Matches(store, lambda: started + 300)
    store.meanwhile = lambda: earlier.answer(kept, 1, right(kept, 1))
    with pytest.raises(ProtocolError) as refused:
        later.answer(kept, 2, wrong(kept, 1))
    assert refused.value.problem == ProtocolProblem.OLD_ROUND


def test_an_answer_refused_as_late_is_not_in_the_round(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "m.sqlite3"
    first = Matches(SqliteStore(path, clock), in_ms(clock))
    match_id, _ = opened(first, setting())
    kept = loaded(first, match_id)
    started = kept.state.rounds[0].start
    earlier = Matches(SqliteStore(path, clock), lambda: started + 200)
    store = Meanwhile(path, clock, ":answer:1:2")
    later = Matches(store, lambda: started + 300)
    store.meanwhile = lambda: earlier.answer(kept, 1, right(kept, 1))
    with contextlib.suppress(ProtocolError):
        later.answer(kept, 2, wrong(kept, 1))
    clock.advance(1)
    answers = loaded(first, match_id).state.rounds[0].answers
    assert [(j.answer.seat, j.verdict) for j in answers] == [(1, RoundVerdict.WON)]


def test_an_answer_taken_before_an_earlier_stamped_win_was_claimed_is_judged(
    tmp_path: Path, clock: FakeClock
) -> None:
    # Seat 1's server stamped its answer first but claimed the win only after seat 2's was
    # taken (told 202): seat 2's answer is in the round, judged, as the bot was told.
    path = tmp_path / "m.sqlite3"
    first = Matches(SqliteStore(path, clock), in_ms(clock))
    match_id, _ = opened(first, setting())
    kept = loaded(first, match_id)
    started = kept.state.rounds[0].start
    earlier = Matches(SqliteStore(path, clock), lambda: started + 200)
    later = Matches(SqliteStore(path, clock), lambda: started + 300)
    later.answer(kept, 2, wrong(kept, 1))
    earlier.answer(kept, 1, right(kept, 1))
    clock.advance(1)
    answers = loaded(first, match_id).state.rounds[0].answers
    verdicts = [(j.answer.seat, j.verdict) for j in answers]
    assert verdicts == [(1, RoundVerdict.WON), (2, RoundVerdict.WRONG)]


def test_an_answer_to_the_last_round_once_it_was_won_is_for_an_old_round(
    matches: Matches, clock: FakeClock
) -> None:
    # The match is over with it, yet the answer is late, as to any round: named so.
    match_id, _ = opened(matches, setting(rounds=1))
    kept = loaded(matches, match_id)
    matches.answer(kept, 1, right(kept, 1))
    clock.advance(0.1)
    with pytest.raises(ProtocolError) as refused:
        matches.answer(loaded(matches, match_id), 2, right(kept, 1))
    assert refused.value.problem == ProtocolProblem.OLD_ROUND


def test_a_match_id_never_begins_with_a_dash() -> None:
    drawn = iter(["-Dash.first", "_under.score"])
    assert match_id_from(lambda: next(drawn)) == "_under.score"
