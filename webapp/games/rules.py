"""The rules of a game: its state at an instant worked out from its log of moves, and the
judge of a move. The rules themselves (Duel, Race, the clocks, how a game ends) are in
game.py's glossary; this module is their one reading.

state_of replays the log move by move: each move's time is the server's (never before the
move before it, as two servers' clocks may differ a little), the clocks that run between
moves run, a clock that reaches 0 ends the game at that instant, and a time passed in reads
the clocks now. judge asks the state at the move's time whether it may be made.
"""

from __future__ import annotations

from .clocks import Clock
from .game import (
    Ending,
    Game,
    GameState,
    Mode,
    Phase,
    Placement,
    Refusal,
    RefusalReason,
    Result,
)
from .moves import GUEST, HOST, SEATS, Move, MoveKind


def other(seat: int) -> int:
    """The other seat."""
    return GUEST if seat == HOST else HOST


class _Replay:
    """The state of a game being worked out move by move (state_of's working, not a value).

    `used[i]` is seat i+1's time used up to `since[i]`; a running clock has used more since."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.started: int | None = None
        self.alone = False
        self.turn: int | None = None
        self.used = [0, 0]
        self.since = [0, 0]
        self.bonus = [0, 0]
        self.penalties = [0, 0]
        self.right = [0, 0]
        self.moves_by = [0, 0]
        self.placed: list[Placement] = []
        self.filled = [set(self._given_cells()), set(self._given_cells())]
        self.offer: int | None = None
        self.result: Result | None = None
        self.last = game.created

    def _given_cells(self) -> list[int]:
        return [cell for cell, value in enumerate(self.game.puzzle.grid.cells) if value]

    def running(self) -> tuple[int, ...]:
        """The seats whose clocks run now."""
        if self.started is None or self.result is not None:
            return ()
        if self.game.mode == Mode.DUEL:
            return (self.turn,) if self.turn else ()
        return (HOST,) if self.alone else SEATS

    def left(self, seat: int, at: int) -> int:
        """Milliseconds left on `seat`'s clock at `at` (below 0 once past its flag)."""
        i = seat - 1
        running = at - self.since[i] if seat in self.running() else 0
        return self.game.clock.allowance + self.bonus[i] - self.used[i] - running

    def settle(self, seat: int, at: int) -> None:
        """Count `seat`'s running time up to `at` as used."""
        i = seat - 1
        if seat in self.running():
            self.used[i] += at - self.since[i]
        self.since[i] = at

    def flag_by(self, at: int) -> None:
        """End the game at the first instant up to `at` that a running clock ran out."""
        flags = {seat: at + self.left(seat, at) for seat in self.running()}
        flags = {seat: instant for seat, instant in flags.items() if instant <= at}
        if not flags:
            return
        first = min(flags.values())
        losers = [seat for seat, instant in flags.items() if instant == first]
        for seat in self.running():
            self.settle(seat, first)
        winner = other(losers[0]) if len(losers) == 1 and not self.alone else None
        self.result = Result(winner, Ending.FLAG, first)

    def apply(self, move: Move) -> None:
        """Make `move` (judged already), at no earlier than the move before it."""
        at = max(move.at, self.last)
        self.last = at
        if self.started is not None:
            self.flag_by(at)
            if self.result is not None:
                return
        seat = move.seat
        self.moves_by[seat - 1] += 1
        if move.kind in (MoveKind.JOIN, MoveKind.ALONE):
            self.started, self.since = at, [at, at]
            self.alone = move.kind == MoveKind.ALONE
            self.turn = HOST if self.game.mode == Mode.DUEL else None
        elif move.kind == MoveKind.PLACE:
            self.place(move, at)
        elif move.kind == MoveKind.RESIGN:
            self.end(None if self.alone else other(seat), Ending.RESIGN, at)
        elif move.kind == MoveKind.OFFER_DRAW:
            self.offer = seat
        elif move.kind == MoveKind.ACCEPT_DRAW:
            self.end(None, Ending.DRAW_AGREED, at)

    def end(self, winner: int | None, ending: Ending, at: int) -> None:
        """End the game: every running clock stops at `at`."""
        for seat in self.running():
            self.settle(seat, at)
        self.result = Result(winner, ending, at)

    def place(self, move: Move, at: int) -> None:
        """A digit placed: kept if right, a penalty if wrong; the turn passes in a Duel."""
        seat, i, clock = move.seat, move.seat - 1, self.game.clock
        self.settle(seat, at)
        self.bonus[i] += clock.increment
        board = 0 if self.game.mode == Mode.DUEL else i
        if self.game.solution.cells[move.cell] == move.value:
            self.placed.append(Placement(move.cell, move.value, seat, at))
            self.filled[board].add(move.cell)
            self.right[i] += 1
        else:
            self.penalties[i] += 1
            self.used[i] += clock.penalty
        if self.offer is not None and self.offer != seat:
            self.offer = None  # placing a digit declines the other's offer
        if self.left(seat, at) <= 0:
            self.end(None if self.alone else other(seat), Ending.FLAG, at)
        elif len(self.filled[board]) == self.game.puzzle.shape.cell_count:
            self.grid_full(seat, at)
        elif self.game.mode == Mode.DUEL and not self.alone:
            self.turn = other(seat)
            self.since[self.turn - 1] = at

    def grid_full(self, seat: int, at: int) -> None:
        """The last cell is filled: a Race or a game alone is won by its filler; a Duel by
        less time used, then more right digits."""
        if self.game.mode == Mode.RACE or self.alone:
            self.end(seat, Ending.FULL_GRID, at)
        elif self.used[0] != self.used[1]:
            self.end(HOST if self.used[0] < self.used[1] else GUEST, Ending.TIME, at)
        elif self.right[0] != self.right[1]:
            self.end(HOST if self.right[0] > self.right[1] else GUEST, Ending.DIGITS, at)
        else:
            self.end(None, Ending.EVEN, at)

    def state(self, now: int, version: int) -> GameState:
        """The state worked out so far, its clocks read at `now` (or at the game's end)."""
        if self.started is not None and self.result is None:
            self.flag_by(max(now, self.last))
        end = self.result.at if self.result is not None else max(now, self.last)
        running = self.running()
        clocks = tuple(
            Clock(
                used=self.game.clock.allowance + self.bonus[seat - 1] - self.left(seat, end)
                if seat in running
                else self.used[seat - 1],
                left=max(0, self.left(seat, end)),
                penalties=self.penalties[seat - 1],
                running=seat in running,
            )
            for seat in SEATS
        )
        phase = (
            Phase.WAITING
            if self.started is None
            else Phase.OVER
            if self.result is not None
            else Phase.PLAYING
        )
        return GameState(
            game=self.game,
            now=now,
            version=version,
            phase=phase,
            alone=self.alone,
            turn=self.turn if phase == Phase.PLAYING else None,
            clocks=(clocks[0], clocks[1]),
            placed=tuple(self.placed),
            right=(self.right[0], self.right[1]),
            draw_offer=self.offer if phase == Phase.PLAYING else None,
            result=self.result,
            moves_by=(self.moves_by[0], self.moves_by[1]),
            started=self.started,
        )


def state_of(game: Game, log: list[Move] | tuple[Move, ...], now: int) -> GameState:
    """The game after the moves of `log`, its clocks read at `now` (epoch milliseconds)."""
    replay = _Replay(game)
    for move in log:
        if replay.result is not None:
            break  # a move after the end (it could not have been judged right) changes nothing
        replay.apply(move)
    return replay.state(now, len(log))


def judge(game: Game, log: list[Move] | tuple[Move, ...], move: Move) -> Refusal | None:
    """Why the rules refuse `move` after `log`, or None when it may be made."""
    state = state_of(game, log, move.at)
    seat = move.seat
    if seat not in SEATS or (state.alone and seat == GUEST):
        return Refusal(RefusalReason.NOT_A_SEAT, "only the game's two players can move")
    if move.kind in (MoveKind.JOIN, MoveKind.ALONE):
        if state.phase != Phase.WAITING:
            return Refusal(RefusalReason.STARTED, "the game has started: both seats are taken")
        wanted = GUEST if move.kind == MoveKind.JOIN else HOST
        if seat != wanted:
            return Refusal(
                RefusalReason.NOT_A_SEAT, "only the guest joins, only the host starts alone"
            )
        return None
    if state.phase == Phase.WAITING:
        return Refusal(
            RefusalReason.NOT_STARTED, "the game has not started: it waits for the guest"
        )
    if state.phase == Phase.OVER:
        return Refusal(RefusalReason.OVER, "the game is over")
    if move.kind == MoveKind.PLACE:
        return _judge_place(state, move)
    if move.kind == MoveKind.OFFER_DRAW and state.alone:
        return Refusal(
            RefusalReason.NO_OPPONENT, "a game against nobody has no one to offer a draw"
        )
    if move.kind == MoveKind.OFFER_DRAW and state.draw_offer == seat:
        # Else offers could be repeated for ever: each new one needs the other's move first.
        return Refusal(RefusalReason.OFFER_STANDS, "your offer of a draw stands already")
    if move.kind == MoveKind.ACCEPT_DRAW and state.draw_offer != other(seat):
        return Refusal(RefusalReason.NO_OFFER, "there is no draw offered to accept")
    return None


def _judge_place(state: GameState, move: Move) -> Refusal | None:
    """Why a digit cannot be placed, or None."""
    puzzle = state.game.puzzle
    if state.game.mode == Mode.DUEL and state.turn != move.seat:
        return Refusal(
            RefusalReason.NOT_YOUR_TURN, "it is not your turn: wait for the other's move"
        )
    if not 0 <= move.cell < puzzle.shape.cell_count:
        return Refusal(RefusalReason.NOT_A_CELL, f"the grid has no cell {move.cell}")
    row, column = divmod(move.cell, puzzle.size)
    where = f"row {row + 1}, column {column + 1}"
    if not 1 <= move.value <= puzzle.size:
        symbols = puzzle.shape.symbol_range
        return Refusal(
            RefusalReason.NOT_A_SYMBOL, f"{where}: a {puzzle.shape.name} takes {symbols}"
        )
    if puzzle.grid.cells[move.cell]:
        return Refusal(RefusalReason.GIVEN, f"{where} is a given")
    if state.board(move.seat)[move.cell]:
        return Refusal(RefusalReason.FILLED, f"{where} is filled already")
    return None
