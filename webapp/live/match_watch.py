"""A match followed by the relay's bots (sockets.py): its state read once for all its seats'
connections, at the instant its next round starts or ends by the clock, after an answer taken
here (read in the same hand-off to a thread as the answer's judging, `read_in_thread`, and
`adopt`ed), and every `poll_seconds` for answers other servers took (every
ALL_HERE_POLL_SECONDS, a safety net, while every bot seat is connected here: no other server
takes their answers then); a version that moves on when the match did, which the connections
wait on (`next_change`: one future for all of them); and each message encoded once for all
the seats it goes to."""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import fields

from ..jobs.store import Unreachable
from ..matches import Matches, MatchState, StoredMatch
from ..matches.protocol import (
    HelloMessage,
    PuzzleMessage,
    ResultMessage,
    ServerMessage,
    numbered,
)
from ..matches.scoring import RoundState
from ..matches.store import MatchGone

# How often a match is read while all its bot seats are connected to this relay.
ALL_HERE_POLL_SECONDS = 1.0


class MatchWatch:
    """One match followed by this relay: its newest state read, and a version that moves on
    each time it is read anew, which the match's connections wait on."""

    def __init__(self, matches: Matches, kept: StoredMatch, poll_seconds: float) -> None:
        self.matches = matches
        self.kept = kept
        self.poll_seconds = poll_seconds
        self.version = 0
        self.followers = 0
        self.seats_here: set[int] = set()
        # Resolved when the version moves on, then made anew: every connection waits on the
        # one future, where a task of its own for each seat at each step was a good part of
        # the relay's work a round.
        self._next: asyncio.Future[None] | None = None
        # Woken to read the match at once (`poke`), or to work out the next wait again after
        # a state read elsewhere was adopted.
        self._wake = asyncio.Event()
        self._poked = False
        self._task: asyncio.Task[None] | None = None
        # The reads of the match, in threads, numbered in the order they were made: a read
        # made after another is at least as new, so an older one is never adopted after it.
        self._reading = threading.Lock()
        self._reads = 0
        self._adopted = 0
        # Each round's puzzle message, and its result with the round's state it was made
        # from (made again only when the round reads otherwise: a round over reads the same
        # but for a late verdict), made once for all seats: made again for every seat at
        # every step, they were most of the relay's own work.
        self._puzzles: dict[int, PuzzleMessage] = {}
        self._results: dict[int, tuple[RoundState, ResultMessage]] = {}
        self._rounds_built: tuple[int, tuple[ServerMessage, ...]] = (-1, ())
        # Each message past the hello as sent, numbered, encoded once for all seats (they are
        # the same for every seat), by its seq, with the message it was encoded from.
        self._encoded: dict[int, tuple[ServerMessage, bytes]] = {}

    def start(self) -> None:
        """Begin reading the match."""
        self._task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        """Stop reading it (its last follower went)."""
        if self._task is not None:
            self._task.cancel()

    def poke(self) -> None:
        """Read the match again at once (an answer was taken here)."""
        self._poked = True
        self._wake.set()

    def read_in_thread(self) -> tuple[int, StoredMatch]:
        """The match read now, in a thread, with its place in the order of this watch's
        reads (for `adopt`)."""
        with self._reading:
            self._reads += 1
            return self._reads, self.matches.refreshed(self.kept)

    def adopt(self, place: int, read: StoredMatch) -> None:
        """Take `read`, the read numbered `place`, as the match's state unless a later read
        was taken; the version moves on when the match did (its time of reading aside)."""
        if place <= self._adopted:
            return
        self._adopted = place
        if self.version == 0 or not _same_but_when_read(read.state, self.kept.state):
            self.kept = read
            self.version += 1
            found, self._next = self._next, None
            if found is not None:
                found.set_result(None)
            self._wake.set()  # the next instant the match changes by the clock may be new

    def next_change(self, version: int) -> asyncio.Future[None]:
        """A future done once the version is past `version` (shared: never to be cancelled)."""
        if self.version > version:
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
        return self._next

    def messages(self, seat: int) -> tuple[ServerMessage, ...]:
        """`seat`'s messages of the match as last read, as protocol.messages_for makes them."""
        kept = self.kept
        return (HelloMessage.of(kept.id, kept.match, seat), *self._round_messages())

    def encoded(self, seat: int, after: int) -> list[bytes]:
        """`seat`'s messages numbered past `after` as JSON (as protocol.numbered makes them),
        each encoded once for every seat but the hello, which names its seat."""
        found = []
        if after < 0:
            hello = HelloMessage.of(self.kept.id, self.kept.match, seat)
            found.append(json.dumps(numbered((hello,), -1)[0]).encode())
        rounds = self._round_messages()
        for seq in range(max(after + 1, 1), len(rounds) + 1):
            message = rounds[seq - 1]
            kept = self._encoded.get(seq)
            if kept is None or kept[0] is not message:
                kept = (message, json.dumps({"seq": seq, **message.to_json()}).encode())
                self._encoded[seq] = kept
            found.append(kept[1])
        return found

    def is_last(self, seq: int) -> bool:
        """True when message `seq` is the match's last result (its end)."""
        rounds = self._round_messages()
        if not 1 <= seq <= len(rounds):
            return False
        message = rounds[seq - 1]
        return isinstance(message, ResultMessage) and message.last

    def _round_messages(self) -> tuple[ServerMessage, ...]:
        """Every round's puzzle and, once over, result, as the match was last read."""
        version, built = self._rounds_built
        if version == self.version:
            return built
        match, state = self.kept.match, self.kept.state
        found: list[ServerMessage] = []
        for played in state.rounds:
            number, expected = played.number, match.rounds[played.number - 1]
            puzzle = self._puzzles.get(number)
            if puzzle is None:
                puzzle = PuzzleMessage.of(expected, match.setting.seconds)
                self._puzzles[number] = puzzle
            found.append(puzzle)
            if played.end is None:
                continue
            made = self._results.get(number)
            if made is None or made[0] != played:
                result = ResultMessage.of(played, expected, number == match.setting.rounds)
                made = self._results[number] = (played, result)
            found.append(made[1])
        self._rounds_built = (self.version, tuple(found))
        return self._rounds_built[1]

    async def changed_since(self, version: int, seconds: float) -> int:
        """The version once it is past `version`, or after `seconds` in any case."""
        if self.version <= version:
            # Waited on, not awaited: a timeout must not cancel the future all seats share.
            await asyncio.wait((self.next_change(version),), timeout=seconds)
        return self.version

    async def _run(self) -> None:
        read_now = True
        while True:
            # Cleared before the read, so an answer taken while it runs is read next, at once.
            self._wake.clear()
            if read_now:
                self._poked = False
                try:
                    self.adopt(*await asyncio.to_thread(self.read_in_thread))
                except (Unreachable, MatchGone):
                    pass  # read again at the next poll; the connections wait
                if self.version == 0:
                    self.adopt(self._reads, self.kept)  # never read yet: the match as made
                if not self._poked:
                    self._wake.clear()  # the wait below is worked out from the newest read
            try:
                async with asyncio.timeout(self._wait_seconds()):
                    await self._wake.wait()
                read_now = self._poked
            except TimeoutError:
                read_now = True

    def _wait_seconds(self) -> float:
        """Until the match next changes by the clock (a round starting or ending, the house
        answering), at most poll_seconds: another server's answers are learnt by then."""
        state = self.kept.state
        setting = self.kept.match.setting
        instants = []
        if state.next_start is not None:
            instants.append(state.next_start)
        current = state.current
        if current is not None:
            instants.append(current.start + setting.round_ms)
            if setting.house_ms is not None:
                instants.append(current.start + setting.house_ms)
        now = self.matches.clock()
        soon = [(at - now) / 1000 for at in instants if at >= now]
        every_seat = set(setting.bot_seats) <= self.seats_here
        return min([ALL_HERE_POLL_SECONDS if every_seat else self.poll_seconds, *soon])


def _same_but_when_read(one: MatchState, other: MatchState) -> bool:
    """True when the two states differ in their time of reading at most (compared field by
    field: dataclasses.replace, twice a reading, was a good part of taking one)."""
    return all(getattr(one, name) == getattr(other, name) for name in _STATE_FIELDS)


_STATE_FIELDS = tuple(field.name for field in fields(MatchState) if field.name != "now")
