"""A game's pages: made from a puzzle's page, the invitation, the game page with its moves
by form, and the result page with its replay. Each move answers 303 to the game page, or
its refusal in words with a 4xx and the game unchanged."""

from __future__ import annotations

import secrets
from dataclasses import replace

from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...games.clocks import ClockSetting
from ...games.game import Mode, Phase, Refusal, RefusalReason
from ...games.moves import HOST, MoveKind
from ...games.store import NOBODY, StoredGame, invitation_of
from ...jobs.orders import CLASSIC, order_code, read_order
from ...jobs.seat_tokens import now_ms
from ...sudoku import SOLVED, Grid, Puzzle, PuzzleError
from ...sudoku.generator import Order, OrderError
from ...sudoku.whole_numbers import read_whole_number
from ..cache import solve_within_budget
from ..generated_puzzles import DEFAULT_LEVEL, DEFAULT_SIZE, DEFAULT_SYMMETRY, RANDOM_SEEDS
from ..generation import exists, generated_within, known
from ..linked import linked_puzzle
from ..links import absolute_url
from .seats import (
    SEAT_COOKIE,
    game_or_404,
    games,
    hold_seat,
    made_here_recently,
    seat_of,
    store_answers,
)
from .view import game_page, move_lines, replay_page

bp = Blueprint("game", __name__)

BOARD = "#board"
# The HTTP status for each refusal: the request names no such thing (400), a watcher or a
# wrong invitation (403), or the game is not in a state that allows it (409).
STATUS = {
    RefusalReason.NOT_A_CELL: 400,
    RefusalReason.NOT_A_SYMBOL: 400,
    RefusalReason.NOT_A_SEAT: 403,
}
ACTIONS = {
    "place": MoveKind.PLACE,
    "resign": MoveKind.RESIGN,
    "offer-draw": MoveKind.OFFER_DRAW,
    "accept-draw": MoveKind.ACCEPT_DRAW,
}


@bp.post("/game/new/<code>")
def new_game(code: str) -> Response:
    """Make a game on the puzzle of a share link, with the form's mode= (duel or race),
    minutes= and increment= (seconds per move); 303 to the game's page, the host's seat
    held in this browser. 429 past GAMES_PER_ADDRESS."""
    puzzle = linked_puzzle(code, "game.new_game")
    if isinstance(puzzle, Response):
        return puzzle
    mode, setting = _mode_and_clock()
    result = solve_within_budget(puzzle)
    if result.status != SOLVED:
        abort(422, description="A game needs a puzzle with exactly one solution; this one is not.")
    order = _order_of(puzzle.code, request.form.get("order", ""))
    return _made(puzzle, result.solutions[0], mode, setting, order)


def _made(
    puzzle: Puzzle,
    solution: Grid,
    mode: Mode,
    setting: ClockSetting,
    order: str,
    counted: bool = False,
) -> Response:
    """Make the game, counted against this address (unless `counted` already): 303 to it,
    the host's seat held here."""
    if not counted:
        made_here_recently()
    with store_answers():
        game_id, host, _ = games().create(puzzle, solution, mode, setting, order)
    response = redirect(url_for(".game", game_id=game_id), 303)
    hold_seat(response, game_id, host)
    return response


def _order_of(code: str, text: str) -> str:
    """The generator's order `text` names when it is the one that made the puzzle `code`
    (a form from the puzzles of the day or a new puzzle's page says so); else "" (a form
    cannot make a game's next puzzle something other than its own kind)."""
    order = read_order_code(text)
    if order is None:
        return ""
    made = known(order)
    if made is None or made.puzzle is None or made.puzzle.code != code:
        return ""
    return order_code(order)


@bp.post("/game/new")
def new_game_of_order() -> Response:
    """Make a new puzzle of the form's size=, level=, symmetry= and variant= (the new-puzzle
    form's fields) and a game on it, as /game/new/<code> does; 422 when it cannot be made
    within a page's time (make it first, then play against someone from its page)."""
    form = request.form
    try:
        order = read_order(
            form.get("size", str(DEFAULT_SIZE)),
            form.get("level", DEFAULT_LEVEL),
            form.get("symmetry", DEFAULT_SYMMETRY),
            str(secrets.randbelow(RANDOM_SEEDS)),
            form.get("variant", CLASSIC),
        )
    except OrderError as error:
        abort(400, description=f"That puzzle cannot be made: {error}.")
    return _game_on_fresh_puzzle(order, *_mode_and_clock())


def _mode_and_clock() -> tuple[Mode, ClockSetting]:
    """The form's mode= and clock (minutes=, increment=); 400 naming what is wrong."""
    mode_text = request.form.get("mode", "duel")
    if mode_text not in {str(mode) for mode in Mode}:
        abort(400, description=f"mode must be duel or race, not {mode_text[:20]!r}.")
    try:
        setting = ClockSetting(_form_number("minutes", 10), _form_number("increment", 0))
    except PuzzleError as error:
        abort(400, description=f"The clock: {error.message}.")
    return Mode(mode_text), setting


def _game_on_fresh_puzzle(order: Order, mode: Mode, setting: ClockSetting) -> Response:
    """A game on the puzzle `order` makes, made within the page's time; 422 naming why not."""
    made_here_recently()  # before the generator's seconds, not after them
    if not exists(order):
        abort(422, description=f"There is no {order.level} puzzle of that size to make.")
    made = generated_within(order, float(current_app.config["GENERATE_SECONDS"]))
    if made is None:
        abort(
            422,
            description=(
                "That puzzle takes longer to make than a page may wait: make it from"
                " New puzzle first, then play against someone from its page."
            ),
        )
    if made.puzzle is None or made.solution is None:
        abort(422, description="The generator found no such puzzle: choose another level.")
    return _made(made.puzzle, made.solution, mode, setting, order_code(order), counted=True)


def _form_number(name: str, default: int) -> int:
    """The form's whole number `name` (`default` when absent); 400 when it is not one."""
    text = request.form.get(name, "")
    if not text:
        return default
    number = read_whole_number(text, 3)
    if number is None:
        abort(400, description=f"{name} must be a whole number, not {text[:20]!r}.")
    return number


@bp.get("/game/<game_id>")
def game(game_id: str) -> Response:
    """The game as this browser's seat sees it (or a watcher): the board, both clocks and
    whose turn; the host waiting for a guest sees the invitation and the watch link."""
    kept = game_or_404(game_id)
    return _game_page(kept, seat_of(kept))


def _game_page(kept: StoredGame, seat: int | None, refusal: Refusal | None = None) -> Response:
    """The game page, with `refusal` said at its top (and its 4xx) when a move was refused."""
    page = game_page(kept, seat, now_ms())
    invitation = ""
    if seat == HOST and page.waiting and not kept.guest:  # a rematch's seats are both held
        token = request.cookies.get(SEAT_COOKIE, "")
        invitation = absolute_url(".invitation", game_id=kept.id, invite=invitation_of(token))
    html = render_template(
        "game.html",
        page=page,
        refusal=refusal,
        invitation=invitation,
        watch=absolute_url(".game", game_id=kept.id),
        result=absolute_url(".result", game_id=kept.id),
    )
    status = STATUS.get(refusal.reason, 409) if refusal is not None else 200
    response = make_response(html, status)
    response.cache_control.no_store = True
    return response


@bp.get("/game/<game_id>/join/<invite>")
def invitation(game_id: str, invite: str) -> Response:
    """The invitation: a page with the button that takes the second seat (a GET changes
    nothing: a link preview must not take the seat); once taken, it says the game is full
    and offers to watch."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    if seat is not None:
        return redirect(url_for(".game", game_id=game_id), 303)
    if not kept.invited(invite):
        abort(404, description="This is not a game's invitation: ask its host for the link again.")
    html = render_template("game_join.html", kept=kept, full=bool(kept.guest), invite=invite)
    response = make_response(html, 200)
    response.cache_control.no_store = True
    return response


@bp.post("/game/<game_id>/join/<invite>")
def join(game_id: str, invite: str) -> Response:
    """Take the second seat: the game starts; 303 to it, the seat held in this browser. A
    seat taken already: 409, the page says the game is full and offers to watch."""
    kept = game_or_404(game_id)
    if seat_of(kept) is not None:
        return redirect(url_for(".game", game_id=game_id), 303)
    with store_answers():
        played, token = games().join(game_id, invite)
    if token is None:
        if played.refusal is not None and played.refusal.reason == RefusalReason.NOT_A_SEAT:
            abort(
                404, description="This is not a game's invitation: ask its host for the link again."
            )
        html = render_template("game_join.html", kept=played.kept, full=True, invite=invite)
        return make_response(html, 409)
    response = redirect(url_for(".game", game_id=game_id) + BOARD, 303)
    hold_seat(response, game_id, token)
    return response


@bp.post("/game/<game_id>/alone")
def start_alone(game_id: str) -> Response:
    """The host starts the game against nobody, to try it; 303 to the game."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    if seat != HOST:
        return _game_page(
            kept, seat, Refusal(RefusalReason.NOT_A_SEAT, "only the host may start the game")
        )
    with store_answers():
        played = games().start_alone(game_id)
    if played.refusal is not None:
        return _game_page(played.kept, seat, played.refusal)
    return redirect(url_for(".game", game_id=game_id) + BOARD, 303)


@bp.post("/game/<game_id>/move")
def move(game_id: str) -> Response:
    """A move from the game page's form: action= place (one cell-<n> field holding a symbol),
    resign, offer-draw or accept-draw, and seen= (the game the page showed). 303 to the
    game; a refused move gets its 4xx and the page saying why, the game unchanged."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    if seat is None:
        refusal = Refusal(
            RefusalReason.NOT_A_SEAT, "a watcher cannot move: only the two players can"
        )
        return _game_page(kept, None, refusal)
    action = request.form.get("action", "place")
    kind = ACTIONS.get(action)
    if kind is None:
        abort(400, description=f"A game's form has no button {action[:20]!r}.")
    seen = read_whole_number(request.form.get("seen", ""), 6)
    if seen is None:
        abort(400, description="The move does not say which game it was made on (seen=).")
    cell, value = -1, 0
    if kind == MoveKind.PLACE:
        placed = _placed(kept)
        if isinstance(placed, Refusal):
            return _game_page(kept, seat, placed)
        cell, value = placed
    with store_answers():
        played = games().play(game_id, seat, kind, seen, cell, value)
    if played.refusal is not None:
        return _game_page(played.kept, seat, played.refusal)
    return redirect(url_for(".game", game_id=game_id) + BOARD, 303)


def _placed(kept: StoredGame) -> tuple[int, int] | Refusal:
    """The cell and value the form places: exactly one cell-<n> field filled with a symbol
    of the grid; else the refusal naming what is wrong."""
    puzzle = kept.game.puzzle
    filled = [
        (name, text.strip())
        for name, text in request.form.items()
        if name.startswith("cell-") and text.strip()
    ]
    if len(filled) != 1:
        count = "no cell" if not filled else f"{len(filled)} cells"
        return Refusal(
            RefusalReason.NOT_A_CELL, f"a move is one symbol in one empty cell, not {count}"
        )
    name, text = filled[0]
    cell = read_whole_number(name.removeprefix("cell-"), 4)
    if cell is None or cell >= puzzle.shape.cell_count:
        return Refusal(RefusalReason.NOT_A_CELL, f"the grid has no cell {name[:12]!r}")
    row, column = divmod(cell, puzzle.size)
    symbols = puzzle.shape.symbols
    if len(text) != 1 or text.upper() not in symbols.upper():
        takes = f"a {puzzle.shape.name} takes {puzzle.shape.symbol_range}"
        return Refusal(RefusalReason.NOT_A_SYMBOL, f"row {row + 1}, column {column + 1}: {takes}")
    return cell, symbols.upper().index(text.upper()) + 1


@bp.get("/game/<game_id>/result")
def result(game_id: str) -> Response:
    """The result at a share link: who won and how, both clocks, the moves in order, and
    the replay: ?step=n shows the board after the first n moves, with links to step. While
    the game is under way it says so and links to the game: the moves are its players'
    until it ends."""
    kept = game_or_404(game_id)
    final = game_page(kept, seat_of(kept), now_ms())
    if not final.over:
        html = render_template("game_result.html", final=final, page=None, moves=())
        response = make_response(html, 200)
        response.cache_control.no_store = True
        return response
    count = len(kept.log)
    shown = count
    step = request.args.get("step")
    if step:
        number = read_whole_number(step, 6)
        if number is None or number > count:
            abort(
                404,
                description=f"There is no step {step[:12]!r}: this game has moves 0 to {count}.",
            )
        shown = number
    may_rematch = final.seat is not None and kept.guest not in ("", NOBODY.decode())
    with store_answers():
        asked_by = games().rematch_asked_by(kept.id) if may_rematch else None
    html = render_template(
        "game_result.html",
        final=final,
        page=replay_page(kept, shown, None),
        step=shown,
        count=count,
        moves=move_lines(kept),
        link=absolute_url(".result", game_id=kept.id),
        rematch=may_rematch,
        # who asked for the rematch first: "mine" (it waits for the other), "theirs", or ""
        rematch_asked="" if asked_by is None else "mine" if asked_by == final.seat else "theirs",
    )
    response = make_response(html, 200)
    response.cache_control.no_store = True
    return response


@bp.post("/game/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """The rematch of a game over, for one of its two players: the same puzzle, mode and
    clock, the seats swapped (the guest moves first). The first to ask makes it and waits;
    the other, asking from the same result page, takes their seat and it starts. 303 to
    it, the new seat held in this browser; 403 for a watcher, 409 while the game goes on."""
    kept = game_or_404(game_id)
    seat = seat_of(kept)
    if seat is None or kept.guest in ("", NOBODY.decode()):
        abort(403, description="Only the two players of a game may ask for its rematch.")
    if kept.state(now_ms()).phase != Phase.OVER:
        abort(409, description="A rematch comes once the game is over: it is still under way.")
    with store_answers():
        if games().rematch_asked_by(game_id) is None:
            made_here_recently()
        rematch_id, token = games().rematch(kept, seat)
    response = redirect(url_for(".game", game_id=rematch_id) + BOARD, 303)
    hold_seat(response, rematch_id, token)
    return response


@bp.post("/game/<game_id>/again")
def again(game_id: str) -> Response:
    """New game, same clock: a game with this one's mode and clock, this browser the host
    with an invitation to send, on a fresh puzzle of the same kind when this one came from
    the generator, else on the same puzzle. 303 to it."""
    kept = game_or_404(game_id)
    game = kept.game
    order = read_order_code(game.order)
    if order is None:
        return _made(game.puzzle, game.solution, game.mode, game.clock, "")
    fresh = replace(order, seed=secrets.randbelow(RANDOM_SEEDS))
    return _game_on_fresh_puzzle(fresh, game.mode, game.clock)


def read_order_code(text: str) -> Order | None:
    """The order a code [variant/]size/level/symmetry/seed spells, or None."""
    parts = text.split("/")
    if len(parts) == 4:
        parts.insert(0, CLASSIC)
    if len(parts) != 5:
        return None
    variant, size, level, symmetry, seed = parts
    try:
        return read_order(size, level, symmetry, seed, variant)
    except OrderError:
        return None
