"""Where games are kept: the job store (SQLite on one machine, Redis for several), so every
app server sees the same game and a restart loses nothing.

Keys, under the game's id (unguessable, as are the seats' tokens, of which only hashes are
kept):
- game:<id>          the setting, the host's token hash and the invitation's (the guest's
                     way in: the game's id alone lets one watch);
- game:<id>:guest    the guest's token hash, or NOBODY for a game alone: claimed once
                     (`add`), so of two people opening the invitation, one takes the seat;
- game:<id>:move:<n> move n, claimed once (`add` is set-if-absent in SQLite and Redis
                     alike): of two moves sent at the same instant for the same turn, from
                     two servers, exactly one is applied; the other is judged again against
                     the game as it now stands (and, in a Duel, refused: not your turn);
- game:<id>:rematch  the rematch's id and the seat of the player who asked for it first,
                     claimed once: the rematch of a game is one game, whoever asks;
- game:<id>:log      every move so far in one value, written after each claim, so a reader
                     makes three reads, not one a move. The move keys after it are the
                     truth: a server that stops between claim and write loses nothing, as
                     the next reader finds the claimed move past the log's end.

Each key lives IDLE_SECONDS past the game's last move (the move keys a little longer than
the log, so the log never outlives a move it lacks): a game with no move for an hour is
gone, and SQLite's tidy (the consumers' sweep) or Redis deletes its rows. A game waiting for
its guest is gone an hour after it was made.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ..jobs.seat_tokens import new_token, now_ms, token_hash
from ..jobs.store import Store
from ..sudoku import Grid, Puzzle
from .clocks import ClockSetting
from .game import Game, GameState, Mode, Refusal, RefusalReason
from .moves import GUEST, HOST, Move, MoveKind
from .rules import judge, state_of

IDLE_SECONDS = 3600
# How much longer a move key lives than the log written after it.
MOVE_MARGIN_SECONDS = 60
# Times a move is judged again after another took its turn first, before it is answered
# "busy": each try is a few reads, and in a Race the other player moves at most a few times
# a second.
ATTEMPTS = 8
NOBODY = b"nobody"
# A log is at most a few thousand moves (the clocks bound them); this bounds what one read
# trusts from the store.
MAX_MOVES = 20_000


class GameGone(Exception):
    """The game is not in the store (it never was, or an hour passed without a move)."""


def invitation_of(host: str) -> str:
    """The invitation of the game whose host holds `host`: worked out from the host's token
    (so the host's page can show it again, and nothing more is kept), and telling nothing
    of it."""
    return hashlib.sha256(f"invitation:{host}".encode()).hexdigest()[:24]


def rematch_token(game_id: str, held: str) -> str:
    """The token of a seat in the rematch `game_id`, for the player whose seat in the game
    before was held by the token hashed `held` (the hash is never shown, so it is as
    unguessable as the token)."""
    digest = hashlib.sha256(f"rematch:{game_id}:{held}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


@dataclass(frozen=True)
class StoredGame:
    """A game as the store holds it: the setting, the log, and the seats' token hashes (the
    guest's empty while the seat is free, NOBODY's for a game alone)."""

    id: str
    game: Game
    log: tuple[Move, ...]
    host: str
    guest: str
    invite: str

    def invited(self, invite: str) -> bool:
        """True when `invite` is this game's invitation."""
        return hmac.compare_digest(self.invite, token_hash(invite))

    def record(self) -> bytes:
        """The game's record in the store."""
        fields = {"game": self.game.to_bytes().decode(), "host": self.host, "invite": self.invite}
        return json.dumps(fields).encode()

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` holds in this game, or None (a watcher)."""
        if not token:
            return None
        hashed = token_hash(token)
        for seat, held in ((HOST, self.host), (GUEST, self.guest)):
            if held and hmac.compare_digest(held, hashed):
                return seat
        return None

    def held(self, seat: int) -> str:
        """The hash of the token holding `seat`."""
        return self.host if seat == HOST else self.guest

    def state(self, now: int) -> GameState:
        """The game at `now`."""
        return state_of(self.game, self.log, now)


@dataclass(frozen=True)
class Played:
    """What became of a move: the game after it, and the refusal if it was not made."""

    kept: StoredGame
    refusal: Refusal | None = None


class Games:
    """The games in a store; `clock` tells the time in epoch milliseconds (a test passes
    one it moves on itself); `announce` is told each game's new version once its move is
    kept (webapp/live/news.py: Redis pub/sub, for the live relay), and never fails a move."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], int] = now_ms,
        announce: Callable[[str, int], None] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.announce = announce

    def version(self, game_id: str) -> int | None:
        """The number of moves `game_id` has (its version), or None when there is no such
        game: what the live relay reads, without the setting."""
        if self.store.get(f"game:{game_id}") is None:
            return None
        return len(self._log(game_id))

    def moved(self, versions: Mapping[str, int]) -> set[str]:
        """The games of `versions` (id: a version known) that have a move past it: one read
        a game, what the live relay asks of the store between Redis's news or in its place."""
        return {
            game_id
            for game_id, version in versions.items()
            if self.store.get(f"game:{game_id}:move:{version}") is not None
        }

    def create(
        self, puzzle: Puzzle, solution: Grid, mode: Mode, setting: ClockSetting, order: str = ""
    ) -> tuple[str, str, str]:
        """Make a game waiting for its guest: its id, the host's token and the invitation
        (`order`: the generator's order the puzzle came from, if it did)."""
        game = Game(puzzle, solution, mode, setting, self.clock(), order)
        game_id, host = new_token(), new_token()
        invite = invitation_of(host)
        kept = StoredGame(game_id, game, (), token_hash(host), "", token_hash(invite))
        self.store.put(f"game:{game_id}", kept.record(), IDLE_SECONDS)
        return game_id, host, invite

    def load(self, game_id: str) -> StoredGame | None:
        """The game `game_id` as it stands, or None when there is none (or it has expired)."""
        record = self.store.get(f"game:{game_id}")
        if record is None:
            return None
        fields = json.loads(record)
        game = Game.from_bytes(fields["game"].encode())
        guest = self.store.get(f"game:{game_id}:guest") or b""
        log = self._log(game_id)
        return StoredGame(game_id, game, log, fields["host"], guest.decode(), fields["invite"])

    def _log(self, game_id: str) -> tuple[Move, ...]:
        """The moves of `game_id`: the written log and any claimed past its end."""
        written = self.store.get(f"game:{game_id}:log")
        moves = [Move.from_bytes(line) for line in written.splitlines()] if written else []
        while len(moves) < MAX_MOVES:
            claimed = self.store.get(f"game:{game_id}:move:{len(moves)}")
            if claimed is None:
                break
            moves.append(Move.from_bytes(claimed))
        return tuple(moves)

    def rematch_asked_by(self, game_id: str) -> int | None:
        """The seat of the game `game_id` that asked for its rematch first, or None."""
        made = self.store.get(f"game:{game_id}:rematch")
        return int(made.decode().split(" ")[1]) if made is not None else None

    def rematch(self, kept: StoredGame, seat: int) -> tuple[str, str]:
        """The rematch of the game `kept` (over, between two people) for its player `seat`:
        the same puzzle, mode and clock with the seats swapped. The first to ask makes it,
        waiting; the other's asking starts it. Its id, and the token of `seat`'s new seat."""
        key = f"game:{kept.id}:rematch"
        made = self.store.get(key)
        if made is None:
            game_id = new_token()
            # The new seats' tokens are worked out from the old seats' hashes, so each
            # player's browser, proving its old seat, is given its new one: nothing more
            # is kept, and no token is ever sent to the other.
            game = replace(kept.game, created=self.clock())
            host_hash = token_hash(rematch_token(game_id, kept.guest))
            swapped = StoredGame(game_id, game, (), host_hash, "", token_hash(new_token()))
            self.store.put(f"game:{game_id}", swapped.record(), IDLE_SECONDS)
            guest_hash = token_hash(rematch_token(game_id, kept.host))
            self.store.put(f"game:{game_id}:guest", guest_hash.encode(), IDLE_SECONDS)
            # Written before it is claimed: the other player never finds a rematch missing.
            if self.store.add(key, f"{game_id} {seat}".encode(), IDLE_SECONDS):
                return game_id, rematch_token(game_id, kept.held(seat))
            made = self.store.get(key)
            if made is None:
                raise GameGone(kept.id)
        game_id, first = made.decode().split(" ")
        if int(first) != seat:
            self.play(game_id, GUEST, MoveKind.JOIN, None)  # refused when started: no matter
        return game_id, rematch_token(game_id, kept.held(seat))

    def join(self, game_id: str, invite: str) -> tuple[Played, str | None]:
        """Take the guest's seat with the invitation: the game after it, and the guest's
        token (None when the seat was taken already or the invitation is not the game's:
        the refusal says so)."""
        kept = self.load(game_id)
        if kept is None:
            raise GameGone(game_id)
        if not kept.invited(invite):
            wrong = "this is not the game's invitation: ask its host for the link again"
            return Played(kept, Refusal(RefusalReason.NOT_A_SEAT, wrong)), None
        guest = new_token()
        if not self.store.add(f"game:{game_id}:guest", token_hash(guest).encode(), IDLE_SECONDS):
            return self._refused_seat(game_id), None
        return self.play(game_id, GUEST, MoveKind.JOIN, None), guest

    def start_alone(self, game_id: str) -> Played:
        """Start the game against nobody (the host's to ask; the caller checks the seat)."""
        if not self.store.add(f"game:{game_id}:guest", NOBODY, IDLE_SECONDS):
            return self._refused_seat(game_id)
        return self.play(game_id, HOST, MoveKind.ALONE, None)

    def _refused_seat(self, game_id: str) -> Played:
        kept = self.load(game_id)
        if kept is None:
            raise GameGone(game_id)
        return Played(
            kept, Refusal(RefusalReason.STARTED, "the game is full: both seats are taken")
        )

    def play(
        self,
        game_id: str,
        seat: int,
        kind: MoveKind,
        seen: int | None,
        cell: int = -1,
        value: int = 0,
    ) -> Played:
        """Make a move for `seat` at the present time, if the rules allow it and the game is
        still the one the player saw (`seen`, GameState.seen_by; None not to check).
        GameGone when the game is not in the store."""
        kept = None
        for _ in range(ATTEMPTS):
            kept = self.load(game_id)
            if kept is None:
                raise GameGone(game_id)
            move = Move(kind, seat, self.clock(), cell, value)
            if seen is not None and kept.state(move.at).seen_by(seat) != seen:
                stale = "the game has moved on since your page was made: here it is now"
                return Played(kept, Refusal(RefusalReason.STALE, stale))
            refusal = judge(kept.game, kept.log, move)
            if refusal is not None:
                return Played(kept, refusal)
            if self._claim(kept, move):
                return Played(replace(kept, log=(*kept.log, move)))
        assert kept is not None
        busy = "the game is busy: moves are arriving faster than it can take them; try again"
        return Played(kept, Refusal(RefusalReason.BUSY, busy))

    def _claim(self, kept: StoredGame, move: Move) -> bool:
        """Claim the next turn's key for `move`; when won, write the log and keep the game
        IDLE_SECONDS from now. False when another move took the turn first."""
        n = len(kept.log)
        lifetime = IDLE_SECONDS + MOVE_MARGIN_SECONDS
        if not self.store.add(f"game:{kept.id}:move:{n}", move.to_bytes(), lifetime):
            return False
        log = b"\n".join(m.to_bytes() for m in (*kept.log, move))
        self.store.put(f"game:{kept.id}:log", log, IDLE_SECONDS)
        self.store.put(f"game:{kept.id}", kept.record(), IDLE_SECONDS)
        self.store.put(f"game:{kept.id}:guest", kept.guest.encode(), IDLE_SECONDS)
        if self.announce is not None:
            self.announce(kept.id, n + 1)
        return True
