"""One bot's seat played over its WebSocket (sockets.py hands it the connection once
upgraded): the seat its token holds, its hello, each of the seat's messages sent as the match
reaches it, and each answer taken and told `received` or the error naming why not.

The match's rules are in webapp/matches/; nothing here judges. No line logged holds a match,
a token or a message.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from websockets.exceptions import InvalidState

from ..jobs.store import Unreachable
from ..matches import ProtocolError, ProtocolProblem, StoredMatch
from ..matches.protocol import (
    NOT_COUNTED,
    PROTOCOL_VERSION,
    BotMessage,
    read_answer,
    read_hello,
    read_json,
)
from ..matches.scoring import BotAnswer
from ..matches.store import MatchGone, match_id_of, refused_already
from .match_watch import MatchWatch
from .socket_frames import BotFrames
from .socket_limits import Closing, ending, store_unreachable

if TYPE_CHECKING:
    from .sockets import BotSockets


class SeatConnection:
    """One bot's connection: its frames, and its seat once known."""

    def __init__(self, face: BotSockets, frames: BotFrames) -> None:
        self.face = face
        self.frames = frames
        self.limits = face.limits
        self.loop = asyncio.get_running_loop()
        # The seat's messages this second, counted here: a seat has one connection at a time,
        # and counted in the store they were two of a round's writes for each answer.
        self._second = -1
        self._in_second = 0

    async def play(self, authorization: str) -> None:
        """Hello, then the seat's messages and answers until either side closes."""
        reading = asyncio.ensure_future(self.frames.read())
        try:
            kept, seat = await self._seat(authorization)
            await self._hello_and_play(kept, seat)
        except Closing as closing:
            await self.frames.close(closing)
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
            # The match, the seat and whether it was disconnected, in one hand-off to a thread.
            found = await asyncio.to_thread(self._seat_in_store, match_id, token)
        except Unreachable:
            raise store_unreachable() from None
        if found is None:
            raise ending(
                ProtocolError(
                    ProtocolProblem.NOT_A_SEAT,
                    "the upgrade's Authorization header must be 'Bearer <token>' with a"
                    " seat token of a match (a match is deleted an hour after it was used)",
                )
            )
        kept, seat, out = found
        if out:
            raise ending(
                ProtocolError(
                    ProtocolProblem.DISCONNECTED,
                    "this seat was disconnected for sending too many messages, or bad ones",
                )
            )
        return kept, seat

    def _seat_in_store(self, match_id: str, token: str) -> tuple[StoredMatch, int, bool] | None:
        """In a thread: the match and seat `token` holds, and whether the seat was
        disconnected; None when it holds none."""
        matches = self.face.matches
        kept = matches.made(match_id) if match_id else None
        seat = None if kept is None else kept.seat_of(token)
        if kept is None or seat is None:
            return None
        return kept, seat, matches.marked(kept.id, f"out:{seat}")

    async def _hello_and_play(self, kept: StoredMatch, seat: int) -> None:
        raw = await self.frames.next_message(self.limits.hello_seconds, "hello")
        # The watch first, so that the hello's hand-off to a thread reads the match for it
        # (the hello may have started the match): a read of its own after it was another.
        watch = self.face.watch(kept)
        try:
            after = await self._hello(watch, seat, raw)
            if not self.face.take_seat_here(kept.id, seat):
                raise ending(
                    ProtocolError(ProtocolProblem.SEAT_TAKEN, "this seat is connected already")
                )
            watch.seats_here.add(seat)
            try:
                await self._play(watch, seat, after)
            finally:
                watch.seats_here.discard(seat)
                self.face.leave_seat_here(kept.id, seat)
        finally:
            self.face.unwatch(watch)

    async def _hello(self, watch: MatchWatch, seat: int, raw: bytes) -> int:
        """Take the seat (or resume it, with "after"): the last seq the bot has (-1: none)."""
        try:
            fields = read_json(raw)
            after = fields.get("after")
            if fields.get("type") != "hello" or fields.get("protocol") != PROTOCOL_VERSION:
                read_hello(raw)  # raises, naming the problem
            if after is None:
                self._adopt(watch, await asyncio.to_thread(self._join, watch, seat))
                return -1
            place, refreshed = await asyncio.to_thread(watch.read_in_thread)
            watch.adopt(place, refreshed)
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
            raise store_unreachable() from None

    def _join(self, watch: MatchWatch, seat: int) -> tuple[int, StoredMatch] | None:
        """In a thread: take `seat`, and read the match after it for the watch (None when
        that read failed)."""
        self.face.matches.join(watch.kept, seat)
        try:
            return watch.read_in_thread()
        except (Unreachable, MatchGone):
            return None

    @staticmethod
    def _adopt(watch: MatchWatch, read: tuple[int, StoredMatch] | None) -> None:
        """Give the watch the match as read after a change made here, or have it read it."""
        if read is None:
            watch.poke()
        else:
            watch.adopt(*read)

    async def _play(self, watch: MatchWatch, seat: int, after: int) -> None:
        """Send each message past `after` as the match reaches it; take each answer."""
        sent, version = after, 0
        idle_until = self.loop.time() + self.limits.idle_seconds
        # One wait for the bot's next message and one for the match's, each kept until it
        # ends: a wait cancelled just as its message came would lose that message.
        # The match's next change is one future all its seats wait on (never cancelled here);
        # the idle limit is the bot's message's wait's.
        waiting: asyncio.Future[bytes] | None = None
        try:
            while True:
                if version > 0:  # version 0 is the match as made, before the watch read it
                    found = watch.encoded(seat, sent)
                    if found:
                        await self.frames.send_encoded(*found)
                        sent += len(found)
                        if watch.is_last(sent):  # the last result ends the match
                            await self.frames.close(Closing(None, 1000, "the match is over"))
                            return
                left = idle_until - self.loop.time()
                if waiting is None:
                    waiting = asyncio.ensure_future(self.frames.next_message(left, "idle"))
                changed = watch.next_change(version)
                done, _ = await asyncio.wait(
                    (waiting, changed), return_when=asyncio.FIRST_COMPLETED
                )
                if changed in done:
                    version = watch.version
                if waiting in done:
                    raw, waiting = waiting.result(), None
                    idle_until = self.loop.time() + self.limits.idle_seconds
                    await self._answer(watch, seat, raw)
        finally:
            if waiting is not None:
                waiting.cancel()

    async def _answer(self, watch: MatchWatch, seat: int, raw: bytes) -> None:
        """Take one answer: `received` with the server's time, or the error naming why not."""
        kept = watch.kept
        try:
            await self._count_message(kept.id, seat)
            message = read_answer(raw, kept.match.rounds)
            # An answer to a round the watch saw end (a losing bot's, most often) is refused
            # as the store would refuse it, without a hand-off to a thread to ask it.
            refusal = refused_already(kept.state, seat, message.round)
            if refusal is not None and watch.version > 0:
                raise refusal
            # Judged and the match read after it in one hand-off to a thread, where the
            # judging and then the watch's read after its poke were two.
            taken, ms, read = await asyncio.to_thread(self._judge, watch, seat, message)
        except ProtocolError as error:
            await self._refused(kept.id, seat, error)
            return
        except (Unreachable, MatchGone):
            raise store_unreachable() from None
        self._adopt(watch, read)
        await self.frames.send_json({"type": "received", "round": taken.round, "ms": ms})

    def _judge(
        self, watch: MatchWatch, seat: int, message: BotMessage
    ) -> tuple[BotAnswer, int, tuple[int, StoredMatch] | None]:
        """In a thread: the answer taken and its time, and the match read after it (None when
        that read failed: the watch reads it again)."""
        taken, ms = self.face.matches.answer(watch.kept, seat, message)
        try:
            return taken, ms, watch.read_in_thread()
        except (Unreachable, MatchGone):
            return taken, ms, None

    async def _count_message(self, match_id: str, seat: int) -> None:
        """ProtocolError too-many past the seat's messages a second (and it is disconnected)."""
        second = self.face.matches.clock() // 1000
        if second != self._second:
            self._second, self._in_second = second, 0
        self._in_second += 1
        places = self.limits.messages_per_second
        if self._in_second <= places:
            return
        await asyncio.to_thread(self.face.matches.mark, match_id, f"out:{seat}")
        raise ending(
            ProtocolError(
                ProtocolProblem.TOO_MANY,
                f"a seat may send {places} messages a second: this seat is disconnected",
            )
        )

    async def _refused(self, match_id: str, seat: int, error: ProtocolError) -> None:
        """Send the error; past the seat's refused messages (NOT_COUNTED aside), it is
        disconnected."""
        await self.frames.send_json(error.to_json())
        if error.problem in NOT_COUNTED:
            return
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
