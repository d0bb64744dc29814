"""What the bots' WebSocket face (sockets.py) holds a connection to, and how one ends: the
limits, the closes that name their problem, and where the bot's frames begin and end.

A message begun must arrive whole within its limit (a slow-loris is closed as "slow"), so the
face must know whether the bytes read so far leave a frame under way. The websockets library
keeps that in its parser, which is not public; `FrameBoundaries` counts it from the frames'
heads (RFC 6455, section 5.2: two bytes, then 2 or 8 of length, then 4 of mask), which is all
it reads of them: the frames themselves are the library's to parse.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..matches import ProtocolError, ProtocolProblem
from ..matches.protocol import MAX_MESSAGE_BYTES

# Frames past this are closed by the library as too big (1009, its max_size); between
# MAX_MESSAGE_BYTES and this, a message is answered `oversized` and the connection goes on.
LARGEST_FRAME = 4 * MAX_MESSAGE_BYTES
# How long a bot may leave what it is sent unread before its connection is dropped.
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


def store_unreachable() -> Closing:
    """The close for a job store that cannot be reached: the bot may try again."""
    return Closing(None, 1013, "the job store cannot be reached: try again")


class FrameBoundaries:
    """Where the frames of the bytes fed so far end: whether one is under way (its head or
    payload not all read) and how many ended with each feed."""

    def __init__(self) -> None:
        self._head = bytearray()
        self._payload_left = 0

    @property
    def under_way(self) -> bool:
        """True when the bytes fed end inside a frame."""
        return bool(self._head) or self._payload_left > 0

    def feed(self, data: bytes) -> int:
        """Take the next bytes read; the number of frames they ended."""
        ended, at = 0, 0
        while at < len(data):
            if self._payload_left:
                taken = min(self._payload_left, len(data) - at)
                self._payload_left -= taken
                at += taken
                ended += not self._payload_left
                continue
            # A head is at most 14 bytes: taken a byte at a time, the payload at once.
            self._head.append(data[at])
            at += 1
            length = _head_length(self._head)
            if length is not None and len(self._head) == length:
                self._payload_left = _payload_length(self._head)
                self._head.clear()
                ended += not self._payload_left
        return ended


def _head_length(head: bytearray) -> int | None:
    """The whole head's length once its first two bytes are read (None before)."""
    if len(head) < 2:
        return None
    short = head[1] & 0x7F
    extended = {126: 2, 127: 8}.get(short, 0)
    mask = 4 if head[1] & 0x80 else 0
    return 2 + extended + mask


def _payload_length(head: bytearray) -> int:
    short = head[1] & 0x7F
    if short < 126:
        return short
    extended = 2 if short == 126 else 8
    return int.from_bytes(head[2 : 2 + extended], "big")
