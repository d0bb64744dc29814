"""The relay's core, with no transport: who follows which game, within what limits, and each
game's newest version as it is learnt.

Glossary:
- a follower: one live connection (a player's or a watcher's page) on one game, counted
  against its address, its game and the relay as a whole (RelayLimits); it is told the game's
  version when it comes, then each newer one, and never waits on a version it has heard;
- a version: the number of moves in a game's log (GameState.version), so versions only grow
  and a follower told V has missed nothing it needs: it asks the app for the game as it
  stands;
- news: Redis's message that a game moved on (news.py), acted on at once;
- the poll: every `poll_seconds`, one read a followed game asks the store whether its next
  move is there (Games.moved). With SQLite it is how moves are learnt (0.1 s); under Redis it
  is a safety net (a few seconds) for news lost while Redis or a relay restarted.

The store's calls are blocking, so they run in a thread (asyncio.to_thread); the hub itself
runs on one event loop and needs no locks.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import redis.asyncio
from redis import RedisError

from ..games.store import Games
from ..jobs.store import Unreachable
from .news import CHANNEL, read_news
from .streams import AddressCounts

log = logging.getLogger(__name__)

# How long the Redis listener waits after losing Redis before it tries again.
RECONNECT_SECONDS = 1.0


@dataclass(frozen=True)
class RelayLimits:
    """What the relay holds at most: followers in all, per address and per game; and how long
    one connection lasts (a ceiling, after which the page connects again) and how often an
    idle one is written a heartbeat (so a page gone is noticed)."""

    total: int = 2000
    per_address: int = 16
    per_game: int = 64
    connection_seconds: float = 600.0
    heartbeat_seconds: float = 15.0


class FollowRefused(Exception):
    """A follower the limits do not allow: what is full, and when to try again (seconds)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class GameNotFound(Exception):
    """No such game in the store (never made, or gone an hour after its last move)."""


@dataclass(eq=False)
class Follower:
    """One live connection on one game: the newest version learnt, and the last one told."""

    game_id: str
    address: str
    newest: int
    told: int = -1
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    def learn(self, version: int) -> None:
        """The game is at `version` now (an older one is ignored)."""
        if version > self.newest:
            self.newest = version
            self._changed.set()

    async def next_version(self, seconds: float) -> int | None:
        """The newest version once it is past the last one told (at once for the first),
        marked told; None when none comes within `seconds`."""
        while self.newest <= self.told:
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), seconds)
            except TimeoutError:
                return None
        self.told = self.newest
        return self.told


class Hub:
    """The followers of every game, and what keeps their versions new."""

    def __init__(self, games: Games, limits: RelayLimits, poll_seconds: float) -> None:
        self.games = games
        self.limits = limits
        self.poll_seconds = poll_seconds
        self._followers: dict[str, set[Follower]] = {}
        self._counts = AddressCounts()
        self._poll_now = asyncio.Event()

    @property
    def count(self) -> int:
        """The followers connected now."""
        return self._counts.total

    @asynccontextmanager
    async def follow(self, game_id: str, address: str) -> AsyncIterator[Follower]:
        """A follower of `game_id` for `address`, for the block: FollowRefused past a limit,
        GameNotFound, or Unreachable when the store does not answer."""
        self._check_limits(game_id, address)
        version = await asyncio.to_thread(self.games.version, game_id)
        if version is None:
            raise GameNotFound(game_id)
        self._check_limits(game_id, address)  # others may have come while the store answered
        # The game's other followers learn what the store says now: the poll asks the store
        # only past the newest version any follower knows, so a move this one read first (a
        # player reloading after their move) would never reach a follower that missed it.
        self.learn(game_id, version)
        # And this one starts at the newest version they know: a move they learnt while the
        # store answered (after its read) is past this version, and the poll, asking past
        # theirs, would never tell it.
        known = [other.newest for other in self._followers.get(game_id, ())]
        follower = Follower(game_id, address, max([version, *known]))
        self._followers.setdefault(game_id, set()).add(follower)
        try:
            with self._counts.held(address):
                yield follower
        finally:
            followers = self._followers[game_id]
            followers.discard(follower)
            if not followers:
                del self._followers[game_id]

    def _check_limits(self, game_id: str, address: str) -> None:
        """FollowRefused when one more follower of `game_id` from `address` is past a limit."""
        limits = self.limits
        if self._counts.total >= limits.total:
            raise FollowRefused("the live relay follows as many pages as it may", 5)
        if self._counts.of(address) >= limits.per_address:
            raise FollowRefused(
                f"one address may follow {limits.per_address} games live at once: close some", 30
            )
        if len(self._followers.get(game_id, ())) >= limits.per_game:
            raise FollowRefused(f"one game may have {limits.per_game} live followers at once", 30)

    def learn(self, game_id: str, version: int) -> None:
        """`game_id` is at `version` now: tell its followers."""
        for follower in self._followers.get(game_id, ()):
            follower.learn(version)

    def known_versions(self) -> dict[str, int]:
        """Each followed game's newest version learnt."""
        return {
            game_id: max(follower.newest for follower in followers)
            for game_id, followers in self._followers.items()
        }

    async def poll_once(self) -> None:
        """Ask the store which followed games moved on, and learn their versions."""
        known = self.known_versions()
        if not known:
            return
        moved = await asyncio.to_thread(self.games.moved, known)
        for game_id in moved:
            version = await asyncio.to_thread(self.games.version, game_id)
            if version is not None:
                self.learn(game_id, version)

    async def poll(self) -> None:
        """Poll every `poll_seconds` (or at once when asked, after news were lost), for ever;
        a store that does not answer is said once, and asked again at the next poll."""
        said_unreachable = False
        while True:
            try:
                await self.poll_once()
                said_unreachable = False
            except Unreachable as error:
                if not said_unreachable:
                    log.warning("relay: the store does not answer: %s", type(error).__name__)
                said_unreachable = True
            self._poll_now.clear()
            try:
                await asyncio.wait_for(self._poll_now.wait(), self.poll_seconds)
            except TimeoutError:
                pass

    async def listen(self, url: str) -> None:
        """Learn of moves from Redis's news at `url`, for ever; after losing Redis, connect
        again and poll at once, since news sent meanwhile are lost."""
        while True:
            client = redis.asyncio.Redis.from_url(url, socket_connect_timeout=1)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self._poll_now.set()
                    async for message in pubsub.listen():
                        data = message.get("data")
                        if message.get("type") == "message" and isinstance(data, bytes):
                            news = read_news(data)
                            if news is not None:
                                self.learn(*news)
            except (RedisError, OSError) as error:
                log.warning("relay: Redis's news stopped (%s); again shortly", type(error).__name__)
            finally:
                await client.aclose()
            await asyncio.sleep(RECONNECT_SECONDS)
