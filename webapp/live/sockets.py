"""The relay's WebSocket face for bots: the bots' protocol (webapp/matches/protocol.py) over one
WebSocket at /api/bot/socket, beside the SSE face on the same port (sse.py hands it the
connection once it has read the request's head).

A bot connects with its seat's token in an `Authorization: Bearer` header, says hello, and is
then sent each of its seat's messages (hello, every puzzle, every result, numbered "seq") the
moment the match reaches it; it answers as over HTTP and is told `received` or the error. A
bot whose connection broke connects again and says hello with "after": the last seq it has,
and is sent what it missed. Every refusal is an error message naming its problem; one that
ends the connection is also the close's reason (code 4000 plus the HTTP status the problem
has over HTTP, 4408 for a connection too slow or idle).

Here: the upgrade, the connections held in all and per address, and the matches and seats
followed here. The limits and closes are in socket_limits.py, the frames in socket_frames.py,
a seat's play in socket_seat.py; a match's state is read by one watch per match followed here
(match_watch.py).
"""

from __future__ import annotations

import asyncio
import logging

from websockets.http11 import Request
from websockets.server import ServerProtocol

from ..matches import Matches, StoredMatch
from .match_watch import MatchWatch
from .socket_frames import BotFrames, flush
from .socket_limits import LARGEST_FRAME, SocketLimits
from .socket_seat import SeatConnection
from .streams import AddressCounts

__all__ = ["SOCKET_PATH", "BotSockets", "SocketLimits"]

SOCKET_PATH = "/api/bot/socket"
# The library's log of each connection: it says "connection open" and "connection closed" at
# INFO for every bot, a line made and written per connection that tells an operator nothing
# the counts do not; its warnings and errors are kept.
PROTOCOL_LOG = logging.getLogger("webapp.live.sockets.protocol")
PROTOCOL_LOG.setLevel(logging.WARNING)


class BotSockets:
    """The WebSocket face: one `serve` per connection that sse.py hands over."""

    def __init__(self, matches: Matches, limits: SocketLimits, poll_seconds: float) -> None:
        self.matches = matches
        self.limits = limits
        self.poll_seconds = poll_seconds
        self._counts = AddressCounts()
        self._watches: dict[str, MatchWatch] = {}
        self._seats_here: set[tuple[str, int]] = set()

    @property
    def count(self) -> int:
        """The bots connected now."""
        return self._counts.total

    async def serve(
        self, head: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """Upgrade the connection whose head is `head` and play its seat's protocol on it."""
        protocol = ServerProtocol(max_size=LARGEST_FRAME, logger=PROTOCOL_LOG)
        protocol.receive_data(head)
        events = protocol.events_received()
        request = events[0] if events else None
        if not isinstance(request, Request):
            await flush(protocol, writer)  # the library's 400 for a bad handshake
            return
        # X-Forwarded-For as nginx sets it (one address, overwritten), as in sse.py.
        forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()[:64]
        address = forwarded or _peer(writer)
        refusal = self._refusal(address)
        if refusal:
            protocol.send_response(protocol.reject(429, refusal + "\n"))
            await flush(protocol, writer)
            return
        response = protocol.accept(request)
        protocol.send_response(response)
        await flush(protocol, writer)
        if response.status_code != 101:
            return
        with self._counts.held(address):
            frames = BotFrames(protocol, reader, writer, self.limits)
            await SeatConnection(self, frames).play(request.headers.get("Authorization", ""))

    def _refusal(self, address: str) -> str:
        """Why one more connection from `address` is past a limit ("" when it is not)."""
        if self._counts.total >= self.limits.total:
            return "This relay holds as many bots as it may: connect again in a minute."
        if self._counts.of(address) >= self.limits.per_address:
            return f"One address may connect {self.limits.per_address} bots at once."
        return ""

    def watch(self, kept: StoredMatch) -> MatchWatch:
        """The watch on `kept`'s match, begun when it is the first follower."""
        found = self._watches.get(kept.id)
        if found is None:
            found = MatchWatch(self.matches, kept, self.poll_seconds)
            self._watches[kept.id] = found
            found.start()
        found.followers += 1
        return found

    def unwatch(self, watch: MatchWatch) -> None:
        """One follower of `watch` went; the last stops it."""
        watch.followers -= 1
        if not watch.followers:
            watch.stop()
            self._watches.pop(watch.kept.id, None)

    def take_seat_here(self, match_id: str, seat: int) -> bool:
        """Mark the seat connected here; False when a connection here holds it already."""
        if (match_id, seat) in self._seats_here:
            return False
        self._seats_here.add((match_id, seat))
        return True

    def leave_seat_here(self, match_id: str, seat: int) -> None:
        """The seat's connection here went."""
        self._seats_here.discard((match_id, seat))


def _peer(writer: asyncio.StreamWriter) -> str:
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""
