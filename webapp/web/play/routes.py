"""The play pages: a player's position and notes as a link, and what they ask of it (Check,
a hint in three tiers drawn on the board, the candidates filled in). Each submission answers
303 to the link of the new position, so every position can be shared or bookmarked and
nothing is stored."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from ...explanations.hints import Hint, HintKind, hint_for
from ...explanations.why_wrong import WhyWrong, why_wrong
from ...sudoku import GAVE_UP, SOLVED, Grid, Puzzle, PuzzleError
from ...sudoku.logic import Position, encode_marks, narrowed, wrong_notes
from ...sudoku.logic.budget import OutOfWork, work_limit
from ...sudoku.progress import Progress, check, read_progress
from ...sudoku.whole_numbers import read_whole_number
from ...wording import place_name, place_named
from ..cache import refuse_long_progress, solve_within_budget
from ..grid_table import place_of
from ..http_caching import cache_by_outcome
from ..linked import linked_puzzle, unusable, whole_number
from ..links import absolute_url
from ..marks import linked_marks, read_marks, refused_marks
from ..page_facts import dead_end_of, facts_of
from ..shown_alphabet import as_shown_result, kept_alphabet, link_values, shown_alphabet
from ..solver_seat import solver_seat
from ..verdicts import verdict
from .clock import seconds_in
from .form import entries, noted
from .notes import (
    cleared_by,
    filled_in,
    full_cells,
    no_notes,
    noted_code,
    placements,
    read_noted,
    with_notes,
)
from .view import PlayPage, about_puzzle, play_page

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
    noted with every candidate the givens allow (notes.py)."""
    found = _puzzle_and_solution(code)
    if isinstance(found, Response):
        return found
    puzzle, solution = found
    marks = linked_marks(puzzle, ".play")
    if isinstance(marks, Response):
        return marks
    notes = marks if marks is not None else no_notes(puzzle)
    try:
        full = read_noted(notes, request.args.get("noted", ""))
    except PuzzleError as error:
        return refused_marks(puzzle, error.message)
    progress = _progress(puzzle, request.args.get("progress", ""))
    if isinstance(progress, Response):
        return progress
    seconds = seconds_in(request.args.get("time"))
    tier = whole_number("hint", 0, 2, 0)
    hint = _hint(progress, solution, notes) if tier else None
    mistakes = check(progress, solution) if request.args.get("check") == "1" else None
    why = _why(progress, solution, mistakes.wrong) if mistakes is not None else None
    page = play_page(
        progress,
        notes,
        mistakes=mistakes,
        wrong_notes=_wrong_notes(notes, progress, solution) if mistakes is not None else (),
        hint=hint,
        tier=tier,
        candidates=request.args.get("candidates", "1" if marks is not None else "0") == "1",
        full=full,
        solved=progress.grid == solution,
        notes_mode=request.args.get("notes") == "1",
        autoclear=request.args.get("autoclear") != "0",
        why=why,
        seconds=seconds,
        show_timer=request.args.get("timer") != "0",
    )
    restart = request.args.get("restart") == "1"
    facts = facts_of(puzzle)  # the rating every page of the puzzle shows
    html = _render(
        code,
        page,
        progress,
        restart=url_for(".play", code=code, **kept_alphabet()) + BOARD if restart else None,
        explain_here=_explain_here(notes, progress, solution),
        about=about_puzzle(puzzle, facts.path),
    )
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
    try:
        marks = read_marks(puzzle, request.form.get("marks", ""))
    except PuzzleError as error:
        return refused_marks(puzzle, error.message)
    before = _progress(puzzle, request.form.get("progress", ""))
    if isinstance(before, Response):
        return before
    form = request.form
    seconds = seconds_in(form.get("time"))
    notes_mode = form.get("notes") == "1"
    autoclear = "settings" not in form or form.get("autoclear") == "1"
    show_timer = "settings" not in form or form.get("timer") == "1"
    candidates = form.get("candidates") == "1"
    notes = marks if marks is not None else no_notes(puzzle)
    try:
        full = read_noted(notes, form.get("noted", ""))
    except PuzzleError as error:
        return refused_marks(puzzle, error.message)
    entered, problems = entries(before)
    progress = before.with_values(
        {cell: value for cell, (_, value) in entered.items() if cell not in problems}
    )
    written, typed, noted_problems = noted(before)
    problems.update(noted_problems)
    notes = with_notes(notes, written)
    # a field's notes replace the cell's: noted in full when they hold every candidate
    full = full - written.keys() | full_cells(notes, (c for c, mask in written.items() if mask))
    if problems:
        texts = {cell: text for cell, (text, _) in entered.items()}
        texts.update(typed)
        page = play_page(
            progress,
            notes,
            entered=texts,
            problems=problems,
            candidates=candidates,
            notes_mode=notes_mode,
            autoclear=autoclear,
            seconds=seconds,
            show_timer=show_timer,
            full=full,
        )
        return make_response(_render(code, page, progress), 422)
    if autoclear:
        notes = cleared_by(notes, placements(before.grid, progress.grid), full)
    asked: dict[str, Any] = {}
    if action == "fill-notes":
        notes, candidates, full = filled_in(notes, progress.grid), True, frozenset()
    elif action == "clear-notes":
        notes, candidates, full = no_notes(puzzle), False, frozenset()
    elif action in ("notes-on", "notes-off"):
        notes_mode = action == "notes-on"
    elif action == "check":
        asked["check"] = 1
    elif action in ("hint", "more"):
        asked["hint"] = min(_tier_shown(form.get("tier", "0")) + 1, 2) if action == "more" else 1
    elif action == "apply":
        hint = _hint(progress, solution, notes)
        notes = hint.marks_after
        if autoclear:
            notes = cleared_by(notes, placements(progress.grid, hint.after.grid), full)
        progress = hint.after
    full = full_cells(notes, full)  # a cell a value or a hint took a note from says itself
    code_now = encode_marks(notes)
    noted_now = noted_code(full, puzzle.size)
    query: dict[str, Any] = {"progress": progress.code, "marks": code_now or None, **asked}
    query["noted"] = noted_now or None
    if (code_now or noted_now) and not candidates:
        query["candidates"] = 0  # a game with notes shows the candidates unless told not to
    elif candidates:
        query["candidates"] = 1
    if notes_mode:
        query["notes"] = 1
    if not autoclear:
        query["autoclear"] = 0
    query.update(_timer_state(seconds, show_timer))
    location = url_for(".play", code=code, **query, **kept_alphabet()) + BOARD
    return Response(status=303, headers={"Location": location})


def _tier_shown(text: str) -> int:
    """The hint tier the form says its page showed (0 to 2); 400 for anything else."""
    tier = read_whole_number(text, 1)
    if tier is None or tier > 2:
        abort(400, description="tier must be the hint tier shown: 0, 1 or 2.")
    return tier


def _state(page: PlayPage, progress: str) -> dict[str, Any]:
    """The query that keeps a page's position, notes and settings (its link to share)."""
    state: dict[str, Any] = {"progress": progress, "marks": page.marks, "noted": page.noted}
    if (page.marks or page.noted) and not page.candidates:
        state["candidates"] = 0
    elif page.candidates and not page.marks:
        state["candidates"] = 1
    if not page.autoclear:
        state["autoclear"] = 0
    return state | _timer_state(page.seconds, page.show_timer)


def _timer_state(seconds: int, show_timer: bool) -> dict[str, Any]:
    """The query that keeps a game's time and whether its clock is on show."""
    state: dict[str, Any] = {"time": seconds} if seconds else {}
    if not show_timer:
        state["timer"] = 0
    return state


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
    notes: Position, progress: Progress, solution: Grid
) -> tuple[tuple[int, str], ...]:
    """Each open cell whose notes leave out its solution value, and what Check says of it:
    "You removed 7 from r3c4, but 7 belongs there"."""
    shape = progress.puzzle.shape
    said = []
    for cell in wrong_notes(notes, progress, solution):
        value = shape.symbol(solution.cells[cell])
        name = place_name(place_of(shape, cell))
        said.append((cell, f"You removed {value} from {name}, but {value} belongs there"))
    return tuple(said)


def _render(code: str, page: PlayPage, progress: Progress, **extra: Any) -> str:
    """The play page of `page`, a position of `progress` in the puzzle `code`, with its
    links (share, restart) and `extra` for the template."""
    state = _state(page, progress.code)
    kept = kept_alphabet()  # the links to the puzzle's pages keep the alphabet it is shown in
    return render_template(
        "play.html",
        page=page,
        share=absolute_url(".play", code=code, **state, **kept),
        share_path=url_for(".play", code=code, **state, **kept),
        restart_ask=url_for(".play", code=code, **state, restart=1, **kept),
        checked_path=url_for(".play", code=code, **state, check=1, **kept),
        kept=kept,
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


def _progress(puzzle: Puzzle, text: str) -> Progress | Response:
    """The progress `text` spells on `puzzle`, or a 422 page saying why it cannot be one."""
    refuse_long_progress(text)
    try:
        return read_progress(puzzle, text)
    except PuzzleError as error:
        start = url_for(".play", code=puzzle.code, **kept_alphabet())
        return unusable(
            "Not a position of this puzzle", f"{error.message}.", start, "Start this puzzle afresh"
        )


def _why(progress: Progress, solution: Grid, wrong: tuple[int, ...]) -> WhyWrong | None:
    """Why the value in the cell ?why= names (such as r4c7), one of the `wrong` entries
    Check found, is wrong, within HINT_BUDGET_WORK in the solver seat; None when not asked,
    or the cell is not among them (the link outlived a fix). 400 for a name that is not a
    cell."""
    asked = request.args.get("why")
    if asked is None:
        return None
    size = progress.puzzle.size
    row, col = place_named(asked) or (0, 0)
    if not (1 <= row <= size and 1 <= col <= size):
        abort(400, description=f"?why= names a cell such as r4c7, in rows and columns 1 to {size}.")
    cell = (row - 1) * size + col - 1
    if cell not in wrong:
        return None
    with solver_seat().taken(), work_limit(int(current_app.config["HINT_BUDGET_WORK"])):
        try:
            return why_wrong(progress, solution, cell)
        except OutOfWork:
            return None


def _hint(progress: Progress, solution: Grid, marks: Position) -> Hint:
    """The hint for `progress` on the player's notes `marks`, worked out within
    HINT_BUDGET_WORK (and EXPLAIN_CEILING_SECONDS) in the solver seat."""
    config = current_app.config
    with solver_seat().taken():
        return hint_for(
            progress,
            solution,
            int(config["HINT_BUDGET_WORK"]),
            marks,
            float(config["EXPLAIN_CEILING_SECONDS"]),
        )
