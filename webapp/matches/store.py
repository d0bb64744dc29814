"""Where matches are kept: the job store (SQLite on one machine, Redis for several), as games
are, so every app server judges the same match and a restart loses nothing.

Keys, under the match's id (unguessable, as are the seats' and the host's tokens, of which
only hashes are kept):
- match:<id>                   the match as made (setting, every round's puzzle) and the
                               token hashes;
- match:<id>:seat:<n>          seat n taken, claimed once (`add`): a second hello with the
                               same token is refused;
- match:<id>:started           when the match started, claimed once (the last seat's hello or
                               the host's start, whichever came first);
- match:<id>:answer:<r>:<n>    seat n's answer to round r, claimed once: one answer a round;
- match:<id>:winner:<r>        round r's winner and when, claimed once by the first right
                               answer: of two right answers on two servers at one instant,
                               one wins, and a round is never scored twice;
- match:<id>:house:<r>          round r's house solve, claimed once by the house player that
                               solves it (the others leave the round to it);
- match:<id>:count:<what>:<k>  places for the limits on a seat's messages (count).
- matches:house (a group)      the ids of the matches with a house seat, until the house
                               player sees each over (house_player.py).

- match:<id>:settled           the claims of the rounds over for SETTLE_MS and more, in one
                               value: they are final, and a reader reads them at once.

Every key lives IDLE_SECONDS past the longest the match can last from its making (its rounds
at their full time): a match is gone an hour or more after it ends.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from ..jobs.seat_tokens import new_token, now_ms, token_hash
from ..jobs.store import Store
from ..sudoku import Budget, Grid, read_code
from .house import HOUSE_BUDGET, house_answer
from .protocol import BotMessage, ProtocolError, ProtocolProblem
from .scoring import BotAnswer, Match, MatchPhase, MatchState, RoundState, match_state
from .setting import MAX_ROUNDS, MAX_SECONDS, AnswerKind, MatchSetting, RoundPuzzle

IDLE_SECONDS = 3600
# The group of the matches with a house seat not yet over: the house player's list.
HOUSE_MATCHES = "matches:house"
# How much longer the claims live than the match's record, so no claim is lost first.
CLAIM_MARGIN_SECONDS = 60
# A match id and tokens are 24 URL-safe characters (new_token), a seat's token the match's id,
# ID_END and 24 more: anything longer is not one.
LONGEST_ID = 64
ID_END = "."


# Matches whose record and settled rounds a process remembers read (a few KB each).
REMEMBERED = 256
# Answers a process remembers read (a 16x16's is 1 KB as kept): those of the rounds under way.
REMEMBERED_ANSWERS = 4096
T = TypeVar("T")
LONGEST_LIFETIME = IDLE_SECONDS + CLAIM_MARGIN_SECONDS + MAX_ROUNDS * (MAX_SECONDS + 1)
# A round's claims are final this long after it ended (an answer judged before the end has
# been claimed by then): they are then kept in one key, which later readers read instead.
SETTLE_MS = 2000

log = logging.getLogger(__name__)


class MatchGone(Exception):
    """The match is not in the store (it never was, or an hour passed since it was used)."""


@dataclass(frozen=True)
class StoredMatch:
    """A match as the store holds it: its id, the match, the host's and each bot seat's
    token hash, and what was claimed so far (read at `state.now`)."""

    id: str
    match: Match
    host: str
    seat_hashes: tuple[str, ...]
    state: MatchState

    def seat_of(self, token: str | None) -> int | None:
        """The bot seat `token` holds, or None."""
        if not token or len(token) > LONGEST_ID:
            return None
        hashed = token_hash(token)
        for seat, held in enumerate(self.seat_hashes, start=1):
            if hmac.compare_digest(held, hashed):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        """True when `token` is the host's."""
        return bool(token) and hmac.compare_digest(self.host, token_hash(token or ""))


@dataclass(frozen=True)
class OpenedMatch:
    """A match just made: its id, the host's token and each bot seat's token, seat 1 first."""

    id: str
    host: str
    seats: tuple[str, ...]


class Matches:
    """The matches in a store; `clock` tells the time in epoch milliseconds (a test passes
    one it moves on itself). Only a reader that `plays_house` solves the house's answers
    (house_player.py, in the job consumer): a request reads them, never waits on a solve."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], int] = now_ms,
        house_budget: Budget = HOUSE_BUDGET,
        plays_house: bool = False,
    ) -> None:
        self.store = store
        self.clock = clock
        self.house_budget = house_budget
        self.plays_house = plays_house
        # What was read from the store, by the bytes it was read from: a match as made and
        # its settled claims change rarely, and reading them again (each round's puzzle,
        # every answer's grid) was most of a request's time.
        self._made: _Remembered[StoredMatch] = _Remembered()
        self._settled: _Remembered[_Claims] = _Remembered()
        # Each answer as read back, by its key: a round's answers were read anew at every
        # reading of the match until it settled, a quarter of the relay's reading's work.
        self._answers: _Remembered[BotAnswer] = _Remembered(REMEMBERED_ANSWERS)

    def open(self, setting: MatchSetting, rounds: tuple[RoundPuzzle, ...]) -> OpenedMatch:
        """Keep a new match with its rounds' puzzles (made already): its id and tokens."""
        match_id, host = match_id_from(new_token), new_token()
        # A seat's token starts with its match's id, so a bot needs the server's address and
        # its token alone; only the part after the id is secret.
        seats = tuple(f"{match_id}{ID_END}{new_token()}" for _ in setting.bot_seats)
        record = {
            "setting": setting.to_json(),
            "rounds": [played.to_json() for played in rounds],
            "created": self.clock(),
            "host": token_hash(host),
            "seats": [token_hash(seat) for seat in seats],
        }
        self.store.put(f"match:{match_id}", json.dumps(record).encode(), self._lifetime(setting))
        if setting.house_seat is not None:
            self.store.join(HOUSE_MATCHES, match_id)  # the house player's to play
        return OpenedMatch(match_id, host, seats)

    def load(self, match_id: str) -> StoredMatch | None:
        """The match `match_id` as it stands now, or None when there is none."""
        made = self.made(match_id)
        return None if made is None else self.refreshed(made)

    def made(self, match_id: str) -> StoredMatch | None:
        """The match `match_id` as made, its claims not read (its state says nothing has
        happened): enough to know a token's seat; None when there is none."""
        if len(match_id) > LONGEST_ID:
            return None
        record = self.store.get(f"match:{match_id}")
        if record is None:
            return None
        made = self._made.get(match_id, record)
        if made is None:
            fields = json.loads(record)
            setting = MatchSetting.from_json(fields["setting"])
            rounds = tuple(_round_puzzle(kept) for kept in fields["rounds"])
            match = Match(setting, rounds, int(fields["created"]))
            unread = MatchState(0, MatchPhase.WAITING, None, frozenset(), (), None)
            made = StoredMatch(match_id, match, fields["host"], tuple(fields["seats"]), unread)
            self._made.put(match_id, record, made)
        return made

    def refreshed(self, kept: StoredMatch) -> StoredMatch:
        """`kept` as it stands now: its claims read again, the match as made kept (it never
        changes), so a waiting poll reads a few keys, not the whole match."""
        return replace(kept, state=self._state(kept.id, kept.match, self.clock()))

    def _state(self, match_id: str, match: Match, now: int) -> MatchState:
        """The match at `now`, read in one call to the store: the rounds settled from one
        key, the start, the seats, and the claims of the rounds past those last seen settled
        (the claims of a round not begun are none, or ignored)."""
        key, setting = f"match:{match_id}", match.setting
        seat_keys = {seat: f"{key}:seat:{seat}" for seat in setting.bot_seats}
        answering = (
            *setting.bot_seats,
            *(() if setting.house_seat is None else (setting.house_seat,)),
        )
        # Read key by key and round by round, the claims were a dozen of the store's calls
        # and as many workings of the state each time a match was read, most of the relay's
        # work a round.
        seen_settled = self._settled.latest(match_id)
        first_unsettled = 1 if seen_settled is None else seen_settled.settled + 1
        round_keys = {
            number: _RoundKeys.of(key, number, answering)
            for number in range(first_unsettled, setting.rounds + 1)
        }
        wanted = [f"{key}:settled", f"{key}:started", *seat_keys.values()]
        for unsettled in round_keys.values():
            wanted.extend((*unsettled.answers.values(), unsettled.winner))
        found = self.store.get_many(wanted)
        claims = self._settled_claims(match_id, found.get(f"{key}:settled"), match, now)
        if claims.settled == 0:
            started_at = found.get(f"{key}:started")
            claims.started = None if started_at is None else int(started_at)
            claims.joined = frozenset(
                seat for seat, seat_key in seat_keys.items() if seat_key in found
            )
        for number in range(claims.settled + 1, setting.rounds + 1):
            keys = round_keys.get(number)
            if keys is None:  # settled for another reader, not in the settled key: read them
                keys = round_keys[number] = _RoundKeys.of(key, number, answering)
                found.update(self.store.get_many([*keys.answers.values(), keys.winner]))
            for seat, answer_key in keys.answers.items():
                answer = found.get(answer_key)
                if answer is not None:
                    claims.answers[number, seat] = self._answer_read(answer_key, answer)
            won = found.get(keys.winner)
            if won is not None:
                seat_text, at_text = won.decode().split(" ")
                claims.winners[number] = (int(seat_text), int(at_text))
        state = claims.state(match, now)
        if self._house_plays(match_id, match, state, claims):
            state = claims.state(match, now)
        settled = sum(
            1 for played in state.rounds if played.end is not None and played.end + SETTLE_MS <= now
        )
        if settled > claims.settled:
            claims.settled = settled
            self.store.put(f"{key}:settled", claims.to_bytes(), self._lifetime(match.setting))
        return state

    def _answer_read(self, key: str, data: bytes) -> BotAnswer:
        """The answer kept under `key` (match:<id>:answer:<round>:<seat>) as `data`."""
        answer = self._answers.get(key, data)
        if answer is None:
            number, seat = key.rsplit(":", 2)[1:]
            answer = BotAnswer.from_json(int(number), int(seat), json.loads(data))
            self._answers.put(key, data, answer)
        return answer

    def _house_plays(self, match_id: str, match: Match, state: MatchState, claims: _Claims) -> bool:
        """The house's answer to the round under way, solved and kept by the first reader
        (claimed once), due at the handicap or when the solve ended: True when one was."""
        setting, current = match.setting, state.current
        house = setting.house_seat
        if not self.plays_house or house is None or setting.house_ms is None or current is None:
            return False
        if (current.number, house) in claims.answers:
            return False
        lifetime = self._lifetime(setting)
        # Claimed before the solve: several consumers' players each solved every round, and
        # all but the first threw their answer away. Should the claimer die solving, the house
        # is silent in that round, as a bot that found nothing.
        if not self.store.add(f"match:{match_id}:house:{current.number}", b"1", lifetime):
            return False
        began = self.clock()
        found = house_answer(match.rounds[current.number - 1], self.house_budget)
        if found is None:
            # The engine found nothing within its budget: the house is silent in this round.
            log.info("the house found no answer within its budget in round %d", current.number)
            return False
        solved_ms = self.clock() - began
        at = current.start + max(setting.house_ms, solved_ms)
        answer = BotAnswer(current.number, house, found[0], found[1], at)
        key = f"match:{match_id}:answer:{current.number}:{house}"
        kept = json.dumps(answer.to_json()).encode()
        self.store.add(key, kept, lifetime)
        stored = self.store.get(key)
        if stored is not None:  # another reader's, when it was first
            claims.answers[current.number, house] = BotAnswer.from_json(
                current.number, house, json.loads(stored)
            )
        return True

    def _settled_claims(self, match_id: str, data: bytes | None, match: Match, now: int) -> _Claims:
        """The claims of the match's settled rounds, as read in `data` (none when None), a
        copy of its own, with those rounds worked out (once: they never change)."""
        if data is None:
            return _Claims()
        claims = self._settled.get(match_id, data)
        if claims is None:
            claims = _Claims.from_bytes(data)
            worked_out = claims.state(match, now).rounds[: claims.settled]
            if len(worked_out) == claims.settled and all(r.end is not None for r in worked_out):
                claims.known = worked_out
            self._settled.put(match_id, data, claims)
        return claims.copy()

    def join(self, kept: StoredMatch, seat: int) -> StoredMatch:
        """Take `seat` (its hello): the match after it, started when it was the last seat.
        ProtocolError when the seat was taken already or the match has started."""
        key = f"match:{kept.id}"
        if self.refreshed(kept).state.phase != MatchPhase.WAITING:
            raise ProtocolError(ProtocolProblem.STARTED, "the match has started: seats are closed")
        if not self.store.add(f"{key}:seat:{seat}", b"1", self._lifetime(kept.match.setting)):
            raise ProtocolError(
                ProtocolProblem.SEAT_TAKEN, "this seat's token has said hello already"
            )
        reloaded = self._reloaded(kept.id)
        if reloaded.state.joined == frozenset(kept.match.setting.bot_seats):
            return self.start(reloaded)
        return reloaded

    def start(self, kept: StoredMatch) -> StoredMatch:
        """Start the match now (the seats taken play; claimed once, so a second start and a
        last hello at one instant start it once)."""
        self.store.add(
            f"match:{kept.id}:started",
            str(self.clock()).encode(),
            self._lifetime(kept.match.setting),
        )
        return self._reloaded(kept.id)

    def answer(self, kept: StoredMatch, seat: int, message: BotMessage) -> tuple[BotAnswer, int]:
        """Judge and keep `seat`'s answer, received now: it, and its time from the round's
        start in ms; ProtocolError naming why it is not taken (no round under way, an old
        round, answered already)."""
        at = self.clock()
        state = self._state(kept.id, kept.match, at)
        if seat not in state.joined:
            raise ProtocolError(ProtocolProblem.NOT_JOINED, "say hello before answering")
        current = state.current
        if current is None or message.round != current.number:
            raise _out_of_turn(state, message.round)
        answer = BotAnswer(message.round, seat, AnswerKind(message.type), message.cells, at)
        key = f"match:{kept.id}"
        claimed = json.dumps(answer.to_json()).encode()
        if not self.store.add(
            f"{key}:answer:{message.round}:{seat}", claimed, self._lifetime(kept.match.setting)
        ):
            raise ProtocolError(
                ProtocolProblem.ALREADY_ANSWERED, f"this seat has answered round {message.round}"
            )
        won = f"{key}:winner:{message.round}"
        if answer.is_right(kept.match.rounds[message.round - 1]):
            # Of right answers on several servers at once, the first claim wins the round.
            if self.store.add(won, f"{seat} {at}".encode(), self._lifetime(kept.match.setting)):
                return answer, at - current.start
        winner = self.store.get(won)
        if winner is not None:
            winner_seat, winner_at = (int(part) for part in winner.decode().split(" "))
            if winner_seat != seat and winner_at < at:
                # Another answer won the round while this one was on its way: it is kept as
                # late (so the seat's one answer stays spent) and judged as none.
                late = replace(answer, late=True)
                self.store.put(
                    f"{key}:answer:{message.round}:{seat}",
                    json.dumps(late.to_json()).encode(),
                    self._lifetime(kept.match.setting),
                )
                raise ProtocolError(
                    ProtocolProblem.OLD_ROUND,
                    f"round {message.round} was won {at - winner_at} ms before this answer"
                    " came: answers to it are not taken",
                )
        return answer, at - current.start

    def count(self, match_id: str, what: str, places: int, seconds: int) -> bool:
        """Take one of `places` places for `what` for `seconds`; False when all are taken."""
        for place in range(places):
            if self.store.add(f"match:{match_id}:count:{what}:{place}", b"1", seconds):
                return True
        return False

    def mark(self, match_id: str, what: str) -> None:
        """Keep a fact about a match (a seat disconnected) for its lifetime."""
        self.store.put(f"match:{match_id}:mark:{what}", b"1", LONGEST_LIFETIME)

    def marked(self, match_id: str, what: str) -> bool:
        """True when `mark` kept `what`."""
        return self.store.get(f"match:{match_id}:mark:{what}") is not None

    def _reloaded(self, match_id: str) -> StoredMatch:
        kept = self.load(match_id)
        if kept is None:
            raise MatchGone(match_id)
        return kept

    def _lifetime(self, setting: MatchSetting) -> int:
        """How long a match's keys live: IDLE_SECONDS past the longest the match can last."""
        longest = setting.rounds * (setting.seconds + 1)
        return IDLE_SECONDS + CLAIM_MARGIN_SECONDS + longest


class _Remembered(Generic[T]):
    """Values read from the store, by match id (or key) and the bytes read (so a changed
    value is read again), `limit` at most, the least recently used forgotten first."""

    def __init__(self, limit: int = REMEMBERED) -> None:
        self._kept: OrderedDict[str, tuple[bytes, T]] = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def get(self, match_id: str, data: bytes) -> T | None:
        """The value read from `data` for `match_id`, if remembered."""
        with self._lock:
            kept = self._kept.get(match_id)
            if kept is None or kept[0] != data:
                return None
            self._kept.move_to_end(match_id)
            return kept[1]

    def latest(self, match_id: str) -> T | None:
        """The value last remembered for `match_id`, whatever it was read from."""
        with self._lock:
            kept = self._kept.get(match_id)
            return None if kept is None else kept[1]

    def put(self, match_id: str, data: bytes, value: T) -> None:
        """Remember `value`, read from `data` for `match_id`."""
        with self._lock:
            self._kept[match_id] = (data, value)
            self._kept.move_to_end(match_id)
            while len(self._kept) > self._limit:
                self._kept.popitem(last=False)


@dataclass(frozen=True)
class _RoundKeys:
    """The keys of a round's claims: each answering seat's answer, and the winner."""

    answers: dict[int, str]
    winner: str

    @classmethod
    def of(cls, key: str, number: int, seats: tuple[int, ...]) -> _RoundKeys:
        """Round `number`'s keys in the match under `key`, for `seats` (made once: a reading
        of the match made them anew for every round not settled)."""
        return _round_keys(key, number, seats)


@functools.lru_cache(maxsize=REMEMBERED_ANSWERS)
def _round_keys(key: str, number: int, seats: tuple[int, ...]) -> _RoundKeys:
    answers = {seat: f"{key}:answer:{number}:{seat}" for seat in seats}
    return _RoundKeys(answers, f"{key}:winner:{number}")


class _Claims:
    """What a match's claims say (store.py's working, not a value): when it started, the
    seats joined, the answers and winners read so far, and how many rounds were settled."""

    def __init__(self) -> None:
        self.started: int | None = None
        self.joined: frozenset[int] = frozenset()
        self.answers: dict[tuple[int, int], BotAnswer] = {}
        self.winners: dict[int, tuple[int, int]] = {}
        self.settled = 0
        # The settled rounds worked out, once for every reading (a reading worked out every
        # round from its claims, the most of a reading's work after the store's).
        self.known: tuple[RoundState, ...] = ()

    def state(self, match: Match, now: int) -> MatchState:
        """The match at `now` as these claims say."""
        return match_state(
            match, self.started, self.joined, self.answers, self.winners, now, self.known
        )

    def to_bytes(self) -> bytes:
        """The settled rounds' claims as one value (the rounds past them left out)."""
        fields = {
            "started": self.started,
            "joined": sorted(self.joined),
            "settled": self.settled,
            "answers": [
                [number, seat, answer.to_json()]
                for (number, seat), answer in self.answers.items()
                if number <= self.settled
            ],
            "winners": [
                [number, seat, at]
                for number, (seat, at) in self.winners.items()
                if number <= self.settled
            ],
        }
        return json.dumps(fields, separators=(",", ":")).encode()

    def copy(self) -> _Claims:
        """These claims, to be added to without changing them."""
        copied = _Claims()
        copied.started, copied.joined, copied.settled = self.started, self.joined, self.settled
        copied.answers, copied.winners = dict(self.answers), dict(self.winners)
        copied.known = self.known
        return copied

    @classmethod
    def from_bytes(cls, data: bytes) -> _Claims:
        """The claims kept by to_bytes."""
        claims = cls()
        fields = json.loads(data)
        claims.started = fields["started"]
        claims.joined = frozenset(fields["joined"])
        claims.settled = int(fields["settled"])
        for number, seat, answer in fields["answers"]:
            claims.answers[number, seat] = BotAnswer.from_json(number, seat, answer)
        for number, seat, at in fields["winners"]:
            claims.winners[number] = (seat, at)
        return claims


def refused_already(state: MatchState, seat: int, number: int) -> ProtocolError | None:
    """The refusal `seat`'s answer to round `number` gets whenever it comes after `state`
    was read, or None when only the match read anew can tell: a round over stays over (a
    claim can only bring its end nearer), so an answer to it is refused as `answer` would,
    without the store."""
    if seat not in state.joined or not 1 <= number <= len(state.rounds):
        return None
    if state.rounds[number - 1].end is None:
        return None
    return _out_of_turn(state, number)


def _out_of_turn(state: MatchState, number: int) -> ProtocolError:
    """Why an answer to round `number` is not taken now."""
    if state.phase == MatchPhase.WAITING:
        return ProtocolError(ProtocolProblem.OUT_OF_ROUND, "the match has not started")
    begun = len(state.rounds)
    if state.phase == MatchPhase.OVER and not 1 <= number <= begun:
        return ProtocolError(ProtocolProblem.OUT_OF_ROUND, "the match is over")
    if number < begun or (number == begun and state.current is None):
        return ProtocolError(
            ProtocolProblem.OLD_ROUND, f"round {number} is over: answers to it are not taken"
        )
    return ProtocolError(ProtocolProblem.NO_ROUND, f"round {number} has not started")


def _round_puzzle(fields: dict[str, object]) -> RoundPuzzle:
    """A round's puzzle read back from the store."""
    puzzle = read_code(str(fields["puzzle"]))
    cells = fields["solution"]
    solution = None if not isinstance(cells, list) else Grid(puzzle.shape, tuple(cells))
    number = fields["number"]
    return RoundPuzzle(int(str(number)), puzzle, AnswerKind(str(fields["expected"])), solution)


def match_id_from(draw: Callable[[], str]) -> str:
    """A new match's id, drawn by `draw` until it does not begin with "-": a seat's token
    begins with its match's id, and one beginning with "-" was taken for an option on a
    command line (`sudoku bot URL TOKEN`, the example client's), one match in 32."""
    while True:
        drawn = draw()
        if not drawn.startswith("-"):
            return drawn


def match_id_of(token: str) -> str:
    """The id of the match a seat's token names ("" when it names none)."""
    match_id, end, _ = token.partition(ID_END)
    return match_id if end and len(token) <= LONGEST_ID else ""


def address_hash(address: str) -> str:
    """What the limits keep of an address: a hash, never the address."""
    return hashlib.sha256(address.encode()).hexdigest()[:24]
