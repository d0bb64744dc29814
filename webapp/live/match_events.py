"""A match's live news for its watchers: GET /match/<id>/events on the relay, as nginx sends
it on (sse.py hands the request here), read by the watch page's script (static/match.js),
which then reads the page again; without script the page reloads itself.

The stream is `retry: 1000`, then `event: match` with data {"version", "phase", "over"} (the
numbers of the rounds over) at once and each time the match moves on, a comment line every
heartbeat, and it ends once the match is over or at the connection's ceiling. The match is
read by the same watch its bots here are followed by (match_watch.py): once for all.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..matches import MatchPhase, StoredMatch
from .match_watch import MatchWatch
from .sockets import BotSockets
from .streams import AddressCounts, stream_events

MATCH_EVENTS_PATH = re.compile(r"/match/([A-Za-z0-9_-]{1,64})/events")


@dataclass(frozen=True)
class WatcherLimits:
    """Watchers in all and per address, a heartbeat and the connection's ceiling."""

    total: int = 2000
    per_address: int = 16
    heartbeat_seconds: float = 15.0
    connection_seconds: float = 600.0


def match_event(watch: MatchWatch, version: int) -> bytes:
    """One event telling where the match is."""
    state = watch.kept.state
    over = [played.number for played in state.rounds if played.end is not None]
    if state.phase == MatchPhase.OVER:
        over = [played.number for played in state.rounds]
    data = {"version": version, "phase": str(state.phase), "over": over}
    return f"event: match\ndata: {json.dumps(data)}\n\n".encode()


class MatchWatchers:
    """The watchers of matches on this relay, counted against their limits."""

    def __init__(self, sockets: BotSockets, limits: WatcherLimits) -> None:
        self.sockets = sockets
        self.limits = limits
        self._counts = AddressCounts()

    def refusal(self, address: str) -> str:
        """Why one more watcher from `address` is past a limit ("" when it is not)."""
        if self._counts.total >= self.limits.total:
            return "this relay holds as many watchers as it may: try again in a minute"
        if self._counts.of(address) >= self.limits.per_address:
            return f"one address may watch {self.limits.per_address} matches at once"
        return ""

    async def stream(
        self,
        kept: StoredMatch,
        address: str,
        gone: asyncio.Future[bytes],
        send: Callable[[bytes], Awaitable[None]],
    ) -> None:
        """Send `kept`'s news until it is over, the ceiling, or the page goes (`gone`)."""
        limits = self.limits
        with self._counts.held(address):
            watch = self.sockets.watch(kept)
            try:
                version = await watch.changed_since(0, limits.heartbeat_seconds)
                await send(match_event(watch, version))

                async def news(seconds: float) -> bytes | None:
                    nonlocal version
                    found = await watch.changed_since(version, seconds)
                    if found == version:
                        return None
                    version = found
                    return match_event(watch, version)

                await stream_events(
                    send,
                    gone,
                    news,
                    limits.heartbeat_seconds,
                    limits.connection_seconds,
                    lambda: watch.kept.state.phase != MatchPhase.OVER,
                )
            finally:
                self.sockets.unwatch(watch)
