"""The relay process: the hub, its sources of news and its SSE face, on one event loop until
a signal stops it (`sudoku relay`)."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal

from ..games.store import Games
from ..jobs.store import RedisStore, Store
from ..matches import Matches
from .hub import Hub, RelayLimits
from .sockets import BotSockets, SocketLimits
from .sse import EventsFace

# How often the relay asks the store for the followed games' versions: with SQLite it is how
# moves are learnt, so a tenth of a second; under Redis, whose news come at once, a safety
# net for news lost while Redis or the relay restarted.
SQLITE_POLL_SECONDS = 0.1
REDIS_POLL_SECONDS = 2.0
# How often a match followed by bots here is read for answers taken by other servers (its
# rounds' starts and ends by the clock are read at their instants, and answers taken here at
# once).
MATCH_POLL_SECONDS = 0.1

log = logging.getLogger(__name__)


async def relay(
    store: Store, host: str, port: int, limits: RelayLimits, poll_seconds: float | None = None
) -> None:
    """Serve the live events of the games in `store` on host:port until SIGTERM or SIGINT,
    polling the store every `poll_seconds` (by default as the store asks)."""
    redis_url = store.url if isinstance(store, RedisStore) else None
    if poll_seconds is None:
        poll_seconds = REDIS_POLL_SECONDS if redis_url else SQLITE_POLL_SECONDS
    hub = Hub(Games(store), limits, poll_seconds)
    sockets = BotSockets(Matches(store), SocketLimits(), MATCH_POLL_SECONDS)
    face = EventsFace(hub, sockets)
    server = await face.serve(host, port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    sources = [asyncio.create_task(hub.poll())]
    if redis_url:
        sources.append(asyncio.create_task(hub.listen(redis_url)))
    # What the start made (the app's and engine's modules and tables, some 86,000 objects)
    # lives as long as the relay: kept out of the collector's sweeps, where one full sweep
    # of it took 50 ms of a 50-match load's 0.7 s.
    gc.collect()
    gc.freeze()
    news = "Redis's news" if redis_url else f"a poll every {poll_seconds} s"
    log.info("relay listening on %s:%d, learning of moves by %s", host, port, news)
    try:
        await stop.wait()
    finally:
        server.close()
        await face.close()
        for task in sources:
            task.cancel()
        log.info("relay stopping with %d followers", hub.count)
