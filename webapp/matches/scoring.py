"""A match's rounds worked out from what the store holds, at a time passed in: which round
is under way, who won each, every answer's verdict, each seat's wins and times.

The rules, in one place:
- the match starts when its last bot seat is taken (or when its host says so); round 1's
  puzzle goes to every seat at that instant, and each next round's ROUND_GAP_MS after the
  round before ends;
- the first right answer wins the round and ends it; a wrong answer puts that seat out of
  the round; a round ends too when every seat in it has answered wrongly, and at its time;
  no answer in time scores nothing;
- the house (when it plays) is a seat whose answer is the engine's, solved as the round's
  puzzle is sent and due `house_ms` after the round starts (house.py), judged as a bot's;
- a time is the server's, from the round's start (when its puzzle is sent) to the answer's
  arrival, in milliseconds.

Each answer and each round's winner is claimed once in the store (store.py), so that what
is read here is the same for every server and a round is never scored twice: a winner,
once claimed, stays the winner.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from enum import StrEnum, unique

from .setting import AnswerKind, MatchSetting, RoundPuzzle

# The pause between a round's end and the next round's puzzle: each bot has its result
# before the next puzzle comes.
ROUND_GAP_MS = 300


@unique
class MatchPhase(StrEnum):
    """Waiting for seats, a round under way, between two rounds, or over."""

    WAITING = "waiting"
    PLAYING = "playing"
    BETWEEN = "between"
    OVER = "over"


@unique
class RoundVerdict(StrEnum):
    """What became of a seat's answer: it won the round, it was right after the winner's, it
    was wrong (the seat is out of the round), or there was none in time."""

    WON = "won"
    TOO_LATE = "too-late"
    WRONG = "wrong"
    NONE = "none"


@dataclass(frozen=True)
class BotAnswer:
    """An answer as the server received it: the round, the seat, its kind, the grid sent
    with a solution (None otherwise), when it arrived (epoch milliseconds) and whether it
    was found late (the round won before it came) after it was kept, and so refused."""

    round: int
    seat: int
    kind: AnswerKind
    cells: tuple[int, ...] | None
    at: int
    late: bool = False

    def is_right(self, expected: RoundPuzzle) -> bool:
        """True when this answer is the round's."""
        if self.kind != expected.expected:
            return False
        if self.kind != AnswerKind.SOLUTION:
            return True
        return expected.solution is not None and self.cells == expected.solution.cells

    def to_json(self) -> dict[str, object]:
        """The answer as the store keeps it."""
        cells = None if self.cells is None else list(self.cells)
        kept: dict[str, object] = {"kind": str(self.kind), "cells": cells, "at": self.at}
        if self.late:
            kept["late"] = True
        return kept

    @classmethod
    def from_json(cls, number: int, seat: int, fields: dict[str, object]) -> BotAnswer:
        """An answer read back from the store."""
        cells = fields.get("cells")
        # map, not a generator: an answer is read back at every reading of its round.
        kept = None if not isinstance(cells, list) else tuple(map(int, cells))
        at = fields["at"]
        late = fields.get("late") is True
        return cls(number, seat, AnswerKind(str(fields["kind"])), kept, int(str(at)), late)


@dataclass(frozen=True)
class Match:
    """A match as made: its setting, every round's puzzle, when it was made."""

    setting: MatchSetting
    rounds: tuple[RoundPuzzle, ...]
    created: int


@dataclass(frozen=True)
class JudgedAnswer:
    """An answer of a round with its verdict and time from the round's start."""

    answer: BotAnswer
    verdict: RoundVerdict
    ms: int


@dataclass(frozen=True)
class RoundState:
    """A round begun: when, when it ended (None while under way), its winner, its answers."""

    number: int
    start: int
    end: int | None
    winner: int | None
    answers: tuple[JudgedAnswer, ...]

    def answer_of(self, seat: int) -> JudgedAnswer | None:
        """`seat`'s answer in this round, if it sent one."""
        return next((judged for judged in self.answers if judged.answer.seat == seat), None)


@dataclass(frozen=True)
class SeatStanding:
    """A seat's rounds won and its times (ms, the answers that came within their rounds)."""

    seat: int
    wins: int
    times: tuple[int, ...]

    @property
    def median_ms(self) -> float | None:
        """The median of the seat's times, None without any."""
        return statistics.median(self.times) if self.times else None

    @property
    def worst_ms(self) -> int | None:
        """The longest of the seat's times, None without any."""
        return max(self.times) if self.times else None


@dataclass(frozen=True)
class MatchState:
    """A match at `now`: its phase, the rounds begun (the last may be under way), when the
    next round starts (None when none is to come or the match has not started)."""

    now: int
    phase: MatchPhase
    started: int | None
    joined: frozenset[int]
    rounds: tuple[RoundState, ...]
    next_start: int | None

    @property
    def current(self) -> RoundState | None:
        """The round under way, if one is."""
        if self.phase == MatchPhase.PLAYING:
            return self.rounds[-1]
        return None

    def standings(self, seats: tuple[int, ...]) -> tuple[SeatStanding, ...]:
        """Each of `seats`' wins and times so far."""
        found = []
        for seat in seats:
            wins = sum(1 for played in self.rounds if played.winner == seat)
            times = tuple(
                judged.ms
                for played in self.rounds
                for judged in played.answers
                if judged.answer.seat == seat and judged.verdict != RoundVerdict.NONE
            )
            found.append(SeatStanding(seat, wins, times))
        return tuple(found)


def match_state(
    match: Match,
    started: int | None,
    joined: frozenset[int],
    answers: dict[tuple[int, int], BotAnswer],
    winners: dict[int, tuple[int, int]],
    now: int,
    known: tuple[RoundState, ...] = (),
) -> MatchState:
    """The match at `now` from what the store holds: when it started, the seats joined, the
    answers by (round, seat) and the winners claimed by round ((seat, at)); `known`, the
    first rounds as worked out already from the same claims (used when they are over by
    `now`: a clock behind the one that saw them over works them out again)."""
    setting = match.setting
    if started is None:
        return MatchState(now, MatchPhase.WAITING, None, joined, (), None)
    last_end = known[-1].end if known else None
    if last_end is None or last_end > now:
        known = ()
    rounds: list[RoundState] = list(known)
    start = started if last_end is None or not known else last_end + ROUND_GAP_MS
    for expected in match.rounds[len(known) :]:
        if now < start:
            return MatchState(now, MatchPhase.BETWEEN, started, joined, tuple(rounds), start)
        played = _round(setting, expected, start, joined, answers, winners.get(expected.number))
        if played.end is None or played.end > now:
            ongoing = RoundState(played.number, start, None, None, _so_far(played, now))
            return MatchState(now, MatchPhase.PLAYING, started, joined, (*rounds, ongoing), None)
        rounds.append(played)
        start = played.end + ROUND_GAP_MS
    return MatchState(now, MatchPhase.OVER, started, joined, tuple(rounds), None)


def _round(
    setting: MatchSetting,
    expected: RoundPuzzle,
    start: int,
    joined: frozenset[int],
    answers: dict[tuple[int, int], BotAnswer],
    winner: tuple[int, int] | None,
) -> RoundState:
    """Round `expected` started at `start`, played out: its end, winner and verdicts."""
    number = expected.number
    # An answer kept and then found late was refused (store.py): it is no answer.
    # The house's answer is kept as a bot's is (house.py), stamped when it is due.
    house_seats = () if setting.house_seat is None else (setting.house_seat,)
    sent = [
        answers[number, seat]
        for seat in (*setting.bot_seats, *house_seats)
        if (number, seat) in answers and not answers[number, seat].late
    ]
    house = next((a for a in sent if a.seat in house_seats), None)
    ends = [start + setting.round_ms]
    won_by: int | None = None
    if winner is not None:
        ends.append(winner[1])
    # Each answer judged once (a round is worked out at every reading of the match).
    right = {a.seat: a.is_right(expected) for a in sent}
    wrong = [a for a in sent if not right[a.seat]]
    in_round = set(joined) | ({setting.house_seat} if setting.house_seat else set())
    if in_round and in_round <= {a.seat for a in wrong}:
        ends.append(max(a.at for a in wrong))
    house_at = house.at if house is not None and right[house.seat] else None
    if house_at is not None and (winner is None or winner[1] > house_at):
        ends.append(house_at)
    end = min(ends)
    if winner is not None and winner[1] == end:
        won_by = winner[0]
    elif house_at is not None and house_at == end:
        won_by = setting.house_seat
    # A bot's answer taken is judged even when stamped a moment after the winner's: it was
    # kept before the winner's claim (else it was found late and refused), and the bot was
    # told it was taken. The house's answer counts only when it came by the round's end.
    judged = tuple(
        JudgedAnswer(a, _verdict(right[a.seat], a.seat, won_by), a.at - start)
        for a in sorted(sent, key=lambda a: (a.at, a.seat))
        if a.at <= end or a.seat != setting.house_seat
    )
    return RoundState(number, start, end, won_by, judged)


def _verdict(right: bool, seat: int, winner: int | None) -> RoundVerdict:
    if not right:
        return RoundVerdict.WRONG
    return RoundVerdict.WON if seat == winner else RoundVerdict.TOO_LATE


def _so_far(played: RoundState, now: int) -> tuple[JudgedAnswer, ...]:
    """The answers of a round under way that came by `now`, none yet a winner's."""
    return tuple(judged for judged in played.answers if judged.answer.at <= now)
