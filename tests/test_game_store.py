"""Games in the job store (webapp/games/store.py): seats held by unguessable tokens, each
turn claimed once, so that of moves sent at the same instant from two servers exactly one
is applied, on SQLite and on a real Redis; and a game idle for an hour is gone."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from webapp.games import ClockSetting, Mode, MoveKind
from webapp.games.game import RefusalReason
from webapp.games.moves import GUEST, HOST, Move
from webapp.games.store import IDLE_SECONDS, GameGone, Games, Played
from webapp.jobs.store import RedisStore, SqliteStore, Store

from clocks import FakeClock
from game_puzzle import BLANKS, PUZZLE, SOLUTION
from redis_server import RedisServer

THREADS = 6
T = TypeVar("T")
ROUNDS = 10


def in_ms(clock: FakeClock) -> Callable[[], int]:
    """The fake clock's time in epoch milliseconds, as games count it."""
    return lambda: int(clock() * 1000)


@pytest.fixture
def sqlite_file(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def new_duel(games: Games, mode: Mode = Mode.DUEL, minutes: int = 5) -> tuple[str, str, str]:
    """A game with both seats taken: its id, the host's token and the guest's."""
    game_id, host, invite = games.create(PUZZLE, SOLUTION, mode, ClockSetting(minutes))
    _, guest = games.join(game_id, invite)
    assert guest is not None
    return game_id, host, guest


def place(games: Games, game_id: str, seat: int, blank: int) -> Played:
    """The right digit in the `blank`th blank, for `seat`, without a check of `seen`."""
    cell = BLANKS[blank]
    return games.play(game_id, seat, MoveKind.PLACE, None, cell, SOLUTION.cells[cell])


def test_the_hosts_token_holds_the_hosts_seat(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    game_id, host, _ = games.create(PUZZLE, SOLUTION, Mode.DUEL, ClockSetting(5))
    kept = games.load(game_id)
    assert kept is not None and kept.seat_of(host) == HOST


def test_no_token_is_a_watcher(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    game_id, _, _ = new_duel(games)
    kept = games.load(game_id)
    assert kept is not None and kept.seat_of("a guess") is None


def test_the_store_keeps_no_token(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    _, host, guest = new_duel(games)
    data = sqlite_file.read_bytes() + Path(f"{sqlite_file}-wal").read_bytes()
    assert host.encode() not in data and guest.encode() not in data


def test_an_invitation_already_used_finds_the_game_full(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    game_id, _, invite = games.create(PUZZLE, SOLUTION, Mode.DUEL, ClockSetting(5))
    games.join(game_id, invite)
    played, token = games.join(game_id, invite)
    assert (token, played.refusal and played.refusal.reason) == (None, RefusalReason.STARTED)


def test_only_the_invitation_takes_the_second_seat(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    game_id, _, _ = games.create(PUZZLE, SOLUTION, Mode.DUEL, ClockSetting(5))
    assert games.join(game_id, game_id)[1] is None


def test_a_game_moves_for_every_store_client_on_the_file(sqlite_file: Path) -> None:
    one, other = Games(SqliteStore(sqlite_file)), Games(SqliteStore(sqlite_file))
    game_id, _, _ = new_duel(one)
    place(one, game_id, HOST, 0)
    kept = other.load(game_id)
    assert kept is not None and kept.state(other.clock()).turn == GUEST


def test_a_move_claimed_but_not_yet_in_the_written_log_counts(sqlite_file: Path) -> None:
    # As if a server stopped between claiming move 1 and writing the log.
    store = SqliteStore(sqlite_file)
    games = Games(store)
    game_id, _, _ = new_duel(games)
    cell = BLANKS[0]
    move = Move(MoveKind.PLACE, HOST, games.clock(), cell, SOLUTION.cells[cell])
    store.add(f"game:{game_id}:move:1", move.to_bytes())
    kept = games.load(game_id)
    assert kept is not None and kept.log[-1] == move


def test_a_move_made_on_a_page_the_game_has_left_is_refused(sqlite_file: Path) -> None:
    games = Games(SqliteStore(sqlite_file))
    game_id, _, _ = new_duel(games)
    place(games, game_id, HOST, 0)
    cell = BLANKS[1]
    played = games.play(game_id, GUEST, MoveKind.PLACE, 1, cell, SOLUTION.cells[cell])
    assert played.refusal is not None and played.refusal.reason == RefusalReason.STALE


def test_a_game_with_no_move_for_an_hour_is_gone(sqlite_file: Path) -> None:
    clock = FakeClock(1_700_000_000.0)
    games = Games(SqliteStore(sqlite_file, clock=clock), clock=in_ms(clock))
    game_id, _, _ = new_duel(games)
    clock.advance(IDLE_SECONDS + 1)
    assert games.load(game_id) is None


def test_a_move_keeps_the_game_for_another_hour(sqlite_file: Path) -> None:
    clock = FakeClock(1_700_000_000.0)
    games = Games(SqliteStore(sqlite_file, clock=clock), clock=in_ms(clock))
    game_id, _, _ = new_duel(games, minutes=60)
    clock.advance(IDLE_SECONDS - 60)
    place(games, game_id, HOST, 0)
    clock.advance(IDLE_SECONDS - 60)
    kept = games.load(game_id)
    assert kept is not None and len(kept.log) == 2


def test_a_move_in_a_game_gone_says_so(sqlite_file: Path) -> None:
    clock = FakeClock(1_700_000_000.0)
    games = Games(SqliteStore(sqlite_file, clock=clock), clock=in_ms(clock))
    game_id, _, _ = new_duel(games)
    clock.advance(IDLE_SECONDS + 1)
    with pytest.raises(GameGone):
        place(games, game_id, HOST, 0)


def test_tidying_deletes_the_rows_of_a_game_gone_idle(sqlite_file: Path) -> None:
    clock = FakeClock(1_700_000_000.0)
    store = SqliteStore(sqlite_file, clock=clock)
    games = Games(store, clock=in_ms(clock))
    new_duel(games)
    clock.advance(IDLE_SECONDS * 2)
    store.tidy()
    assert store._run("SELECT COUNT(*) FROM store_values") == [(0,)]


def race(stores: list[Store], attempt: Callable[[Games, int], T]) -> list[T]:
    """Each store client's attempt, all let go at the same instant from threads of their own
    (as from app servers of their own)."""
    start = threading.Barrier(len(stores))
    answers: list[T | None] = [None] * len(stores)

    def run(index: int) -> None:
        games = Games(stores[index])
        start.wait(timeout=10)
        answers[index] = attempt(games, index)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(stores))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def one_turn_raced(stores: list[Store]) -> tuple[list[Played], tuple[Move, ...]]:
    """Moves for the host's first turn sent at once through every store client, each in a
    cell of its own: the answers, and the game's log after."""
    games = Games(stores[0])
    game_id, _, _ = new_duel(games)
    answers = race(stores, lambda client, index: place(client, game_id, HOST, index))
    kept = games.load(game_id)
    assert kept is not None
    return answers, kept.log


def two_guests_raced(stores: list[Store]) -> list[str]:
    """The tokens each of many people opening one invitation at once is given ("" for none)."""
    game_id, _, invite = Games(stores[0]).create(PUZZLE, SOLUTION, Mode.DUEL, ClockSetting(5))
    return race(stores, lambda client, index: client.join(game_id, invite)[1] or "")


def test_of_moves_for_one_turn_from_many_sqlite_clients_one_is_applied(
    sqlite_file: Path,
) -> None:
    answers, _ = one_turn_raced([SqliteStore(sqlite_file) for _ in range(THREADS)])
    assert sum(answer.refusal is None for answer in answers) == 1


def test_the_move_logged_is_the_one_answered_applied(sqlite_file: Path) -> None:
    answers, log = one_turn_raced([SqliteStore(sqlite_file) for _ in range(THREADS)])
    applied = [answer.kept.log[-1] for answer in answers if answer.refusal is None]
    assert applied == [log[-1]]


def test_the_others_are_refused_as_out_of_turn(sqlite_file: Path) -> None:
    answers, _ = one_turn_raced([SqliteStore(sqlite_file) for _ in range(THREADS)])
    reasons = {answer.refusal.reason for answer in answers if answer.refusal is not None}
    assert reasons == {RefusalReason.NOT_YOUR_TURN}


def test_of_moves_for_one_turn_from_many_redis_clients_one_is_applied(
    redis_server: RedisServer,
) -> None:
    # Redis answers so fast that threads rarely meet in one turn: race ten turns.
    stores: list[Store] = [RedisStore(redis_server.url) for _ in range(THREADS)]
    rounds = [one_turn_raced(stores) for _ in range(ROUNDS)]
    applied = [
        (sum(answer.refusal is None for answer in answers), len(log)) for answers, log in rounds
    ]
    assert applied == [(1, 2)] * ROUNDS


def test_of_many_opening_one_invitation_at_once_one_takes_the_seat(sqlite_file: Path) -> None:
    tokens = two_guests_raced([SqliteStore(sqlite_file) for _ in range(THREADS)])
    assert sum(bool(token) for token in tokens) == 1


def test_on_redis_one_takes_the_seat(redis_server: RedisServer) -> None:
    stores: list[Store] = [RedisStore(redis_server.url) for _ in range(THREADS)]
    seated = [sum(bool(token) for token in two_guests_raced(stores)) for _ in range(ROUNDS)]
    assert seated == [1] * ROUNDS


def test_in_a_race_moves_at_once_from_both_players_are_all_applied(sqlite_file: Path) -> None:
    stores = [SqliteStore(sqlite_file) for _ in range(THREADS)]
    games = Games(stores[0])
    game_id, _, _ = new_duel(games, Mode.RACE)
    race(stores, lambda client, index: place(client, game_id, (HOST, GUEST)[index % 2], index))
    kept = games.load(game_id)
    assert kept is not None and len(kept.log) == 1 + THREADS
