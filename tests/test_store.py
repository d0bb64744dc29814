"""The shared key-value store, in both its forms: a SQLite file and a real Redis."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from webapp.jobs import huey_for
from webapp.jobs.queue import TIDY_SECONDS, JobQueue
from webapp.jobs.store import BREAK_SECONDS, RedisStore, SqliteStore, Unreachable, open_store

from clocks import FakeClock
from redis_server import free_port
from waiting import until


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path):
    """An empty store of each kind."""
    if request.param == "sqlite":
        return open_store(f"sqlite:///{tmp_path}/store.sqlite3")
    server = request.getfixturevalue("redis_server")
    redis.Redis.from_url(server.url).flushdb()
    return open_store(server.url)


def test_what_is_put_is_got_back(store):
    assert store.get("a") is None
    store.put("a", b"one")
    store.put("a", b"two")
    assert store.get("a") == b"two"


def test_add_stores_only_when_nothing_is_there(store):
    assert store.add("claim", b"first") is True
    assert store.add("claim", b"second") is False
    assert store.get("claim") == b"first"


def test_many_keys_are_read_in_one_call_leaving_out_those_without_a_value(store):
    store.put("a", b"one")
    store.put("c", b"three")
    assert store.get_many(["a", "b", "c"]) == {"a": b"one", "c": b"three"}


def test_more_keys_than_one_statement_takes_are_all_read(store):
    for number in range(0, 1200, 7):
        store.put(f"k{number}", str(number).encode())
    found = store.get_many([f"k{number}" for number in range(1200)])
    assert found == {f"k{number}": str(number).encode() for number in range(0, 1200, 7)}


def test_reading_many_keys_leaves_out_the_expired(tmp_path):
    clock = FakeClock()
    store = SqliteStore(tmp_path / "store.sqlite3", clock=clock)
    store.put("short", b"x", seconds=0.2)
    store.put("long", b"y", seconds=60)
    clock.advance(0.3)
    assert store.get_many(["short", "long"]) == {"long": b"y"}


def test_entries_expire_by_the_stores_clock(tmp_path):
    clock = FakeClock()
    store = SqliteStore(tmp_path / "store.sqlite3", clock=clock)
    store.put("short", b"x", seconds=0.2)
    store.put("long", b"y", seconds=60)
    assert store.get("short") == b"x"
    clock.advance(0.3)
    assert store.get("short") is None
    assert store.get("long") == b"y"
    assert store.add("short", b"again") is True


def test_redis_keeps_each_entrys_lifetime_and_expires_it(redis_server):
    shared = redis.Redis.from_url(redis_server.url)
    shared.flushdb()
    store = open_store(redis_server.url)
    store.put("short", b"x", seconds=0.2)
    store.put("long", b"y", seconds=60)
    assert 0 < shared.pttl("sudoku:short") <= 200
    assert 59_000 < shared.pttl("sudoku:long") <= 60_000
    until(lambda: store.get("short") is None, "Redis expires the entry", seconds=10)
    assert store.get("long") == b"y"
    assert store.add("short", b"again") is True


def test_groups_hold_names_once(store):
    store.join("open", "job-1")
    store.join("open", "job-1")
    store.join("open", "job-2")
    assert store.members("open") == {"job-1", "job-2"}
    store.leave("open", "job-1")
    assert store.members("open") == {"job-2"}
    assert store.members("other") == set()


def test_a_bounded_group_takes_names_only_while_it_has_room(store):
    assert store.join_within("open", "job-1", 2) is True
    assert store.join_within("open", "job-1", 2) is True  # already in: still in
    assert store.join_within("open", "job-2", 2) is True
    assert store.join_within("open", "job-3", 2) is False
    assert store.members("open") == {"job-1", "job-2"}
    store.leave("open", "job-1")
    assert store.join_within("open", "job-3", 2) is True


def test_many_joining_at_once_never_overshoot_the_bound(store, tmp_path):
    # 40 submissions at once put 18 jobs in a queue of 8: each counted, then joined
    if isinstance(store, SqliteStore):
        stores = [SqliteStore(store.path) for _ in range(40)]  # a connection each, as servers
    else:
        stores = [RedisStore(store.url) for _ in range(40)]
    start = threading.Barrier(40)

    def submit(number: int) -> bool:
        start.wait(30)
        return stores[number].join_within("open", f"job-{number}", 8)

    with ThreadPoolExecutor(40) as pool:
        joined = list(pool.map(submit, range(40)))
    assert joined.count(True) == 8
    assert len(store.members("open")) == 8


def test_tidying_deletes_what_expired_without_it_being_read(tmp_path):
    # expired rows went only when read again: the store only grew
    clock = FakeClock()
    store = SqliteStore(tmp_path / "store.sqlite3", clock=clock)
    store.put("short", b"x" * 1000, seconds=10)
    store.put("long", b"y", seconds=1000)
    store.put("queue", b"z")  # no lifetime
    clock.advance(11)
    assert store.tidy() == 1
    assert store._run("SELECT key FROM store_values ORDER BY key") == [("long",), ("queue",)]


def test_the_consumers_sweep_tidies_the_stores_once_a_minute(tmp_path):
    clock = FakeClock()
    board = SqliteStore(tmp_path / "jobs.sqlite3", clock=clock)
    queue = JobQueue(
        huey_for(f"sqlite:///{tmp_path}/huey.sqlite3", immediate=True),
        board,
        board,
        60,
        8,
        clock=clock,
    )
    board.put("short", b"x", seconds=10)
    queue.sweep()
    clock.advance(11)
    board.put("shorter", b"x", seconds=5)
    queue.sweep()  # within the minute: nothing tidied yet
    assert board._run("SELECT COUNT(*) FROM store_values") == [(2,)]
    clock.advance(TIDY_SECONDS)
    queue.sweep()
    assert board._run("SELECT COUNT(*) FROM store_values") == [(0,)]


def test_past_its_bound_the_store_drops_what_ends_soonest_never_what_has_no_lifetime(tmp_path):
    clock = FakeClock()
    store = SqliteStore(tmp_path / "store.sqlite3", clock=clock)
    for number in range(10):
        store.put(f"kept-{number}", b"k" * 1000, seconds=100 + number)
    store.put("queue", b"q" * 3000)
    store.tidy(limit=6000)
    left = {key for (key,) in store._run("SELECT key FROM store_values")}
    assert left == {"queue", "kept-7", "kept-8", "kept-9"}
    store.tidy(limit=0)
    assert store.get("queue") == b"q" * 3000


def test_one_sqlite_file_is_one_store(tmp_path):
    first = SqliteStore(tmp_path / "shared.sqlite3")
    second = SqliteStore(tmp_path / "shared.sqlite3")
    first.put("k", b"v")
    assert second.get("k") == b"v"


def test_a_redis_that_does_not_answer_is_unreachable_at_once_and_then_again_later():
    clock = FakeClock()
    store = RedisStore(f"redis://127.0.0.1:{free_port()}/0", clock=clock)
    with pytest.raises(Unreachable, match="Redis at redis://127.0.0.1"):
        store.get("k")
    clock.advance(BREAK_SECONDS / 2)
    with pytest.raises(Unreachable, match="a moment ago"):
        store.put("k", b"v")  # within BREAK_SECONDS: not even tried
    clock.advance(BREAK_SECONDS / 2)  # BREAK_SECONDS since the failure
    with pytest.raises(Unreachable, match="Redis at redis://127.0.0.1:\\d+/0: "):
        store.get("k")


@pytest.mark.parametrize("url", ["postgres://db/x", "sqlite://relative.db", ""])
def test_an_unknown_store_address_is_refused(url):
    with pytest.raises(ValueError, match="redis://... or sqlite:///path"):
        open_store(url)


def test_a_sqlite_stores_commits_wait_for_no_disk_flush(tmp_path):
    # synchronous=NORMAL (1) in WAL mode: durable past a killed process, and a write no
    # longer waits on the disk as at the default FULL (2).
    store = SqliteStore(tmp_path / "store.sqlite3")
    store.put("key", b"value")
    assert store._connection().execute("PRAGMA synchronous").fetchone() == (1,)
