"""A game as values: its setting, its state at an instant, the ways it ends and refusals.

Glossary:
- Duel: one shared board; the players take turns, the host first; on your turn your clock
  runs and you place one digit. A right digit stays, in your colour; a wrong one is refused
  and costs you the penalty; either way the turn passes. When the grid is full, the player
  who used less time wins, then the one with more right digits; else it is a draw.
- Race: a board each, the same puzzle; both clocks run from the start; a wrong digit costs
  the penalty; the first to fill their grid rightly wins. Each sees the other's progress as
  a count and a silhouette of the cells filled, never the digits (GameState.silhouette).
- alone: the host started without a guest, to try it; only the host's clock runs.
- either way a player may resign, or offer a draw, which the other may accept; a clock that
  runs out loses at the instant it ran out (Ending.FLAG).

The values are here; rules.py works a game's state out of its log (state_of) and judges a
move (judge), so that nothing about a game is decided anywhere else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum, unique
from functools import cached_property

from ..sudoku import Grid, Puzzle, PuzzleError, is_solution, read_code
from .clocks import Clock, ClockSetting
from .moves import SEATS


@unique
class Mode(StrEnum):
    """How the two play: turns on one board, or a board each at once."""

    DUEL = "duel"
    RACE = "race"


@unique
class Phase(StrEnum):
    """Waiting for the guest, under way, or over."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@unique
class Ending(StrEnum):
    """How a game ended."""

    FULL_GRID = "full-grid"  # a Race won by filling one's grid first (or a game alone)
    TIME = "time"  # a Duel's grid full: the one who used less time won
    DIGITS = "digits"  # ... the same time: more right digits won
    EVEN = "even"  # ... the same time and digits: a draw
    RESIGN = "resign"
    DRAW_AGREED = "draw-agreed"
    FLAG = "flag"  # a clock ran out


@dataclass(frozen=True)
class Result:
    """Who won (a seat; None for a draw or a game alone that was lost), how, and when."""

    winner: int | None
    ending: Ending
    at: int


@unique
class RefusalReason(StrEnum):
    """Why a move cannot be made; the web layer answers each with a 4xx that names it."""

    NOT_A_SEAT = "not-a-seat"
    STARTED = "started"
    NOT_STARTED = "not-started"
    OVER = "over"
    NOT_YOUR_TURN = "not-your-turn"
    NOT_A_CELL = "not-a-cell"
    GIVEN = "given"
    FILLED = "filled"
    NOT_A_SYMBOL = "not-a-symbol"
    NO_OPPONENT = "no-opponent"
    NO_OFFER = "no-offer"
    OFFER_STANDS = "offer-stands"
    # The store's (store.py): a form made on a game that has moved on, and a turn that
    # others kept taking first.
    STALE = "stale"
    BUSY = "busy"


@dataclass(frozen=True)
class Refusal:
    """A move the rules refuse: why, in a sentence a player can act on."""

    reason: RefusalReason
    message: str


@dataclass(frozen=True)
class Placement:
    """A right digit placed: where, what, by whom, when (epoch milliseconds)."""

    cell: int
    value: int
    seat: int
    at: int


@dataclass(frozen=True)
class Game:
    """A game's setting: the puzzle and its solution (from the engine), the mode, the clock,
    when it was made (epoch milliseconds), and the generator's order the puzzle came from
    ([variant/]size/level/symmetry/seed, "" for any other puzzle): "new game, same clock"
    draws a fresh puzzle of that kind."""

    puzzle: Puzzle
    solution: Grid
    mode: Mode
    clock: ClockSetting
    created: int
    order: str = ""

    def __post_init__(self) -> None:
        """Refuse a solution that is not the puzzle's: PuzzleError."""
        if not is_solution(self.solution, self.puzzle):
            raise PuzzleError("a game's solution must solve its puzzle")

    def to_bytes(self) -> bytes:
        """The setting as the store keeps it."""
        fields = {
            "puzzle": self.puzzle.code,
            "solution": list(self.solution.cells),
            "mode": str(self.mode),
            "minutes": self.clock.minutes,
            "increment": self.clock.increment_seconds,
            "penalty": self.clock.penalty_seconds,
            "created": self.created,
            "order": self.order,
        }
        return json.dumps(fields, separators=(",", ":")).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        """A setting read back from the store."""
        fields = json.loads(data)
        puzzle = read_code(fields["puzzle"])
        clock = ClockSetting(fields["minutes"], fields["increment"], fields["penalty"])
        solution = Grid(puzzle.grid.shape, tuple(fields["solution"]))
        mode, created = Mode(fields["mode"]), int(fields["created"])
        return cls(puzzle, solution, mode, clock, created, str(fields.get("order", "")))


@dataclass(frozen=True)
class GameState:
    """A game at an instant (`now`): everything a page, the JSON or a judge needs.

    `version` counts the moves in the log; `clocks`, `right` and `moves_by` (the moves each
    made) are by seat, host first;
    `placed` lists the right digits in the order they came; `turn` is the seat to move in a
    Duel under way (None otherwise); `draw_offer` is the seat whose offer stands."""

    game: Game
    now: int
    version: int
    phase: Phase
    alone: bool
    turn: int | None
    clocks: tuple[Clock, Clock]
    placed: tuple[Placement, ...]
    right: tuple[int, int]
    draw_offer: int | None
    result: Result | None
    moves_by: tuple[int, int]
    started: int | None = field(default=None)

    def seen_by(self, seat: int) -> int:
        """What a seat's form carries to say which game it was made on: in a Duel the moves
        so far (any move changes the shared board), in a Race the seat's own (the other's
        moves never change this seat's board). A form whose number is behind is refused:
        a replayed or stale move."""
        if self.game.mode == Mode.DUEL:
            return self.version
        return self.moves_by[seat - 1]

    def clock(self, seat: int) -> Clock:
        """The clock of `seat`."""
        return self.clocks[seat - 1]

    def placed_on(self, seat: int) -> tuple[Placement, ...]:
        """The right digits on `seat`'s board that a player put there: in a Duel everyone's."""
        if self.game.mode == Mode.DUEL:
            return self.placed
        return tuple(placement for placement in self.placed if placement.seat == seat)

    def board(self, seat: int) -> tuple[int, ...]:
        """The values on `seat`'s board: the givens and the right digits placed (0 blank)."""
        return self._boards[seat - 1]

    def owners(self, seat: int) -> tuple[int, ...]:
        """Who placed each cell of `seat`'s board: a seat, or 0 for a given or a blank."""
        owners = [0] * self.game.puzzle.shape.cell_count
        for placement in self.placed_on(seat):
            owners[placement.cell] = placement.seat
        return tuple(owners)

    def digits_hidden_from(self, viewer: int | None) -> bool:
        """True when `viewer` (a seat, or None for a watcher) may not see the digits on the
        host's board: a Race under way shows a watcher silhouettes alone, since a player
        could open the watch link too (each player sees their own digits)."""
        return self.game.mode == Mode.RACE and self.phase != Phase.OVER and viewer is None

    def silhouette(self, seat: int) -> frozenset[int]:
        """The cells `seat` has filled, without their digits: what a Race shows the other."""
        return frozenset(placement.cell for placement in self.placed_on(seat))

    @cached_property
    def _boards(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's board (the same one twice in a Duel)."""
        boards = []
        for seat in SEATS:
            values = list(self.game.puzzle.grid.cells)
            for placement in self.placed_on(seat):
                values[placement.cell] = placement.value
            boards.append(tuple(values))
        return boards[0], boards[1]
