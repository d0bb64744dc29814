"""One bot's WebSocket as messages: its frames read off the relay's asyncio stream into the
websockets library's sans-I/O ServerProtocol, each whole text message put on a queue, and
what is sent written back; the face keeps the timing, so a slow-loris (a message begun and
trickled, a hello never finished, a bot silent past its ceiling) is closed by name, which an
I/O layer hides.

Only the library's public API is used: bytes in (`receive_data`), events out, bytes to send
(`data_to_send`); whether a frame is under way is counted here (socket_limits.py), and a
frame past LARGEST_FRAME is the library's to close (1009, its `max_size`).
"""

from __future__ import annotations

import asyncio
import json

from websockets.exceptions import InvalidState
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.server import ServerProtocol

from ..matches import ProtocolError, ProtocolProblem
from .socket_limits import SEND_SECONDS, Closing, FrameBoundaries, SocketLimits, ending

# How much is read off the stream at once.
READ_BYTES = 4096


class BotFrames:
    """A bot's connection as messages in (`next_message`) and out (`send_json`, `close`)."""

    def __init__(
        self,
        protocol: ServerProtocol,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limits: SocketLimits,
    ) -> None:
        self.protocol = protocol
        self.reader = reader
        self.writer = writer
        self.limits = limits
        self.loop = asyncio.get_running_loop()
        self.messages: asyncio.Queue[bytes | Closing] = asyncio.Queue()
        self._boundaries = FrameBoundaries()

    async def next_message(self, seconds: float, why: str) -> bytes:
        """The next text message within `seconds`; Closing named `why` (hello, idle) when none
        comes, or the close that ended the reading."""
        try:
            # A timeout on the awaiting task, not wait_for's task of its own: a task for each
            # wait was a good part of the relay's own work a round.
            async with asyncio.timeout(seconds):
                found = await self.messages.get()
        except TimeoutError:
            problem = ProtocolProblem.SLOW if why == "hello" else ProtocolProblem.IDLE
            raise ending(
                ProtocolError(problem, f"nothing whole came from the bot in {seconds:g} s")
            ) from None
        if isinstance(found, Closing):
            raise found
        return found

    async def read(self) -> None:
        """Read frames for ever, putting each text message on the queue: a message begun must
        end within message_seconds (else Closing slow); a fragmented, binary or oversized
        one is refused by name."""
        begun: float | None = None
        try:
            while True:
                seconds = self.limits.idle_seconds + self.limits.hello_seconds
                if begun is not None:
                    seconds = begun + self.limits.message_seconds - self.loop.time()
                try:
                    async with asyncio.timeout(max(seconds, 0)):
                        data = await self.reader.read(READ_BYTES)
                except TimeoutError:
                    if begun is None:
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
                ended = self._boundaries.feed(data)
                self.protocol.receive_data(data)
                events = self.protocol.events_received()
                await self.flush()  # pongs, the library's closes
                for event in events:
                    if isinstance(event, Frame):
                        await self._frame(event)
                if self.protocol.state != State.OPEN:
                    # A close, the bot's (answered by the library) or the library's own: the
                    # connection ends now, without waiting for the bot to drop it.
                    await self.messages.put(Closing(None, 0, "closed"))
                    return
                # A frame under way has message_seconds from when it began: from this read
                # when a frame ended in it (the next began here), else from its first read.
                if not self._boundaries.under_way:
                    begun = None
                elif begun is None or ended:
                    begun = self.loop.time()
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
            await self.send_json(error.to_json())

    async def send_json(self, *messages: object) -> None:
        """Send each of `messages` as one text frame of JSON, written at once."""
        for message in messages:
            self.protocol.send_text(json.dumps(message).encode())
        await self.flush()

    async def send_encoded(self, *messages: bytes) -> None:
        """Send each of `messages`, JSON encoded already, as one text frame, written at once."""
        for message in messages:
            self.protocol.send_text(message)
        await self.flush()

    async def close(self, closing: Closing) -> None:
        """Send the closing's error, if any, and the close frame (unless the bot closed)."""
        try:
            if closing.error is not None:
                await self.send_json(closing.error.to_json())
            if closing.code and self.protocol.close_code is None:
                self.protocol.send_close(closing.code, closing.reason[:120])
            await self.flush()
        except (ConnectionError, TimeoutError, InvalidState):
            pass

    async def flush(self) -> None:
        """Write what the protocol has to send; TimeoutError when the bot does not take it."""
        await flush(self.protocol, self.writer)


async def flush(protocol: ServerProtocol, writer: asyncio.StreamWriter) -> None:
    """Write what `protocol` has to send; TimeoutError when the bot does not take it."""
    # One write of all the frames due: a write is a system call to nginx, most of a message's
    # cost to the relay when written frame by frame.
    data = b"".join(protocol.data_to_send())
    if not data:
        return  # nothing was written: nothing to wait on the bot for (a flush after each read)
    writer.write(data)
    if writer.transport.get_write_buffer_size() == 0 and not writer.transport.is_closing():
        return  # the kernel took it whole: the bot is reading
    async with asyncio.timeout(SEND_SECONDS):
        await writer.drain()
