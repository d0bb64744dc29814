"""The Redis that deploy/stack --redis runs: in memory only, bounded, on a loopback port."""

from __future__ import annotations

from pathlib import Path

import redis

# Everything stays in memory, within MEMORY: nothing on disk to clean up, or to trust after
# a restart. When it is full, only entries the app wrote with a lifetime may go, least
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
        *("--save", "", "--appendonly", "no"),
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
