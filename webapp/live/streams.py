"""What the relay's faces share about a connection they hold: counting connections in all
and per address (the games' followers in hub.py, the bots in sockets.py, the matches'
watchers in match_events.py), and an event stream's loop (sse.py's game events and
match_events.py's match news): an event each time there is news, a heartbeat when there is
none, until the page goes, the stream has said all, or the connection's ceiling.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

HEARTBEAT = b": still here\n\n"


class AddressCounts:
    """The connections a face holds now, in all and by address (an address no longer held is
    forgotten, so the counts never grow with the addresses seen)."""

    def __init__(self) -> None:
        self._by_address: Counter[str] = Counter()
        self._total = 0

    @property
    def total(self) -> int:
        """The connections held now."""
        return self._total

    def of(self, address: str) -> int:
        """The connections held now from `address`."""
        return self._by_address[address]

    @contextmanager
    def held(self, address: str) -> Iterator[None]:
        """Count one connection from `address` for the block."""
        self._by_address[address] += 1
        self._total += 1
        try:
            yield
        finally:
            self._total -= 1
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]


async def stream_events(
    send: Callable[[bytes], Awaitable[None]],
    gone: asyncio.Future[bytes],
    next_event: Callable[[float], Awaitable[bytes | None]],
    heartbeat_seconds: float,
    connection_seconds: float,
    going_on: Callable[[], bool] = lambda: True,
) -> None:
    """Send each event `next_event(seconds)` gives within a heartbeat (a heartbeat when it
    gives None) while `going_on()`, until the page goes (`gone`) or `connection_seconds`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + connection_seconds  # a ceiling, said as such
    while not gone.done() and going_on():
        left = deadline - loop.time()
        if left <= 0:
            return
        waiting = asyncio.ensure_future(next_event(min(heartbeat_seconds, left)))
        either: set[asyncio.Future[bytes | None] | asyncio.Future[bytes]] = {waiting, gone}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if not waiting.done():
            waiting.cancel()
            return
        event = waiting.result()
        await send(HEARTBEAT if event is None else event)
