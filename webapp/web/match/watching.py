"""A match as watchers see it, for the watch page, the result page and their JSON: the seats
and their standings, every round begun with its puzzle, and every round over with its
answer, each seat's answer and time. A round under way shows who has answered, never what:
a bot could watch too, and no bot sees another's answer before the round ends."""

from __future__ import annotations

from dataclasses import dataclass

from ...matches import MatchPhase, StoredMatch
from ...matches.scoring import RoundState
from ...matches.setting import RoundPuzzle
from ...records.json_types import JsonObject

# How often the watch page reloads itself while the match is on (without script).
REFRESH_SECONDS = 2


@dataclass(frozen=True)
class SeatLine:
    """A seat in the standings: its number, who sits there, its wins and times."""

    seat: int
    who: str
    wins: int
    median_ms: float | None
    worst_ms: int | None
    answered: int


@dataclass(frozen=True)
class AnswerLine:
    """A seat's answer in a round: what it sent, its verdict and time ("" while hidden)."""

    seat: int
    kind: str
    verdict: str
    ms: int | None
    rows: tuple[str, ...]


@dataclass(frozen=True)
class RoundLine:
    """A round begun: its puzzle, and once over its answer, winner and every answer."""

    number: int
    code: str
    size: int
    rules: str
    rows: tuple[str, ...]
    over: bool
    expected: str
    solution: tuple[str, ...]
    winner: int | None
    answers: tuple[AnswerLine, ...]


@dataclass(frozen=True)
class MatchView:
    """What the pages and the JSON show of a match."""

    id: str
    phase: str
    seats: tuple[SeatLine, ...]
    rounds: tuple[RoundLine, ...]
    rounds_in_all: int
    seconds: int
    seed: int | None
    refresh: int | None


def match_view(kept: StoredMatch) -> MatchView:
    """The match `kept` as watchers see it now."""
    setting = kept.match.setting
    state = kept.state
    every_seat = (*setting.bot_seats, *((setting.house_seat,) if setting.house_seat else ()))
    seats = tuple(
        SeatLine(
            standing.seat,
            _who(kept, standing.seat),
            standing.wins,
            standing.median_ms,
            standing.worst_ms,
            len(standing.times),
        )
        for standing in state.standings(every_seat)
    )
    rounds = tuple(
        _round_line(played, kept.match.rounds[played.number - 1]) for played in state.rounds
    )
    over = state.phase == MatchPhase.OVER
    return MatchView(
        kept.id,
        str(state.phase),
        seats,
        rounds,
        setting.rounds,
        setting.seconds,
        setting.seed if over else None,  # the seed names every puzzle: published at the end
        None if over else REFRESH_SECONDS,
    )


def _who(kept: StoredMatch, seat: int) -> str:
    if seat == kept.match.setting.house_seat:
        return f"the house (answers after {kept.match.setting.house_ms} ms)"
    return "a bot" if seat in kept.state.joined else "empty"


def _rows(cells: tuple[int, ...], size: int, symbols: str) -> tuple[str, ...]:
    shown = "." + symbols
    return tuple("".join(shown[v] for v in cells[r * size : (r + 1) * size]) for r in range(size))


def _round_line(played: RoundState, expected: RoundPuzzle) -> RoundLine:
    puzzle = expected.puzzle
    size, symbols = puzzle.size, puzzle.shape.symbols
    over = played.end is not None
    answers = tuple(
        AnswerLine(
            judged.answer.seat,
            str(judged.answer.kind) if over else "",
            str(judged.verdict) if over else "answered",
            judged.ms if over else None,
            _rows(judged.answer.cells, size, symbols) if over and judged.answer.cells else (),
        )
        for judged in played.answers
    )
    solution = expected.solution
    return RoundLine(
        played.number,
        puzzle.code,
        size,
        puzzle.rules.name,
        _rows(puzzle.cells, size, symbols),
        over,
        str(expected.expected) if over else "",
        _rows(solution.cells, size, symbols) if over and solution is not None else (),
        played.winner,
        answers,
    )


def watch_json(kept: StoredMatch) -> JsonObject:
    """The match as watchers see it, as JSON."""
    view = match_view(kept)
    return {
        "status": "ok",
        "match": view.id,
        "phase": view.phase,
        "rounds_in_all": view.rounds_in_all,
        "seconds": view.seconds,
        "seed": view.seed,
        "seats": [
            {
                "seat": line.seat,
                "who": line.who,
                "wins": line.wins,
                "median_ms": line.median_ms,
                "worst_ms": line.worst_ms,
            }
            for line in view.seats
        ],
        "rounds": [
            {
                "round": line.number,
                "code": line.code,
                "rules": line.rules,
                "rows": list(line.rows),
                "over": line.over,
                "answer": line.expected or None,
                "solution": list(line.solution) or None,
                "winner": line.winner,
                "answers": [
                    {
                        "seat": answer.seat,
                        "type": answer.kind or None,
                        "verdict": answer.verdict,
                        "ms": answer.ms,
                        "rows": list(answer.rows) or None,
                    }
                    for answer in line.answers
                ],
            }
            for line in view.rounds
        ],
    }
