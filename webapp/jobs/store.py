"""A small shared key-value store: a SQLite file on one machine, or Redis for several.

Jobs keep their records here, and decided results are shared through it, so every
process that opens the same file or the same Redis sees the same values. Values
are bytes; an entry may carry a lifetime in seconds. A group is a set of names
(the jobs still open). When the store cannot be reached, every call raises
Unreachable at once; after a Redis failure the store waits BREAK_SECONDS before it
tries again, so that a Redis that hangs costs one timeout, not one per request.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import redis

# How long a Redis store answers Unreachable without trying, after a failure.
BREAK_SECONDS = 1.0
# Redis must answer within these (seconds): a request that asks the store must not hang.
CONNECT_TIMEOUT = 0.5
READ_TIMEOUT = 1.0
PREFIX = "sudoku:"


class Unreachable(Exception):
    """The store did not answer; the message says which store and why."""


class Store(Protocol):
    """What jobs and the shared results need of a store."""

    def get(self, key: str) -> bytes | None:
        """The value under `key`, or None when there is none (or it has expired)."""

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        """The values under `keys` read in one call, by key; a key with none (or expired)
        is left out. A match's claims of a round are read so: one at a time, they were most
        of the relay's calls to the store."""

    def put(self, key: str, value: bytes, seconds: float | None = None) -> None:
        """Store `value` under `key`, for `seconds` if given, else until replaced."""

    def add(self, key: str, value: bytes, seconds: float | None = None) -> bool:
        """Store `value` under `key` only if nothing is there; True if it was stored."""

    def join(self, group: str, name: str) -> None:
        """Add `name` to `group`."""

    def join_within(self, group: str, name: str, limit: int) -> bool:
        """Add `name` to `group` only while it holds fewer than `limit` names, checked and
        done in one step (two servers checking, then adding, overshot the limit); True when
        `name` is (now) in it."""

    def leave(self, group: str, name: str) -> None:
        """Take `name` out of `group`."""

    def members(self, group: str) -> set[str]:
        """The names in `group`."""


def open_store(url: str) -> Store:
    """The store at `url`: redis://... (or rediss://), or sqlite:///path/to/file."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url)
    if url.startswith("sqlite:///"):
        return SqliteStore(Path(url.removeprefix("sqlite://")))
    raise ValueError(f"a store is redis://... or sqlite:///path, not {url!r}")


# The most bytes of values a SQLite store keeps (tidy): as the shipped Redis's maxmemory.
MAX_BYTES = 256 * 1024 * 1024
# Each connection's durability: in WAL mode a commit then waits for no disk flush (the WAL
# is flushed at its checkpoints), and what was committed outlives any process that stops or
# is killed; only a power cut may lose the last commits, as Redis's own saving may. At the
# default (FULL) every write waited on the disk: making a store and a few writes cost tens of
# milliseconds a time, where the CPU spent was a few.
SYNCHRONOUS = "PRAGMA synchronous=NORMAL"


class SqliteStore:
    """A store in one SQLite file, shared by every process on the machine that opens it.

    `clock` tells the time of expiry (epoch seconds); a test passes one it advances itself.
    """

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self._local = threading.local()
        path.parent.mkdir(parents=True, exist_ok=True)
        # Made with a connection of its own, closed at once: the app is created in gunicorn's
        # master, and a connection must not cross into the workers it forks.
        db = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            db.execute(SYNCHRONOUS)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS store_values"
                " (key TEXT PRIMARY KEY, value BLOB, expires REAL)"
            )
            db.execute(
                "CREATE TABLE IF NOT EXISTS store_groups"
                " (grp TEXT, name TEXT, PRIMARY KEY (grp, name))"
            )
        finally:
            db.close()

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection (a connection cannot cross threads)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=5, isolation_level=None)
                db.execute(SYNCHRONOUS)
            except sqlite3.Error as error:
                raise Unreachable(f"cannot open {self.path}: {error}") from error
            self._local.db = db
        return db

    def _run(self, sql: str, *parameters: object) -> list[tuple[object, ...]]:
        """Run one statement; its rows."""
        try:
            return self._connection().execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise Unreachable(f"{self.path}: {error}") from error

    def get(self, key: str) -> bytes | None:
        rows = self._run("SELECT value, expires FROM store_values WHERE key = ?", key)
        if not rows:
            return None
        value, expires = rows[0]
        if isinstance(expires, float) and expires < self.clock():
            self._run("DELETE FROM store_values WHERE key = ? AND expires = ?", key, expires)
            return None
        return bytes(value) if isinstance(value, bytes | bytearray | memoryview) else None

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        found: dict[str, bytes] = {}
        # One statement for a chunk of keys, kept under SQLite's limit of parameters.
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = self._run(
                f"SELECT key, value FROM store_values WHERE key IN ({marks})"
                " AND (expires IS NULL OR expires >= ?)",
                *chunk,
                self.clock(),
            )
            for key, value in rows:
                if isinstance(value, bytes | bytearray | memoryview):
                    found[str(key)] = bytes(value)
        return found

    def put(self, key: str, value: bytes, seconds: float | None = None) -> None:
        self._run(
            "INSERT OR REPLACE INTO store_values VALUES (?, ?, ?)",
            key,
            value,
            self._expiry(seconds),
        )

    def add(self, key: str, value: bytes, seconds: float | None = None) -> bool:
        # An expired entry counts as absent: it is written over, in the one statement (a
        # statement is a commit: two were twice the relay's cost of each answer it kept).
        rows = self._run(
            "INSERT INTO store_values VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET"
            " value = excluded.value, expires = excluded.expires"
            " WHERE store_values.expires < ? RETURNING key",
            key,
            value,
            self._expiry(seconds),
            self.clock(),
        )
        return bool(rows)

    def tidy(self, limit: int | None = None) -> int:
        """Delete the entries whose lifetime is over, then, while the values take more than
        `limit` bytes (MAX_BYTES by default), those with a lifetime that ends soonest: kept
        results and finished jobs' records, which can all be made again; never an entry
        without one (the queue's, the open jobs'). The number deleted. The consumers' sweep
        calls it every SWEEP_SECONDS; Redis does the same by itself (maxmemory)."""
        limit = MAX_BYTES if limit is None else limit
        gone = self._run("DELETE FROM store_values WHERE expires < ? RETURNING key", self.clock())
        (size,) = self._run("SELECT COALESCE(SUM(LENGTH(value)), 0) FROM store_values")[0]
        excess = int(size) - limit if isinstance(size, int) else 0
        doomed = []
        if excess > 0:
            rows = self._run(
                "SELECT key, LENGTH(value) FROM store_values WHERE expires IS NOT NULL"
                " ORDER BY expires"
            )
            for key, length in rows:
                if excess <= 0:
                    break
                doomed.append(key)
                excess -= int(length) if isinstance(length, int) else 0
        for start in range(0, len(doomed), 500):
            chunk = doomed[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            self._run(f"DELETE FROM store_values WHERE key IN ({marks})", *chunk)
        return len(gone) + len(doomed)

    def _expiry(self, seconds: float | None) -> float | None:
        """When an entry stored now for `seconds` expires (epoch seconds); None for never."""
        return None if seconds is None else self.clock() + seconds

    def join(self, group: str, name: str) -> None:
        self._run("INSERT OR IGNORE INTO store_groups VALUES (?, ?)", group, name)

    def join_within(self, group: str, name: str, limit: int) -> bool:
        # One statement: SQLite writes it under one lock, the count and the insert together.
        self._run(
            "INSERT OR IGNORE INTO store_groups SELECT ?, ?"
            " WHERE (SELECT COUNT(*) FROM store_groups WHERE grp = ?) < ?",
            group,
            name,
            group,
            limit,
        )
        return bool(self._run("SELECT 1 FROM store_groups WHERE grp = ? AND name = ?", group, name))

    def leave(self, group: str, name: str) -> None:
        self._run("DELETE FROM store_groups WHERE grp = ? AND name = ?", group, name)

    def members(self, group: str) -> set[str]:
        return {
            str(name) for (name,) in self._run("SELECT name FROM store_groups WHERE grp = ?", group)
        }


# join_within in Redis: a script runs whole, nothing else between its commands.
JOIN_WITHIN = """
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) < tonumber(ARGV[2]) then
    redis.call('SADD', KEYS[1], ARGV[1])
    return 1
end
return 0
"""


class RedisStore:
    """A store in Redis, shared by every machine that reaches it (Redis keeps the lifetimes).

    `clock` tells the time of BREAK_SECONDS after a failure; a test passes one it advances.
    """

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.clock = clock
        self._redis = redis.Redis.from_url(
            url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=READ_TIMEOUT
        )
        self._broken_until = 0.0

    def _call(self, method: str, *arguments: object, **options: object) -> object:
        """One Redis command, or Unreachable (at once while the last failure is recent)."""
        if self.clock() < self._broken_until:
            raise Unreachable(f"Redis at {self.url} did not answer a moment ago")
        try:
            return getattr(self._redis, method)(*arguments, **options)
        except redis.RedisError as error:
            self._broken_until = self.clock() + BREAK_SECONDS
            raise Unreachable(f"Redis at {self.url}: {error}") from error

    def get(self, key: str) -> bytes | None:
        value = self._call("get", PREFIX + key)
        return value if isinstance(value, bytes) else None

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        if not keys:
            return {}
        values = self._call("mget", [PREFIX + key for key in keys])
        assert isinstance(values, list)
        return {
            key: value for key, value in zip(keys, values, strict=True) if isinstance(value, bytes)
        }

    def put(self, key: str, value: bytes, seconds: float | None = None) -> None:
        self._call("set", PREFIX + key, value, px=_milliseconds(seconds))

    def add(self, key: str, value: bytes, seconds: float | None = None) -> bool:
        return bool(self._call("set", PREFIX + key, value, px=_milliseconds(seconds), nx=True))

    def join(self, group: str, name: str) -> None:
        self._call("sadd", PREFIX + group, name)

    def join_within(self, group: str, name: str, limit: int) -> bool:
        return bool(self._call("eval", JOIN_WITHIN, 1, PREFIX + group, name, limit))

    def leave(self, group: str, name: str) -> None:
        self._call("srem", PREFIX + group, name)

    def members(self, group: str) -> set[str]:
        names = self._call("smembers", PREFIX + group)
        assert isinstance(names, set)
        return {name.decode() for name in names}


def _milliseconds(seconds: float | None) -> int | None:
    """A lifetime for Redis's PX option; None for none."""
    return None if seconds is None else max(1, int(seconds * 1000))
