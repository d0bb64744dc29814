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

The WebSocket framing is the websockets library's, sans I/O (its ServerProtocol), on the
relay's own asyncio streams: the face keeps the timing, so a slow-loris (a message begun and
trickled, or a hello never finished) is closed by name, which an I/O layer hides.

A match's state is read by one watch per match followed here (match_watch.py). The match's
rules are in webapp/matches/; nothing here judges. No line logged holds a match, a token or
a message.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass

from websockets.exceptions import InvalidState
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

from ..jobs.store import Unreachable
from ..matches import Matches, ProtocolError, ProtocolProblem, StoredMatch
from ..matches.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    messages_for,
    numbered,
    read_answer,
    read_hello,
    read_json,
)
from ..matches.store import MatchGone, match_id_of
from .match_watch import MatchWatch

SOCKET_PATH = "/api/bot/socket"
# Frames past this are closed by the library as too big (1009); between MAX_MESSAGE_BYTES and
# this, a message is answered `oversized` and the connection goes on.
LARGEST_FRAME = 4 * MAX_MESSAGE_BYTES
SEND_SECONDS = 10.0
# The HTTP status of the problems that end a connection, as over HTTP: close code 4000 + it.
ENDING = {
    ProtocolProblem.NOT_A_SEAT: 403,
    ProtocolProblem.DISCONNECTED: 403,
    ProtocolProblem.SEAT_TAKEN: 409,
    ProtocolProblem.STARTED: 409,
    ProtocolProblem.TOO_MANY: 429,
    ProtocolProblem.SLOW: 408,
    ProtocolProblem.IDLE: 408,
}


@dataclass(frozen=True)
class SocketLimits:
    """What the face holds: connections in all and per address; how long a hello may take
    after the upgrade, a message from its first byte to its last, and a connection with
    nothing from its bot (a round lasts at most ten minutes); a seat's messages a second and
    refused messages in a match (past either, it is disconnected, as over HTTP)."""

    total: int = 1000
    per_address: int = 32
    hello_seconds: float = 10.0
    message_seconds: float = 10.0
    idle_seconds: float = 660.0
    messages_per_second: int = 5
    bad_messages: int = 20


class Closing(Exception):
    """The connection ends: the error to send first (None for none) and the close."""

    def __init__(self, error: ProtocolError | None, code: int, reason: str) -> None:
        super().__init__(reason)
        self.error = error
        self.code = code
        self.reason = reason


def ending(error: ProtocolError) -> Closing:
    """The close that `error` ends a connection with."""
    return Closing(error, 4000 + ENDING.get(error.problem, 400), str(error.problem))


class BotSockets:
    """The WebSocket face: one `serve` per connection that sse.py hands over."""

    def __init__(self, matches: Matches, limits: SocketLimits, poll_seconds: float) -> None:
        self.matches = matches
        self.limits = limits
        self.poll_seconds = poll_seconds
        self._by_address: Counter[str] = Counter()
        self._count = 0
        self._watches: dict[str, MatchWatch] = {}
        self._seats_here: set[tuple[str, int]] = set()

    @property
    def count(self) -> int:
        """The bots connected now."""
        return self._count

    async def serve(
        self, head: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """Upgrade the connection whose head is `head` and play its seat's protocol on it."""
        protocol = ServerProtocol(max_size=LARGEST_FRAME)
        protocol.receive_data(head)
        events = protocol.events_received()
        request = events[0] if events else None
        if not isinstance(request, Request):
            await _flush(protocol, writer)  # the library's 400 for a bad handshake
            return
        # X-Forwarded-For as nginx sets it (one address, overwritten), as in sse.py.
        forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()[:64]
        address = forwarded or _peer(writer)
        refusal = self._refusal(address)
        if refusal:
            protocol.send_response(protocol.reject(429, refusal + "\n"))
            await _flush(protocol, writer)
            return
        response = protocol.accept(request)
        protocol.send_response(response)
        await _flush(protocol, writer)
        if response.status_code != 101:
            return
        self._count += 1
        self._by_address[address] += 1
        try:
            connection = _Connection(self, protocol, reader, writer)
            await connection.play(request.headers.get("Authorization", ""))
        finally:
            self._count -= 1
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]

    def _refusal(self, address: str) -> str:
        """Why one more connection from `address` is past a limit ("" when it is not)."""
        if self._count >= self.limits.total:
            return "This relay holds as many bots as it may: connect again in a minute."
        if self._by_address[address] >= self.limits.per_address:
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


class _Connection:
    """One bot's connection: its seat once known, and the frames read so far."""

    def __init__(
        self,
        face: BotSockets,
        protocol: ServerProtocol,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        self.face = face
        self.protocol = protocol
        self.reader = reader
        self.writer = writer
        self.limits = face.limits
        self.loop = asyncio.get_running_loop()
        self.messages: asyncio.Queue[bytes | Closing] = asyncio.Queue()

    async def play(self, authorization: str) -> None:
        """Hello, then the seat's messages and answers until either side closes."""
        reading = asyncio.ensure_future(self._read_frames())
        try:
            kept, seat = await self._seat(authorization)
            await self._hello_and_play(kept, seat)
        except Closing as closing:
            await self._close(closing)
        except (ConnectionError, TimeoutError, InvalidState):
            pass  # the bot went, or would not read
        finally:
            reading.cancel()

    async def _seat(self, authorization: str) -> tuple[StoredMatch, int]:
        """The match and seat the token holds; Closing naming why not."""
        scheme, _, token = authorization.partition(" ")
        token = token.strip() if scheme.lower() == "bearer" else ""
        match_id = match_id_of(token)
        try:
            kept = await asyncio.to_thread(self.face.matches.made, match_id) if match_id else None
            seat = None if kept is None else kept.seat_of(token)
            if kept is None or seat is None:
                raise ending(
                    ProtocolError(
                        ProtocolProblem.NOT_A_SEAT,
                        "the upgrade's Authorization header must be 'Bearer <token>' with a"
                        " seat token of a match (a match is deleted an hour after it was used)",
                    )
                )
            out = await asyncio.to_thread(self.face.matches.marked, kept.id, f"out:{seat}")
        except Unreachable:
            raise Closing(None, 1013, "the job store cannot be reached: try again") from None
        if out:
            raise ending(
                ProtocolError(
                    ProtocolProblem.DISCONNECTED,
                    "this seat was disconnected for sending too many messages, or bad ones",
                )
            )
        return kept, seat

    async def _hello_and_play(self, kept: StoredMatch, seat: int) -> None:
        raw = await self._next_message(self.limits.hello_seconds, "hello")
        after = await self._hello(kept, seat, raw)
        if not self.face.take_seat_here(kept.id, seat):
            raise ending(
                ProtocolError(ProtocolProblem.SEAT_TAKEN, "this seat is connected already")
            )
        watch = self.face.watch(kept)
        watch.seats_here.add(seat)
        watch.poke()  # the hello may have started the match
        try:
            await self._play(watch, seat, after)
        finally:
            watch.seats_here.discard(seat)
            self.face.unwatch(watch)
            self.face.leave_seat_here(kept.id, seat)

    async def _hello(self, kept: StoredMatch, seat: int, raw: bytes) -> int:
        """Take the seat (or resume it, with "after"): the last seq the bot has (-1: none)."""
        try:
            fields = read_json(raw)
            after = fields.get("after")
            if fields.get("type") != "hello" or fields.get("protocol") != PROTOCOL_VERSION:
                read_hello(raw)  # raises, naming the problem
            if after is None:
                await asyncio.to_thread(self.face.matches.join, kept, seat)
                return -1
            refreshed = await asyncio.to_thread(self.face.matches.refreshed, kept)
            if not isinstance(after, int) or isinstance(after, bool) or after < -1:
                raise ProtocolError(
                    ProtocolProblem.BAD_ROUND, '"after" must be the last seq the bot has, or -1'
                )
            if seat not in refreshed.state.joined:
                raise ProtocolError(
                    ProtocolProblem.NOT_JOINED, 'a first hello has no "after": none was sent'
                )
            return after
        except ProtocolError as error:
            raise ending(error) from None
        except (Unreachable, MatchGone):
            raise Closing(None, 1013, "the job store cannot be reached: try again") from None

    async def _play(self, watch: MatchWatch, seat: int, after: int) -> None:
        """Send each message past `after` as the match reaches it; take each answer."""
        sent, version = after, 0
        idle_until = self.loop.time() + self.limits.idle_seconds
        # One wait for the bot's next message and one for the match's, each kept until it
        # ends: a wait cancelled just as its message came would lose that message.
        waiting: asyncio.Future[bytes] | None = None
        changed: asyncio.Future[int] | None = None
        try:
            while True:
                kept = watch.kept
                if version > 0:  # version 0 is the match as made, before the watch read it
                    found = numbered(messages_for(kept.id, kept.match, kept.state, seat), sent)
                    for message in found:
                        await self._send_json(message)
                        sent = int(str(message["seq"]))
                        if message.get("last") is True:
                            await self._close(Closing(None, 1000, "the match is over"))
                            return
                left = idle_until - self.loop.time()
                if waiting is None:
                    waiting = asyncio.ensure_future(self._next_message(left, "idle"))
                if changed is None:
                    changed = asyncio.ensure_future(watch.changed_since(version, left))
                done, _ = await asyncio.wait(
                    (waiting, changed), return_when=asyncio.FIRST_COMPLETED
                )
                if changed in done:
                    version, changed = changed.result(), None
                if waiting in done:
                    raw, waiting = waiting.result(), None
                    idle_until = self.loop.time() + self.limits.idle_seconds
                    await self._answer(watch, seat, raw)
        finally:
            for pending in (waiting, changed):
                if pending is not None:
                    pending.cancel()

    async def _answer(self, watch: MatchWatch, seat: int, raw: bytes) -> None:
        """Take one answer: `received` with the server's time, or the error naming why not."""
        kept, matches = watch.kept, self.face.matches
        try:
            await self._count_message(kept.id, seat)
            message = read_answer(raw, kept.match.rounds)
            taken, ms = await asyncio.to_thread(matches.answer, kept, seat, message)
        except ProtocolError as error:
            await self._refused(kept.id, seat, error)
            return
        except (Unreachable, MatchGone):
            raise Closing(None, 1013, "the job store cannot be reached: try again") from None
        watch.poke()
        await self._send_json({"type": "received", "round": taken.round, "ms": ms})

    async def _count_message(self, match_id: str, seat: int) -> None:
        """ProtocolError too-many past the seat's messages a second (and it is disconnected)."""
        matches = self.face.matches
        second = matches.clock() // 1000
        places = self.limits.messages_per_second
        what = f"second:{seat}:{second}"
        if await asyncio.to_thread(matches.count, match_id, what, places, 2):
            return
        await asyncio.to_thread(matches.mark, match_id, f"out:{seat}")
        raise ending(
            ProtocolError(
                ProtocolProblem.TOO_MANY,
                f"a seat may send {places} messages a second: this seat is disconnected",
            )
        )

    async def _refused(self, match_id: str, seat: int, error: ProtocolError) -> None:
        """Send the error; past the seat's refused messages, it is disconnected."""
        await self._send_json(error.to_json())
        matches = self.face.matches
        places = self.limits.bad_messages
        if not await asyncio.to_thread(matches.count, match_id, f"bad:{seat}", places, 3600):
            await asyncio.to_thread(matches.mark, match_id, f"out:{seat}")
            raise ending(
                ProtocolError(
                    ProtocolProblem.DISCONNECTED,
                    f"this seat sent more than {places} refused messages: it is disconnected",
                )
            )

    async def _next_message(self, seconds: float, why: str) -> bytes:
        """The next text message within `seconds`; Closing named `why` (hello, idle) when none
        comes, or the close that ended the reading."""
        try:
            found = await asyncio.wait_for(self.messages.get(), seconds)
        except TimeoutError:
            problem = ProtocolProblem.SLOW if why == "hello" else ProtocolProblem.IDLE
            raise ending(
                ProtocolError(problem, f"nothing whole came from the bot in {seconds:g} s")
            ) from None
        if isinstance(found, Closing):
            raise found
        return found

    async def _read_frames(self) -> None:
        """Read frames for ever, putting each text message on the queue: a message begun must
        end within message_seconds (else Closing slow); a fragmented, binary or oversized
        one is refused by name."""
        partial_since: float | None = None
        try:
            while True:
                seconds = self.limits.idle_seconds + self.limits.hello_seconds
                if partial_since is not None:
                    seconds = partial_since + self.limits.message_seconds - self.loop.time()
                try:
                    data = await asyncio.wait_for(self.reader.read(4096), max(seconds, 0))
                except TimeoutError:
                    if partial_since is None:
                        continue
                    error = ProtocolError(
                        ProtocolProblem.SLOW,
                        f"a message must arrive whole within {self.limits.message_seconds:g} s"
                        " of its first byte",
                    )
                    await self.messages.put(ending(error))
                    return
                if not data:
                    self.protocol.receive_eof()
                    await self.messages.put(Closing(None, 1000, "the bot went"))
                    return
                self.protocol.receive_data(data)
                events = self.protocol.events_received()
                await _flush(self.protocol, self.writer)  # pongs, the library's closes
                for event in events:
                    if isinstance(event, Frame):
                        await self._frame(event)
                if self.protocol.state != State.OPEN:
                    # A close, the bot's (answered by the library) or the library's own: the
                    # connection ends now, without waiting for the bot to drop it.
                    await self.messages.put(Closing(None, 0, "closed"))
                    return
                # Bytes left in the parser's buffer are a frame under way: it has
                # message_seconds from when they came.
                if not _buffered(self.protocol):
                    partial_since = None
                elif partial_since is None or events:
                    partial_since = self.loop.time()
        except (ConnectionError, InvalidState, asyncio.CancelledError):
            # The bot went; or it closed and then sent more, which a closing connection
            # takes no answer to: the play ends with the reading either way.
            await self.messages.put(Closing(None, 0, "closed"))

    async def _frame(self, frame: Frame) -> None:
        if self.protocol.state != State.OPEN:
            return  # frames after a close are read and dropped
        if frame.opcode == Opcode.TEXT and frame.fin:
            await self.messages.put(bytes(frame.data))
        elif frame.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            error = ProtocolError(
                ProtocolProblem.MALFORMED_JSON,
                "each message is one text frame of JSON (no binary, no fragments)",
            )
            await self._send_json(error.to_json())

    async def _send_json(self, message: object) -> None:
        self.protocol.send_text(json.dumps(message).encode())
        await _flush(self.protocol, self.writer)

    async def _close(self, closing: Closing) -> None:
        """Send the closing's error, if any, and the close frame (unless the bot closed)."""
        try:
            if closing.error is not None:
                await self._send_json(closing.error.to_json())
            if closing.code and self.protocol.close_code is None:
                self.protocol.send_close(closing.code, closing.reason[:120])
            await _flush(self.protocol, self.writer)
        except (ConnectionError, TimeoutError, InvalidState):
            pass


async def _flush(protocol: ServerProtocol, writer: asyncio.StreamWriter) -> None:
    """Write what the protocol has to send; TimeoutError when the bot does not take it."""
    for data in protocol.data_to_send():
        if data:
            writer.write(data)
    await asyncio.wait_for(writer.drain(), SEND_SECONDS)


def _buffered(protocol: ServerProtocol) -> int:
    """How many bytes the protocol holds of a frame not yet whole."""
    return len(protocol.reader.buffer)


def _peer(writer: asyncio.StreamWriter) -> str:
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""
