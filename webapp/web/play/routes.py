"""The play pages: a player's position and notes as a link, and what they ask of it (Check,
a hint in three tiers drawn on the board, the candidates filled in). Each submission answers
303 to the link of the new position, so every position can be shared or bookmarked and
nothing is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from ...explanations.hints import Hint, HintKind, hint_for
from ...explanations.why_wrong import WhyWrong, why_wrong
from ...records.json_types import JsonObject
from ...sudoku import GAVE_UP, SOLVED, Grid, Puzzle, PuzzleError, read_code
from ...sudoku.logic import Position, encode_marks, narrowed, wrong_notes
from ...sudoku.logic.work import OutOfWork, work_limit
from ...sudoku.place import Place
from ...sudoku.progress import Progress, check
from ...sudoku.whole_numbers import read_whole_number
from ..cache import refuse_long_code, solve_within_budget
from ..cage_ways import cage_island, cage_lines
from ..grid_table import place_of
from ..http_caching import cache_by_outcome
from ..linked import linked_puzzle, unusable, whole_number
from ..links import absolute_url
from ..marks import linked_marks, read_marks, refused_marks
from ..page_facts import dead_end_of, facts_of
from ..rating_view import rating_of
from ..shown_alphabet import as_shown_result, kept_alphabet, link_values, shown_alphabet
from ..solver_seat import solver_seat
from ..verdicts import verdict
from .chosen_sums import (
    MOST_CELLS_TEXT,
    MOST_SUM_TEXT,
    SumLine,
    SumRefused,
    played_board,
    sum_line,
)
from .form import with_entries
from .next_puzzle import next_puzzle
from .notes import cleared_by, filled_in, full_cells, no_notes, placements
from .state import PlayState, UnusableNotes
from .view import Asked, PlayPage, about_puzzle, play_page

bp = Blueprint("play", __name__)

# What the play form's buttons ask for; anything else is refused.
ACTIONS = (
    "save",
    "check",
    "hint",
    "more",
    "apply",
    "fill-notes",
    "clear-notes",
    "notes-on",
    "notes-off",
)
# Where every button's answer lands: at the board, not the top of the page.
BOARD = "#board"


@bp.get("/play/<code>")
def play(code: str) -> Response:
    """The position ?progress= of the puzzle a link holds with the player's notes ?marks=,
    with ?check=1, ?hint=1 or 2 when asked for; ?candidates=1 shows every open cell's
    candidates (the default with notes; ?candidates=0 shows only the cells noted), ?notes=1
    makes the form's fields take notes, ?autoclear=0 keeps notes when a value is placed;
    ?time= is the game's time in seconds, ?timer=0 hides its clock; ?noted= names the cells
    noted with every candidate the givens allow (notes.py); ?corner=, ?centre= and
    ?colours= hold the player's other marks (cell_marks.py). A Killer's page lists each
    cage's ways of making its sum (web/cage_ways.py); ?cells= and ?sum= ask the ways of making
    a sum in the cells named (chosen_sums.py), 422 with the page saying what of them
    cannot be used."""
    game = _linked_game(code, ".play")
    if isinstance(game, Response):
        return game
    puzzle, solution, state = game
    summed = _sum_asked(state)
    asked = _asked(state, solution)
    facts = facts_of(puzzle)  # the rating every page of the puzzle shows
    rating = rating_of(facts.path) if facts.path is not None else None
    html = _render(
        code,
        play_page(state, asked),
        state,
        restart=url_for(".play", code=code, **kept_alphabet()) + BOARD
        if request.args.get("restart") == "1"
        else None,
        explain_here=_explain_here(state.notes, state.progress, solution),
        about=about_puzzle(puzzle, facts.path),
        rating=rating.words if rating is not None and rating.rated else "",
        next_puzzle=next_puzzle(puzzle, rating),
        level=rating.level if rating is not None else "",
        cages=cage_lines(puzzle, played_board(state)),
        cage_island=cage_island(puzzle) if puzzle.rules.cages else None,
        sum_line=summed if isinstance(summed, SumLine) else None,
        sum_refused=summed if isinstance(summed, SumRefused) else None,
        sum_cells=request.args.get("cells", "")[:MOST_CELLS_TEXT],  # shown back as typed
        sum_total=request.args.get("sum", "")[:MOST_SUM_TEXT],
    )
    if isinstance(summed, SumRefused):
        return make_response(html, 422)
    hint = asked.hint
    budget_bound = hint is not None and hint.kind in (HintKind.OUT_OF_REACH, HintKind.BUSY)
    budget_bound = budget_bound or facts.of_the_moment
    return cache_by_outcome(make_response(html), GAVE_UP if budget_bound else SOLVED)


@bp.post("/play/<code>")
def submit(code: str) -> Response:
    """Take the grid and notes as sent and do what the button pressed asks: 303 to the new
    position's link (at the board), or the page again (422) saying which entries cannot be
    read."""
    found = _puzzle_and_solution(code)
    if isinstance(found, Response):
        return found
    puzzle, solution = found
    action = request.form.get("action", "save")
    if action not in ACTIONS:
        abort(400, description=f"The play form has no button {action[:20]!r}.")
    before = _read(puzzle, lambda: PlayState.from_form(puzzle, request.form))
    if isinstance(before, Response):
        return before
    state, unread = with_entries(before)
    if unread is not None:
        return make_response(_render(code, play_page(state, unread=unread), state), 422)
    if state.autoclear:
        placed = placements(before.progress.grid, state.progress.grid)
        state = state.but(notes=cleared_by(state.notes, placed, state.noted))
    state, asked = _acted(action, state, solution)
    # a cell a value or a hint took a note from says itself
    state = state.but(noted=full_cells(state.notes, state.noted))
    location = url_for(".play", code=code, **state.to_query(asked), **kept_alphabet()) + BOARD
    return Response(status=303, headers={"Location": location})


@bp.get("/play/<code>/explain")
def explain_from_here(code: str) -> Response:
    """303 to the explanation from the position a play link's query holds (its values and
    notes): the play page's "Explain from here", whose link the script keeps up to date as
    the player types. From a solved grid, the explanation of the puzzle; from a position
    with a wrong value or note, which has no explanation, the play page's Check of it."""
    game = _linked_game(code, ".explain_from_here")
    if isinstance(game, Response):
        return game
    puzzle, solution, state = game
    here = _explain_here(state.notes, state.progress, solution)
    if here is None and state.progress.grid == solution:
        here = url_for("explain.explain", code=puzzle.code, **kept_alphabet())
    elif here is None:
        checked = state.share_query() | {"check": 1}
        here = url_for(".play", code=code, **checked, **kept_alphabet()) + BOARD
    response = Response(status=303, headers={"Location": here})
    response.cache_control.no_store = True  # the link of a position the player keeps changing
    return response


@bp.get("/play/<code>/sums")
def sums(code: str) -> tuple[JsonObject, int]:
    """The combination helper's line for ?cells= and ?sum= on the game the rest of the
    query holds (as the play page's link writes it), for play_marks.js: {"line": ...,
    "cells": ...}, or 422 {"error": ...} saying what cannot be used."""
    refuse_long_code(code)
    try:
        puzzle = read_code(code)
        marks = read_marks(puzzle, request.args.get("marks", ""))
        state = PlayState.from_query(puzzle, request.args, marks)
        line = sum_line(state, request.args.get("cells", ""), request.args.get("sum", ""))
    except PuzzleError as error:
        return {"error": f"{error.message.rstrip('.')}."}, 422
    return {"line": line.text, "cells": line.names}, 200


def _sum_asked(state: PlayState) -> SumLine | SumRefused | None:
    """The helper's line for the cells and sum the link asks (?cells=, ?sum=), what of them
    cannot be used, or None when not asked."""
    if "cells" not in request.args and "sum" not in request.args:
        return None
    try:
        return sum_line(state, request.args.get("cells", ""), request.args.get("sum", ""))
    except SumRefused as error:
        return error


def _linked_game(code: str, endpoint: str) -> tuple[Puzzle, Grid, PlayState] | Response:
    """The puzzle of `code`, its solution and the game the request's query holds on it; or
    the page that says why not (its `marks=` read for `endpoint`'s canonical link)."""
    found = _puzzle_and_solution(code)
    if isinstance(found, Response):
        return found
    puzzle, solution = found
    marks = linked_marks(puzzle, endpoint)
    if isinstance(marks, Response):
        return marks
    state = _read(puzzle, lambda: PlayState.from_query(puzzle, request.args, marks))
    if isinstance(state, Response):
        return state
    return puzzle, solution, state


def _read(puzzle: Puzzle, reading: Callable[[], PlayState]) -> PlayState | Response:
    """The game `reading` reads, or the 422 page saying what of it cannot be used."""
    try:
        return reading()
    except UnusableNotes as error:
        return refused_marks(puzzle, error.message)
    except PuzzleError as error:
        start = url_for(".play", code=puzzle.code, **kept_alphabet())
        return unusable(
            "Not a position of this puzzle", f"{error.message}.", start, "Start this puzzle afresh"
        )


def _asked(state: PlayState, solution: Grid) -> Asked:
    """What the link asks of the game's page (?check=1, ?hint=, ?why=), worked out."""
    progress, notes = state.progress, state.notes
    tier = whole_number("hint", 0, 2, 0)
    if request.args.get("check") != "1":
        hint = _hint(progress, solution, notes) if tier else None
        return Asked(hint=hint, tier=tier, solved=progress.grid == solution)
    mistakes = check(progress, solution)
    return Asked(
        mistakes=mistakes,
        wrong_notes=_wrong_notes(notes, progress, solution, _revealed(progress.puzzle.size)),
        hint=_hint(progress, solution, notes) if tier else None,
        tier=tier,
        why=_why(progress, solution, mistakes.wrong),
        solved=progress.grid == solution,
    )


def _acted(action: str, state: PlayState, solution: Grid) -> tuple[PlayState, dict[str, int]]:
    """The game once the button `action` is done, and what the next page is asked to show."""
    if action == "fill-notes":
        notes = filled_in(state.notes, state.progress.grid)
        return state.but(notes=notes, candidates=True, noted=frozenset()), {}
    if action == "clear-notes":
        notes = no_notes(state.progress.puzzle)
        return state.but(notes=notes, candidates=False, noted=frozenset()), {}
    if action in ("notes-on", "notes-off"):
        return state.but(notes_mode=action == "notes-on"), {}
    if action == "check":
        return state, {"check": 1}
    if action == "hint":
        return state, {"hint": 1}
    if action == "more":
        return state, {"hint": min(_tier_shown(request.form.get("tier", "0")) + 1, 2)}
    if action == "apply":
        hint = _hint(state.progress, solution, state.notes)
        notes = hint.marks_after
        if state.autoclear:
            placed = placements(state.progress.grid, hint.after.grid)
            notes = cleared_by(notes, placed, state.noted)
        return state.but(progress=hint.after, notes=notes), {}
    return state, {}


def _tier_shown(text: str) -> int:
    """The hint tier the form says its page showed (0 to 2); 400 for anything else."""
    tier = read_whole_number(text, 1)
    if tier is None or tier > 2:
        abort(400, description="tier must be the hint tier shown: 0, 1 or 2.")
    return tier


def _explain_here(notes: Position, progress: Progress, solution: Grid) -> str | None:
    """The explanation from the player's values and notes: the puzzle of the givens and
    entries, the notes re-encoded on it; None while a value or a note is wrong (the
    explanation would start from a position without the solution)."""
    if progress.grid == solution:
        return None
    if check(progress, solution) or wrong_notes(notes, progress, solution):
        return None
    base = progress.puzzle.with_grid(progress.grid)
    here = narrowed(notes, progress.grid)
    marks = encode_marks(Position(base, here.values, here.candidates))
    return url_for("explain.explain", code=base.code, marks=marks or None, **kept_alphabet())


def _wrong_notes(
    notes: Position, progress: Progress, solution: Grid, revealed: int | None
) -> tuple[tuple[int, str, bool], ...]:
    """Each open cell whose notes leave out its solution value, what Check says of it
    without naming the value ("Your notes in r3c4 removed the value that belongs there"),
    and whether the page may offer to show it; the cell `revealed` (?reveal=) says it: "You
    removed 7 from r3c4, but 7 belongs there"."""
    shape = progress.puzzle.shape
    said = []
    for cell in wrong_notes(notes, progress, solution):
        name = place_of(shape, cell).name
        if cell == revealed:
            value = shape.symbol(solution.cells[cell])
            said.append(
                (cell, f"You removed {value} from {name}, but {value} belongs there", False)
            )
        else:
            said.append((cell, f"Your notes in {name} removed the value that belongs there", True))
    return tuple(said)


def _revealed(size: int) -> int | None:
    """The cell ?reveal= names (such as r3c4), whose removed value Check may name; None when
    not asked; 400 for a name that is not a cell."""
    asked = request.args.get("reveal")
    if asked is None:
        return None
    place = Place.named(asked)
    if place is None or not place.within(size):
        abort(
            400, description=f"?reveal= names a cell such as r3c4, in rows and columns 1 to {size}."
        )
    return place.cell(size)


def _render(code: str, page: PlayPage, state: PlayState, **extra: Any) -> str:
    """The play page of `page`, the game `state` of the puzzle `code`, with its links
    (share, restart) and `extra` for the template."""
    query = state.share_query()
    kept = kept_alphabet()  # the links to the puzzle's pages keep the alphabet it is shown in
    return render_template(
        "play.html",
        page=page,
        share=absolute_url(".play", code=code, **query, **kept),
        share_path=url_for(".play", code=code, **query, **kept),
        restart_ask=url_for(".play", code=code, **query, restart=1, **kept),
        checked_path=url_for(".play", code=code, **query, check=1, **kept),
        kept=kept,
        game_query=[(name, value) for name, value in (query | kept).items() if value is not None],
        **extra,
    )


def _puzzle_and_solution(code: str) -> tuple[Puzzle, Grid] | Response:
    """The puzzle a link holds and its one solution, or the page to answer instead."""
    puzzle = linked_puzzle(code, ".play")
    if isinstance(puzzle, Response):
        return puzzle
    alphabet = shown_alphabet(puzzle.shape)  # a bad ?alphabet= is refused before any solving
    result = as_shown_result(solve_within_budget(puzzle), alphabet)
    if result.solution is None:
        html = render_template(
            "unexplained.html",
            verdict=verdict(result, dead_end=dead_end_of(result)),
            solve=url_for("solve.result", code=puzzle.code, **link_values(alphabet)),
            status=result.status,
            what="play",
        )
        return cache_by_outcome(make_response(html), result.status)
    return result.puzzle, result.solution


def _why(progress: Progress, solution: Grid, wrong: tuple[int, ...]) -> WhyWrong | None:
    """Why the value in the cell ?why= names (such as r4c7), one of the `wrong` entries
    Check found, is wrong, within HINT_BUDGET_WORK in the solver seat; None when not asked,
    or the cell is not among them (the link outlived a fix). 400 for a name that is not a
    cell."""
    asked = request.args.get("why")
    if asked is None:
        return None
    size = progress.puzzle.size
    place = Place.named(asked)
    if place is None or not place.within(size):
        abort(400, description=f"?why= names a cell such as r4c7, in rows and columns 1 to {size}.")
    cell = place.cell(size)
    if cell not in wrong:
        return None
    with solver_seat().taken(), work_limit(int(current_app.config["HINT_BUDGET_WORK"])):
        try:
            return why_wrong(progress, solution, cell)
        except OutOfWork:
            return None


def _hint(progress: Progress, solution: Grid, notes: Position) -> Hint:
    """The hint for `progress` on the player's `notes`, worked out within
    HINT_BUDGET_WORK (and EXPLAIN_CEILING_SECONDS) in the solver seat."""
    config = current_app.config
    with solver_seat().taken():
        return hint_for(
            progress,
            solution,
            int(config["HINT_BUDGET_WORK"]),
            notes,
            float(config["EXPLAIN_CEILING_SECONDS"]),
        )
