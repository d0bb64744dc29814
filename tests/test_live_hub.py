"""The relay's core (webapp/live/hub.py) and its SSE face in one event loop, on a real SQLite
store: the limits per game and in all, a follower told each version once and never an older
one, a connection ended at its ceiling, and Redis's news read strictly."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from test_game_pages import place, seated

from webapp.games.store import Games
from webapp.jobs import QUEUE_KEY
from webapp.live.hub import FollowRefused, GameNotFound, Hub, RelayLimits
from webapp.live.news import read_news
from webapp.live.sse import EventsFace

from event_loops import run_alone


def hub_of(app: Any, **limits: Any) -> Hub:
    """A hub on the app's store, polling every 0.05 s."""
    return Hub(Games(app.extensions[QUEUE_KEY].board), RelayLimits(**limits), 0.05)


async def refusal(hub: Hub, game_id: str, addresses: list[str]) -> str:
    """Follow `game_id` from each address in turn, holding each: the first refusal's message."""
    async with asyncio.TaskGroup() as group:
        held: list[asyncio.Event] = []
        message = ""
        for address in addresses:
            entered, release = asyncio.Event(), asyncio.Event()
            held.append(release)

            async def hold(
                address: str = address,
                entered: asyncio.Event = entered,
                release: asyncio.Event = release,
            ) -> None:
                async with hub.follow(game_id, address):
                    entered.set()
                    await release.wait()

            try:
                async with hub.follow(game_id, address):
                    pass
            except FollowRefused as refused:
                message = refused.message
                break
            group.create_task(hold())
            await entered.wait()
        for release in held:
            release.set()
    return message


@pytest.mark.parametrize(
    ("limits", "expected"),
    [
        ({"per_game": 2}, "one game may have 2 live followers at once"),
        ({"total": 3}, "the live relay follows as many pages as it may"),
    ],
)
def test_past_a_limit_a_follower_is_refused_saying_which(make_app: Any, limits, expected):
    app = make_app()
    _, _, game_id = seated(app)
    hub = hub_of(app, **limits)
    addresses = [f"127.0.0.{n}" for n in range(1, 6)]
    assert run_alone(refusal(hub, game_id, addresses)) == expected


def test_no_such_game_is_not_followed(make_app: Any) -> None:
    hub = hub_of(make_app())

    async def follow() -> None:
        async with hub.follow("nosuchgame", "127.0.0.1"):
            pass

    with pytest.raises(GameNotFound):
        run_alone(follow())


def test_a_follower_is_told_the_newest_version_once_and_never_an_older(make_app: Any) -> None:
    app = make_app()
    _, _, game_id = seated(app)
    hub = hub_of(app)

    async def told() -> list[int | None]:
        async with hub.follow(game_id, "127.0.0.1") as follower:
            first = await follower.next_version(1)
            hub.learn(game_id, 3)
            hub.learn(game_id, 2)  # news out of order: an older version is no news
            second = await follower.next_version(1)
            none = await follower.next_version(0.05)
            return [first, second, none]

    assert run_alone(told()) == [1, 3, None]


def test_a_follower_hears_a_move_that_a_later_follower_saw_first(make_app: Any) -> None:
    """The player who moved reloads and follows again before the poll sees the move: the
    other player's follower must still be told it (the poll once asked the store only past
    the newest version any follower knew, and the older one waited for ever)."""
    app = make_app()
    host, _, game_id = seated(app)
    hub = hub_of(app)

    async def told() -> int | None:
        async with hub.follow(game_id, "127.0.0.1") as waiting:
            await waiting.next_version(1)
            await asyncio.to_thread(place, host, game_id, 0)
            async with hub.follow(game_id, "127.0.0.2"):
                await hub.poll_once()
                return await waiting.next_version(0.5)

    assert run_alone(told()) == 2


class MovedWhileRead(Games):
    """The app's store, where a move is made and the hub's poll learns it just after the
    version a new follower asks for is read, before that follower joins: the interleaving
    of a move racing a page's connection, forced without timing."""

    def __init__(self, app: Any, host: Any) -> None:
        super().__init__(app.extensions[QUEUE_KEY].board)
        self.host = host
        self.hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def version(self, game_id: str) -> int | None:
        """The version read; when armed (hub and loop set), a move and a poll just after."""
        read = super().version(game_id)
        if self.hub is not None and self.loop is not None:
            hub, self.hub = self.hub, None
            place(self.host, game_id, 0)
            asyncio.run_coroutine_threadsafe(hub.poll_once(), self.loop).result()
        return read


def test_a_new_follower_hears_a_move_other_followers_learnt_while_it_read_the_store(
    make_app: Any,
) -> None:
    """A follower that read the store just before a move the game's other followers have
    learnt must start at that move: the poll asks only past the newest version they know, so
    it would never be told it."""
    app = make_app()
    host, _, game_id = seated(app)
    games = MovedWhileRead(app, host)
    hub = Hub(games, RelayLimits(), 0.05)

    async def told() -> int | None:
        async with hub.follow(game_id, "127.0.0.1") as waiting:
            await waiting.next_version(1)
            games.hub, games.loop = hub, asyncio.get_running_loop()
            async with hub.follow(game_id, "127.0.0.2") as late:
                return await late.next_version(0.5)

    assert run_alone(told()) == 2


def test_a_connection_ends_at_its_ceiling(make_app: Any) -> None:
    app = make_app()
    _, _, game_id = seated(app)
    hub = hub_of(app, connection_seconds=0.3, heartbeat_seconds=0.1)

    async def stream() -> bytes:
        server = await EventsFace(hub).serve("127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /game/{game_id}/events HTTP/1.1\r\n\r\n".encode())
        everything = await asyncio.wait_for(reader.read(), 30)  # to the end of the stream
        writer.close()
        server.close()
        return everything

    assert run_alone(stream()).endswith(b": still here\n\n")


@pytest.mark.parametrize(
    ("message", "news"),
    [
        (b"abc 4", ("abc", 4)),
        (b"abc", None),
        (b"abc -4", None),
        (b"abc 4 5", None),
        (b" 4", None),
        (b"a" * 120 + b" 4", None),
    ],
)
def test_only_a_game_and_a_version_are_news(message: bytes, news):
    assert read_news(message) == news
