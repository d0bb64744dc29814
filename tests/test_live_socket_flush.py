"""Writing a bot's frames (webapp/live/socket_frames.py `flush`): it waits on the bot only for
frames it wrote, so the flush after each frame read costs nothing when nothing is due."""

from __future__ import annotations

import asyncio

import pytest
from websockets.server import ServerProtocol

from webapp.live import socket_frames
from webapp.live.socket_frames import flush

from event_loops import run_alone

# More than the bot's socket and the relay's buffers take while the bot reads nothing.
FLOOD_BYTES = 32 * 1024 * 1024


async def flush_with_nothing_due_to_a_bot_that_does_not_read() -> str:
    """Flush a protocol with nothing to send on a connection whose bot reads nothing, after
    FLOOD_BYTES were written to it: "returned", or "timed out"."""
    accepted: asyncio.Queue[asyncio.StreamWriter] = asyncio.Queue()

    async def take(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await accepted.put(writer)

    server = await asyncio.start_server(take, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    _, bot = await asyncio.open_connection("127.0.0.1", port)
    writer = await accepted.get()
    writer.write(b"x" * FLOOD_BYTES)
    try:
        await flush(ServerProtocol(), writer)
        outcome = "returned"
    except TimeoutError:
        outcome = "timed out"
    bot.close()
    writer.close()
    server.close()
    return outcome


def test_a_flush_with_nothing_to_send_does_not_wait_on_the_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each flush waited on the bot's reading, with a task of its own, after every read
    monkeypatch.setattr(socket_frames, "SEND_SECONDS", 0.5)
    assert run_alone(flush_with_nothing_due_to_a_bot_that_does_not_read()) == "returned"
