"""A match followed by the relay's bots (sockets.py): its state read once for all its seats'
connections, at the instant its next round starts or ends by the clock, at once after an
answer taken here (`poke`), and every `poll_seconds` for answers other servers took (every
ALL_HERE_POLL_SECONDS, a safety net, while every bot seat is connected here: no other server
takes their answers then); a version
that moves on when the match did, which the connections wait on."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from ..jobs.store import Unreachable
from ..matches import Matches, StoredMatch
from ..matches.protocol import HelloMessage, PuzzleMessage, ResultMessage, ServerMessage
from ..matches.store import SETTLE_MS, MatchGone

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
        self._changed = asyncio.Condition()
        self._poke = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        # Each round's puzzle message, and its result once settled, made once for all seats:
        # made again for every seat at every step, they were most of the relay's own work.
        self._puzzles: dict[int, PuzzleMessage] = {}
        self._results: dict[int, ResultMessage] = {}
        self._rounds_built: tuple[int, tuple[ServerMessage, ...]] = (-1, ())

    def start(self) -> None:
        """Begin reading the match."""
        self._task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        """Stop reading it (its last follower went)."""
        if self._task is not None:
            self._task.cancel()

    def poke(self) -> None:
        """Read the match again at once (an answer was taken here)."""
        self._poke.set()

    def messages(self, seat: int) -> tuple[ServerMessage, ...]:
        """`seat`'s messages of the match as last read, as protocol.messages_for makes them."""
        kept = self.kept
        return (HelloMessage.of(kept.id, kept.match, seat), *self._round_messages())

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
            result = self._results.get(number)
            if result is None:
                result = ResultMessage.of(played, expected, number == match.setting.rounds)
                if played.end + SETTLE_MS <= state.now:  # its verdicts are final
                    self._results[number] = result
            found.append(result)
        self._rounds_built = (self.version, tuple(found))
        return self._rounds_built[1]

    async def changed_since(self, version: int, seconds: float) -> int:
        """The version once it is past `version`, or after `seconds` in any case."""
        async with self._changed:
            # A timeout on this task, not wait_for's task of its own (one per seat per step).
            try:
                async with asyncio.timeout(seconds):
                    await self._changed.wait_for(lambda: self.version > version)
            except TimeoutError:
                pass
            return self.version

    async def _run(self) -> None:
        while True:
            # Cleared before the read, so an answer taken while it runs is read next, at once.
            self._poke.clear()
            try:
                read = await asyncio.to_thread(self.matches.refreshed, self.kept)
            except (Unreachable, MatchGone):
                read = self.kept  # read again at the next poll; the connections wait
            # The version moves on only when the match did (its time of reading aside).
            if self.version == 0 or replace(read.state, now=0) != replace(self.kept.state, now=0):
                async with self._changed:
                    self.kept = read
                    self.version += 1
                    self._changed.notify_all()
            try:
                async with asyncio.timeout(self._wait_seconds()):
                    await self._poke.wait()
            except TimeoutError:
                pass

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
