"""The Redis that deploy/stack --redis runs: bounded, on a loopback port, its writes kept in an
append-only file so that a restart loses no job."""

from __future__ import annotations

from pathlib import Path

import redis

# Every write goes to an append-only file in its folder, flushed each second (`appendfsync
# everysec`): a Redis restarted on the same folder reads it back, queued jobs and their
# records included (in memory only, a restart lost every queued job). No snapshots besides.
# Within MEMORY; when it is full, only entries the app wrote with a lifetime may go, least
# recently used first: kept solves and paths, and job records, which can all be made again.
# The queue and the set of open jobs have none, so a waiting job is never dropped (as
# allkeys-lru could), and writes are not all refused (as noeviction would). A decided 25x25
# solve takes about 2.3 KB of Redis's memory, so this holds some 100,000 of them.
MEMORY = "256mb"
POLICY = "volatile-lru"


def redis_command(binary: str, port: int, folder: Path) -> list[str]:
    """The command line of redis-server on 127.0.0.1:`port`, working in `folder`."""
    return [
        *(binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)),
        *("--save", "", "--appendonly", "yes", "--appendfsync", "everysec"),
        *("--maxmemory", MEMORY, "--maxmemory-policy", POLICY),
        *("--loglevel", "warning"),
    ]


def redis_answers(url: str) -> bool:
    """True when the Redis at `url` answers PING now."""
    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()
