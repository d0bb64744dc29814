"""What a game's pages show, worked out once: the board as the viewer may see it (a Race's
other board only as a silhouette), both clocks, whose turn, the offers, the result, and
the moves in order for the replay. The templates compute nothing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...games.game import Ending, GameState, Mode, Phase
from ...games.moves import GUEST, HOST, MoveKind
from ...games.store import StoredGame
from ...records.json_types import JsonObject
from ..cage_ways import CageLine, board_candidates, cage_island, cage_lines
from ..grid_table import Board, board
from ..play_cell import PlayCell
from ..variant_drawing import PLAIN, Drawn, drawn_cells, is_jigsaw

# What a Race's watcher sees in a cell a player filled: that it is filled, not the digit.
FILLED = "•"
# Seconds between reloads of a page without script while the other player may move.
REFRESH_SECONDS = 3
NAMES = {HOST: "Host", GUEST: "Guest"}
# How a game ended, said of the winner ("you" or "the host"; a draw has none).
ENDINGS = {
    Ending.FULL_GRID: "{who} filled the grid first",
    Ending.TIME: "the grid is full, and {who} used less time",
    Ending.DIGITS: "the grid is full, the time is even, and {who} placed more right digits",
    Ending.EVEN: "the grid is full, with the same time and the same digits each",
    Ending.RESIGN: "the other resigned",
    Ending.DRAW_AGREED: "a draw was offered and accepted",
    Ending.FLAG: "the other's clock ran out",
}


@dataclass(frozen=True)
class GameCell:
    """One cell as the viewer sees it: its symbol ("" blank), who placed it (0: a given or
    blank), whether the viewer may type in it, its field's name and label, and what the
    variant draws on it (a cage and its sum, a diagonal, a region's edges)."""

    symbol: str
    owner: int
    open: bool
    name: str
    label: str
    box_edge_right: bool
    box_edge_below: bool
    drawn: Drawn = PLAIN


@dataclass(frozen=True)
class ClockView:
    """A seat's clock: its name, time left as shown and in milliseconds, penalties, running."""

    seat: int
    name: str
    shown: str
    left_ms: int
    penalties: int
    right: int
    running: bool


@dataclass(frozen=True)
class GamePage:
    """The game page of one viewer (a seat, or None for a watcher)."""

    kept: StoredGame
    state: GameState
    seat: int | None
    rows: tuple[tuple[GameCell, ...], ...]
    other_rows: tuple[tuple[bool, ...], ...]
    clocks: tuple[ClockView, ClockView]
    status: str
    may_move: bool
    refresh: int
    # A Race player's own board with Play's tools (templates/play_grid.html, static/play*.js),
    # while the race is on; None where the game board above is drawn instead.
    tools: Board[PlayCell] | None = None
    # On a Killer's tools board, Play's combination helper (web/cage_ways.py): each cage's
    # ways that the player's placed digits leave, and what play_marks.js needs to show the
    # selected cage's ways as the board's notes and marks narrow them.
    cages: tuple[CageLine, ...] = ()
    cage_island: JsonObject | None = None

    @property
    def givens(self) -> tuple[int, ...]:
        """The puzzle's givens (0 where blank): Play's script counts the notes' slots from
        them, not from the locked fields, which gain the digits a player places."""
        return self.state.game.puzzle.grid.cells

    @property
    def mode(self) -> Mode:
        return self.state.game.mode

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    @property
    def waiting(self) -> bool:
        return self.state.phase == Phase.WAITING

    @property
    def playing(self) -> bool:
        return self.state.phase == Phase.PLAYING

    @property
    def offered_to_me(self) -> bool:
        """True when the other player's draw offer stands for this viewer to accept."""
        offer = self.state.draw_offer
        return self.seat is not None and offer is not None and offer != self.seat


def game_page(kept: StoredGame, seat: int | None, now: int) -> GamePage:
    """The page of `kept` at `now` for `seat` (None: a watcher)."""
    state = kept.state(now)
    board_seat = seat or HOST
    may_move = state.phase == Phase.PLAYING and seat is not None
    if state.game.mode == Mode.DUEL:
        may_move = may_move and state.turn == seat
    other_rows: tuple[tuple[bool, ...], ...] = ()
    if state.game.mode == Mode.RACE and not state.alone:
        silhouette = state.silhouette(GUEST if board_seat == HOST else HOST)
        givens = state.game.puzzle.grid.cells
        size = state.game.puzzle.size
        other_rows = tuple(
            tuple(bool(givens[r * size + c]) or r * size + c in silhouette for c in range(size))
            for r in range(size)
        )
    rows = _rows(state, board_seat, may_move, state.digits_hidden_from(seat))
    tools = None
    cages: tuple[CageLine, ...] = ()
    if state.game.mode == Mode.RACE and may_move:
        tools = _tools_board(state, rows)
        puzzle = state.game.puzzle
        cages = cage_lines(puzzle, board_candidates(puzzle, state.board(board_seat)))
    return GamePage(
        kept=kept,
        state=state,
        seat=seat,
        rows=rows,
        other_rows=other_rows,
        clocks=(_clock(state, HOST), _clock(state, GUEST)),
        status=status_line(state, seat),
        may_move=may_move,
        refresh=REFRESH_SECONDS if _refreshes(state, seat) else 0,
        tools=tools,
        cages=cages,
        cage_island=cage_island(state.game.puzzle) if cages else None,
    )


def _tools_board(state: GameState, rows: tuple[tuple[GameCell, ...], ...]) -> Board[PlayCell]:
    """A Race player's board as Play draws it: an open cell's field is a move's (cell-<n>);
    a given or a placed digit is locked, in a field named shown-<n> that no move reads."""
    puzzle = state.game.puzzle
    cells = []
    for cell, shown in enumerate(cell for row in rows for cell in row):
        given = bool(puzzle.grid.cells[cell])
        cells.append(
            PlayCell(
                name=shown.name if shown.open else f"shown-{cell}",
                label=shown.label + (", given" if given else ", placed" if shown.owner else ""),
                symbol=shown.symbol,
                classes="given" if given else f"seat-{shown.owner}" if shown.owner else "entry",
                locked=not shown.open,
            )
        )
    caption = "Your board: place one digit at a time"
    return board(puzzle.shape, caption, cells, puzzle.geometry)


def _refreshes(state: GameState, seat: int | None) -> bool:
    """True while something this viewer waits for may change without them: a Duel's other
    move, the guest's coming, any move for a watcher. Never for a player in a Race, whose
    board changes only by their own moves: a reload would take the digit being typed."""
    if state.phase == Phase.WAITING:
        return True
    if state.phase != Phase.PLAYING:
        return False
    if seat is None:
        return True
    return state.game.mode == Mode.DUEL and state.turn != seat


def _rows(
    state: GameState, seat: int, may_move: bool, hidden: bool
) -> tuple[tuple[GameCell, ...], ...]:
    """The board of `seat` as rows of cells; with `hidden`, a placed digit is shown as
    FILLED, not itself."""
    puzzle = state.game.puzzle
    shape = puzzle.shape
    board, owners, givens = state.board(seat), state.owners(seat), puzzle.grid.cells
    symbols = ("", *shape.symbols)
    # a Jigsaw's regions draw their own edges (in `drawn`) where a classic board has boxes
    drawn, boxes = drawn_cells(puzzle.geometry), not is_jigsaw(puzzle.geometry)
    rows = []
    for r in range(shape.size):
        row = []
        for c in range(shape.size):
            cell = r * shape.size + c
            row.append(
                GameCell(
                    symbol=FILLED if hidden and owners[cell] else symbols[board[cell]],
                    owner=owners[cell],
                    open=may_move and not board[cell] and not givens[cell],
                    name=f"cell-{cell}",
                    label=f"Row {r + 1}, column {c + 1}",
                    box_edge_right=boxes and (c + 1) % shape.box_cols == 0 and c + 1 < shape.size,
                    box_edge_below=boxes and (r + 1) % shape.box_rows == 0 and r + 1 < shape.size,
                    drawn=drawn[cell],
                )
            )
        rows.append(tuple(row))
    return tuple(rows)


def _clock(state: GameState, seat: int) -> ClockView:
    clock = state.clock(seat)
    return ClockView(
        seat=seat,
        name=NAMES[seat] if not (state.alone and seat == GUEST) else "Nobody",
        shown=clock.shown,
        left_ms=clock.left,
        penalties=clock.penalties,
        right=state.right[seat - 1],
        running=clock.running,
    )


def status_line(state: GameState, seat: int | None) -> str:
    """One sentence: what the game waits for, or how it ended."""
    you = {HOST: "host", GUEST: "guest"}
    if state.phase == Phase.WAITING:
        return "Waiting for the guest to open the invitation."
    result = state.result
    if result is not None:
        how = ENDINGS[result.ending]
        if result.winner is None:
            return (
                f"The game is a draw: {how}." if result.ending != Ending.FLAG else "Time ran out."
            )
        who = "You win" if result.winner == seat else f"The {you[result.winner]} wins"
        return f"{who}: {how}."
    if state.game.mode == Mode.RACE:
        return "Race under way: fill your grid before the other does."
    if state.turn == seat:
        return "Your move: type one digit in an empty cell."
    return f"The {you[state.turn or HOST]} is to move."


@dataclass(frozen=True)
class MoveLine:
    """One move of the replay: its number, who, what, and whether it was right."""

    number: int
    who: str
    what: str
    right: bool | None


def move_lines(kept: StoredGame) -> tuple[MoveLine, ...]:
    """Every move in order, as the result page lists them."""
    puzzle, solution = kept.game.puzzle, kept.game.solution
    symbols = puzzle.shape.symbols
    lines = []
    for number, move in enumerate(kept.log, start=1):
        who = NAMES.get(move.seat, "?")
        if move.kind == MoveKind.PLACE:
            row, column = divmod(move.cell, puzzle.size)
            right = solution.cells[move.cell] == move.value
            what = f"{symbols[move.value - 1]} in row {row + 1}, column {column + 1}"
            lines.append(MoveLine(number, who, what, right))
        else:
            lines.append(MoveLine(number, who, WORDS[move.kind], None))
    return tuple(lines)


WORDS = {
    MoveKind.JOIN: "took the second seat; the clocks start",
    MoveKind.ALONE: "started against nobody",
    MoveKind.PLACE: "placed a digit",
    MoveKind.RESIGN: "resigned",
    MoveKind.OFFER_DRAW: "offered a draw",
    MoveKind.ACCEPT_DRAW: "accepted the draw",
}


def replay_page(kept: StoredGame, step: int, seat: int | None) -> GamePage:
    """The game as it stood after its first `step` moves, for the replay."""
    log = kept.log[:step]
    at = log[-1].at if log else kept.game.created
    return game_page(replace(kept, log=log), seat, at)
