"""How an app server tells the live relays that a game moved on: a message on one Redis
channel, "<game id> <version>", sent after the move is kept. With SQLite there is nothing to
send: the relay on the same machine polls the store (hub.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import redis

from ..jobs.store import CONNECT_TIMEOUT, READ_TIMEOUT, RedisStore, Store

CHANNEL = "sudoku:games:moved"
# A message is an id (24 characters) and a number; anything longer is not one of ours.
LONGEST_MESSAGE = 100

log = logging.getLogger(__name__)


def announcer_for(store: Store) -> Callable[[str, int], None] | None:
    """What tells the relays of a move kept in `store`: a Redis publisher for a Redis store,
    None for any other (the relay polls it)."""
    if not isinstance(store, RedisStore):
        return None
    client = redis.Redis.from_url(
        store.url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=READ_TIMEOUT
    )

    def announce(game_id: str, version: int) -> None:
        """Publish the game's new version; a failure costs only the news (the relays' poll
        finds the move within POLL_SECONDS), never the move."""
        try:
            client.publish(CHANNEL, f"{game_id} {version}")
        except redis.RedisError as error:
            log.warning("a move's news was not published: %s", type(error).__name__)

    return announce


def read_news(message: bytes) -> tuple[str, int] | None:
    """The game and version a channel message tells, or None when it is not one."""
    if len(message) > LONGEST_MESSAGE:
        return None
    fields = message.decode("ascii", "replace").split(" ")
    if len(fields) != 2 or not fields[1].isdigit() or not fields[0]:
        return None
    return fields[0], int(fields[1])
