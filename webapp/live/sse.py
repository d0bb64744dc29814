"""The relay's Server-Sent Events face: GET /game/<id>/events, as nginx sends it on.

It answers the same URL as the app's own route (webapp/web/game/api.py), which stays as the
fallback when no relay runs, and the page's script (static/game.js) reads both. The stream is
`retry: 1000`, then `event: version` with data {"version": V} at once and at each new version,
a comment line every heartbeat, and it ends at the connection's ceiling (the browser connects
again by itself). Refusals are short text answers: 404 for no such game or address, 405 for
any method but GET, 429 with Retry-After past a limit, 503 with Retry-After when the store
does not answer, 400 for a request that is not HTTP or whose head is past HEAD_BYTES.

The address a follower is counted against is X-Forwarded-For as nginx sets it (one address,
overwritten): the relay listens on loopback, behind nginx, like the app servers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re

from ..jobs.store import Unreachable
from .hub import Follower, FollowRefused, GameNotFound, Hub
from .match_events import MATCH_EVENTS_PATH, MatchWatchers, WatcherLimits
from .sockets import SOCKET_PATH, BotSockets
from .streams import stream_events

log = logging.getLogger(__name__)

# A request's head: a browser's is well under 2 KB, cookies included.
HEAD_BYTES = 8 * 1024
# A client gets this long to send its head, and each write to it this long to be taken.
HEAD_SECONDS = 10.0
SEND_SECONDS = 10.0
# The URL the relay answers, and a game's id: URL-safe base64 (jobs.seat_tokens.new_token),
# at most 64 characters (anything else names no game, and the store is not asked).
EVENTS_PATH = re.compile(r"/game/([^/]+)/events")
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
    503: "Service Unavailable",
}


def plain(status: int, text: str, retry_after: int | None = None) -> bytes:
    """A short text answer that closes the connection."""
    body = (text + "\n").encode()
    lines = [
        f"HTTP/1.1 {status} {REASONS[status]}",
        "Content-Type: text/plain; charset=utf-8",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        "Connection: close",
    ]
    if retry_after is not None:
        lines.append(f"Retry-After: {retry_after}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


STREAM_HEAD = (
    b"HTTP/1.1 200 OK\r\n"
    b"Content-Type: text/event-stream\r\n"
    b"Cache-Control: no-store\r\n"
    b"X-Accel-Buffering: no\r\n"
    b"Connection: close\r\n\r\n"
    b"retry: 1000\n\n"
)


def version_event(version: int) -> bytes:
    """One event telling the game's version."""
    return f"event: version\ndata: {json.dumps({'version': version})}\n\n".encode()


class EventsFace:
    """The SSE face on `hub`: one handler per connection (asyncio.start_server)."""

    def __init__(self, hub: Hub, sockets: BotSockets | None = None) -> None:
        self.hub = hub
        self.sockets = sockets
        self.watchers = None if sockets is None else MatchWatchers(sockets, WatcherLimits())
        self._handlers: dict[asyncio.Task[None], asyncio.StreamWriter] = {}

    async def serve(self, host: str, port: int) -> asyncio.Server:
        """Listen on host:port."""
        return await asyncio.start_server(self.handle, host, port, limit=HEAD_BYTES)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Answer one connection: a stream of versions, or a refusal."""
        handler = asyncio.current_task()
        assert handler is not None
        self._handlers[handler] = writer
        try:
            answer = await self._answer(reader, writer)
            if answer is not None:
                writer.write(answer)
                await asyncio.wait_for(writer.drain(), SEND_SECONDS)
        except (ConnectionError, TimeoutError):
            pass  # the page went away, or would not read: nothing to tell anyone
        finally:
            writer.close()
            try:
                await writer.wait_closed()
            except (ConnectionError, TimeoutError):
                pass
            self._handlers.pop(handler, None)

    async def close(self) -> None:
        """End every connection (each page connects again, to the next relay), and wait up to
        SEND_SECONDS for their handlers to finish."""
        for writer in self._handlers.values():
            writer.close()
        if self._handlers:
            await asyncio.wait(set(self._handlers), timeout=SEND_SECONDS)

    async def _answer(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bytes | None:
        """The refusal to write for this request, or None once its stream has run."""
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_SECONDS)
        except (asyncio.LimitOverrunError, asyncio.IncompleteReadError, ValueError):
            return plain(
                400, f"A request's head is at most {HEAD_BYTES} bytes, ending in a blank line."
            )
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            return plain(400, "This server speaks HTTP/1.0 and HTTP/1.1.")
        method, target, _ = parts
        if target.split("?", 1)[0] == SOCKET_PATH and self.sockets is not None:
            # The bots' WebSocket face (sockets.py) takes the connection from here on.
            await self.sockets.serve(head, reader, writer)
            return None
        watched = MATCH_EVENTS_PATH.fullmatch(target.split("?", 1)[0])
        if watched is not None and self.watchers is not None:
            return await self._watch_match(watched.group(1), method, lines, reader, writer)
        found = EVENTS_PATH.fullmatch(target.split("?", 1)[0])
        if found is None:
            return plain(
                404,
                "The live relay answers /game/<id>/events, /match/<id>/events and /api/bot/socket.",
            )
        if method != "GET":
            return plain(405, "A game's live events are read with GET.")
        address = forwarded_for(lines[1:]) or _peer(writer)
        try:
            if not GAME_ID.fullmatch(found.group(1)):
                raise GameNotFound(found.group(1))
            async with self.hub.follow(found.group(1), address) as follower:
                await self._stream(follower, reader, writer)
        except FollowRefused as refused:
            return plain(
                429, f"{refused.message[:1].upper()}{refused.message[1:]}.", refused.retry_after
            )
        except GameNotFound:
            return plain(
                404,
                "There is no such game: a game is deleted an hour after its last move, so this"
                " one ended longer ago, or its link is not whole.",
            )
        except Unreachable:
            return plain(
                503, "Games are kept in the job store, which cannot be reached right now.", 30
            )
        return None

    async def _watch_match(
        self,
        match_id: str,
        method: str,
        header_lines: list[str],
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> bytes | None:
        """A match's news to its watcher (match_events.py), or the refusal."""
        assert self.watchers is not None
        if method != "GET":
            return plain(405, "A match's live events are read with GET.")
        address = forwarded_for(header_lines[1:]) or _peer(writer)
        refusal = self.watchers.refusal(address)
        if refusal:
            return plain(429, f"{refusal[:1].upper()}{refusal[1:]}.", 60)
        try:
            kept = await asyncio.to_thread(self.watchers.sockets.matches.made, match_id)
        except Unreachable:
            return plain(
                503, "Matches are kept in the job store, which cannot be reached right now.", 30
            )
        if kept is None:
            return plain(
                404,
                "There is no such match: a match is deleted an hour after it was used, or its"
                " link is not whole.",
            )
        await self._send(writer, STREAM_HEAD)
        # A page sends nothing more: a read that ends means it went (a reload, a tab shut).
        gone = asyncio.ensure_future(reader.read(1))
        try:
            await self.watchers.stream(kept, address, gone, lambda data: self._send(writer, data))
        finally:
            gone.cancel()
        return None

    async def _stream(
        self, follower: Follower, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """Write each new version until the connection's ceiling, or until the page goes."""
        limits = self.hub.limits
        await self._send(writer, STREAM_HEAD)
        # A page sends nothing more: a read that ends means it went (a reload, a tab shut).
        gone = asyncio.ensure_future(reader.read(1))

        async def news(seconds: float) -> bytes | None:
            version = await follower.next_version(seconds)
            return None if version is None else version_event(version)

        try:
            await stream_events(
                lambda data: self._send(writer, data),
                gone,
                news,
                limits.heartbeat_seconds,
                limits.connection_seconds,
            )
        finally:
            gone.cancel()

    async def _send(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Write `data`; TimeoutError when the page does not take it within SEND_SECONDS."""
        writer.write(data)
        await asyncio.wait_for(writer.drain(), SEND_SECONDS)


def forwarded_for(header_lines: list[str]) -> str:
    """The address in X-Forwarded-For (the last, which nginx wrote), or ""."""
    for line in header_lines:
        name, _, value = line.partition(":")
        if name.strip().lower() == "x-forwarded-for":
            return value.split(",")[-1].strip()[:64]
    return ""


def _peer(writer: asyncio.StreamWriter) -> str:
    """The connection's own address."""
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""
