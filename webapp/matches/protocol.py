"""The bots' protocol, version PROTOCOL_VERSION: its messages as JSON values, and the reading
of what a bot sends, every fault a ProtocolError naming its problem.

Messages from the server: hello (the protocol's version, the match, the bot's seat), puzzle
(a round's share code, size, rules, every unit and the puzzle as rows), result (a round's
answer, winner and every seat's verdict and time, sent once the round is over, so no bot
sees another's answer before then) and error (a named problem and a sentence). From a bot:
hello (the version it speaks), then per round one of solution (the full grid as rows),
no-solution or many. A seat's messages are a pure function of the match at an instant
(messages_for): over HTTP a bot asks for those after the last it has, and a reconnecting bot
gets exactly what it missed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum, unique

from ..sudoku import Shape
from .scoring import Match, MatchState, RoundState
from .setting import AnswerKind, RoundPuzzle

PROTOCOL_VERSION = 1
# The largest message a bot may send: a 16x16 solution is under 1 KB as rows of text, under
# 2 KB as lists of numbers; anything much larger is not an answer.
MAX_MESSAGE_BYTES = 8192

Json = dict[str, object]


@unique
class ProtocolProblem(StrEnum):
    """What is wrong with a message or a request: each error message names one."""

    MALFORMED_JSON = "malformed-json"
    NOT_AN_OBJECT = "not-an-object"
    UNKNOWN_TYPE = "unknown-type"
    WRONG_VERSION = "wrong-version"
    OVERSIZED = "oversized"
    BAD_ROUND = "bad-round"
    OLD_ROUND = "old-round"
    NO_ROUND = "no-round"
    BAD_GRID = "bad-grid"
    ALREADY_ANSWERED = "already-answered"
    OUT_OF_ROUND = "out-of-round"
    NOT_A_SEAT = "not-a-seat"
    SEAT_TAKEN = "seat-taken"
    NOT_JOINED = "not-joined"
    STARTED = "started"
    TOO_MANY = "too-many"
    DISCONNECTED = "disconnected"
    # Over a WebSocket (webapp/live/sockets.py): a message begun and not finished in time, or
    # a connection with nothing from its bot for too long.
    SLOW = "slow"
    IDLE = "idle"


# Problems not counted against a seat's refused messages: an answer to a round just over lost
# the race through no fault of its bot (the messages a second bound such answers all the
# same), and a disconnected seat is told so at each request.
NOT_COUNTED = frozenset({ProtocolProblem.OLD_ROUND, ProtocolProblem.DISCONNECTED})


class ProtocolError(Exception):
    """A message or request refused: its problem and a sentence a bot's author can act on."""

    def __init__(self, problem: ProtocolProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem
        self.message = message

    def to_json(self) -> Json:
        """The error message the bot is sent."""
        return {"type": "error", "problem": str(self.problem), "message": self.message}


@dataclass(frozen=True)
class BotMessage:
    """A message read from a bot: its type, the round it answers (0 for hello) and, for a
    solution, the grid's cells (values from 1)."""

    type: str
    round: int
    cells: tuple[int, ...] | None = None


ANSWER_TYPES = {str(kind): kind for kind in AnswerKind}


def read_json(raw: bytes) -> Json:
    """The JSON object `raw` holds; ProtocolError when it is too big, not JSON or no object."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            ProtocolProblem.OVERSIZED,
            f"a message is at most {MAX_MESSAGE_BYTES} bytes; this one has {len(raw)}",
        )
    try:
        fields = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError(
            ProtocolProblem.MALFORMED_JSON, "the message is not JSON in UTF-8"
        ) from None
    if not isinstance(fields, dict):
        raise ProtocolError(ProtocolProblem.NOT_AN_OBJECT, "a message is a JSON object")
    return fields


def read_hello(raw: bytes) -> BotMessage:
    """A bot's hello; ProtocolError when it is not one or speaks another version."""
    fields = read_json(raw)
    if fields.get("type") != "hello":
        raise ProtocolError(
            ProtocolProblem.UNKNOWN_TYPE, 'a bot joins with {"type": "hello", "protocol": 1}'
        )
    version = fields.get("protocol")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(
            ProtocolProblem.WRONG_VERSION,
            f"this server speaks protocol {PROTOCOL_VERSION}, not {str(version)[:20]}",
        )
    return BotMessage("hello", 0)


def read_answer(raw: bytes, rounds: tuple[RoundPuzzle, ...]) -> BotMessage:
    """A bot's answer to one of `rounds` (its grid read against that round's puzzle);
    ProtocolError naming what is wrong with it."""
    fields = read_json(raw)
    kind = fields.get("type")
    if not isinstance(kind, str) or kind not in ANSWER_TYPES:
        named = ", ".join(ANSWER_TYPES)
        raise ProtocolError(
            ProtocolProblem.UNKNOWN_TYPE, f'"type" must be one of {named} (a hello comes first)'
        )
    number = fields.get("round")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(rounds):
        raise ProtocolError(
            ProtocolProblem.BAD_ROUND, f'"round" must be a round number from 1 to {len(rounds)}'
        )
    if ANSWER_TYPES[kind] != AnswerKind.SOLUTION:
        return BotMessage(kind, number)
    return BotMessage(kind, number, _cells(fields.get("rows"), rounds[number - 1]))


def _cells(rows: object, expected: RoundPuzzle) -> tuple[int, ...]:
    """The cells a solution's rows spell: N strings of N symbols, or N lists of N numbers."""
    shape = expected.puzzle.shape
    n = shape.size
    # Each symbol's value looked up once per cell: a search of the symbols for each cell,
    # twice, was most of the reading of an answer on the relay's event loop.
    value_of = {symbol: value for value, symbol in enumerate(shape.symbols.upper(), start=1)}
    if not isinstance(rows, list) or len(rows) != n:
        raise _bad_grid(shape)
    cells: list[int] = []
    for row in rows:
        if isinstance(row, str) and len(row) == n:
            values = [value_of.get(symbol, 0) for symbol in row.upper()]
            if 0 not in values:
                cells.extend(values)
                continue
        elif isinstance(row, list) and len(row) == n and all(_value(v, n) for v in row):
            cells.extend(row)
            continue
        raise _bad_grid(shape)
    return tuple(cells)


def _bad_grid(shape: Shape) -> ProtocolError:
    """The error for rows that do not spell a grid of `shape`."""
    n = shape.size
    return ProtocolError(
        ProtocolProblem.BAD_GRID,
        f'"rows" must be {n} rows of {n} symbols ({shape.symbol_range}) each, as text or numbers',
    )


def _value(value: object, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= n


@dataclass(frozen=True)
class HelloMessage:
    """The server's hello to a seat: the protocol's version, the match, the seat, the seats
    (the house's among them, if it plays), the rounds and seconds per round."""

    match: str
    seat: int
    seats: int
    house: int | None
    rounds: int
    seconds: int

    @classmethod
    def of(cls, match_id: str, match: Match, seat: int) -> HelloMessage:
        """The hello to `seat` of `match`."""
        setting = match.setting
        return cls(
            match_id, seat, setting.seats, setting.house_seat, setting.rounds, setting.seconds
        )

    def to_json(self) -> Json:
        """The message as JSON."""
        return {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "match": self.match,
            "seat": self.seat,
            "seats": self.seats,
            "house": self.house,
            "rounds": self.rounds,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class PuzzleMessage:
    """A round's puzzle as every seat is sent it: its share code, size, rules' name, seconds,
    rows ("." for a blank) and every unit as cell numbers."""

    round: int
    code: str
    size: int
    rules: str
    seconds: int
    rows: tuple[str, ...]
    units: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, played: RoundPuzzle, seconds: int) -> PuzzleMessage:
        """The message of round `played`."""
        puzzle = played.puzzle
        n = puzzle.size
        return cls(
            played.number,
            puzzle.code,
            n,
            puzzle.rules.name,
            seconds,
            _rows(puzzle.cells, n, "." + puzzle.shape.symbols),
            tuple(tuple(unit.cells) for unit in puzzle.geometry.units),
        )

    def to_json(self) -> Json:
        """The message as JSON."""
        return {
            "type": "puzzle",
            "round": self.round,
            "code": self.code,
            "size": self.size,
            "rules": self.rules,
            "seconds": self.seconds,
            "rows": list(self.rows),
            "units": [list(unit) for unit in self.units],
        }


@dataclass(frozen=True)
class ResultAnswer:
    """A seat's answer as a round's result tells it: its type, verdict and time."""

    seat: int
    type: str
    verdict: str
    ms: int


@dataclass(frozen=True)
class ResultMessage:
    """A round's result, sent once it is over: the answer (and the solution, when there is
    one), the winner (None: nobody), every answer taken, and whether it was the last round."""

    round: int
    answer: str
    solution: tuple[str, ...] | None
    winner: int | None
    answers: tuple[ResultAnswer, ...]
    last: bool

    @classmethod
    def of(cls, played: RoundState, expected: RoundPuzzle, last: bool) -> ResultMessage:
        """The result of round `played`, over."""
        solution = None
        if expected.solution is not None:
            shape = expected.puzzle.shape
            solution = _rows(expected.solution.cells, shape.size, "." + shape.symbols)
        answers = tuple(
            ResultAnswer(
                judged.answer.seat, str(judged.answer.kind), str(judged.verdict), judged.ms
            )
            for judged in played.answers
        )
        return cls(played.number, str(expected.expected), solution, played.winner, answers, last)

    def to_json(self) -> Json:
        """The message as JSON."""
        return {
            "type": "result",
            "round": self.round,
            "answer": self.answer,
            "solution": None if self.solution is None else list(self.solution),
            "winner": self.winner,
            "answers": [
                {"seat": a.seat, "type": a.type, "verdict": a.verdict, "ms": a.ms}
                for a in self.answers
            ],
            "last": self.last,
        }


ServerMessage = HelloMessage | PuzzleMessage | ResultMessage


def messages_for(
    match_id: str, match: Match, state: MatchState, seat: int
) -> tuple[ServerMessage, ...]:
    """Every message `seat` is sent by `state.now`, in order: hello, then each round's puzzle
    and, once it is over, its result. A message's number ("seq") is its place here."""
    messages: list[ServerMessage] = [HelloMessage.of(match_id, match, seat)]
    for played in state.rounds:
        expected = match.rounds[played.number - 1]
        messages.append(PuzzleMessage.of(expected, match.setting.seconds))
        if played.end is not None:
            last = played.number == match.setting.rounds
            messages.append(ResultMessage.of(played, expected, last))
    return tuple(messages)


def numbered(messages: tuple[ServerMessage, ...], after: int) -> list[Json]:
    """The messages numbered past `after`, as JSON, each with its number ("seq")."""
    return [
        {"seq": seq, **message.to_json()} for seq, message in enumerate(messages) if seq > after
    ]


def _rows(cells: tuple[int, ...], size: int, shown: str) -> tuple[str, ...]:
    """Cells as rows of text, `shown[v]` for value v."""
    return tuple("".join(shown[v] for v in cells[r * size : (r + 1) * size]) for r in range(size))
