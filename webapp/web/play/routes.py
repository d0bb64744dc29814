"""The play pages: a player's position as a link, and what they ask of it (Check, a hint in
three tiers, the candidates). Each submission answers 303 to the link of the new position,
so every position can be shared or bookmarked and nothing is stored."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from ...explanations.hints import Hint, HintKind, hint_for
from ...sudoku import GAVE_UP, SOLVED, Grid, Puzzle, PuzzleError
from ...sudoku.logic import Position, encode_marks, mark_problems
from ...sudoku.progress import Progress, check, read_progress
from ..cache import refuse_long_code, solve_within_budget
from ..http_caching import cache_by_outcome
from ..linked import linked_puzzle, unusable, whole_number
from ..marks import linked_marks, read_marks, refused_marks
from ..shown_alphabet import as_shown, as_shown_result
from ..site.links import absolute_url
from ..solve.page_facts import dead_end_of
from ..solve.view import verdict
from ..solver_seat import solver_seat
from .view import play_page

bp = Blueprint("play", __name__)

# What the play form's buttons ask for; anything else is refused.
ACTIONS = ("save", "check", "hint", "more", "apply", "show-candidates", "hide-candidates")


@bp.get("/play/<code>")
def play(code: str) -> Response:
    """The position ?progress= of the puzzle a link holds, with ?check=1, ?hint=1 or 2, or
    ?candidates=1 when asked for; from pasted pencil marks ?marks= (candidates shown unless
    ?candidates=0)."""
    found = _puzzle_and_solution(code)
    if isinstance(found, Response):
        return found
    puzzle, solution = found
    marks = _sound(puzzle, solution, linked_marks(puzzle, ".play"))
    if isinstance(marks, Response):
        return marks
    progress = _progress(puzzle, request.args.get("progress", ""))
    if isinstance(progress, Response):
        return progress
    tier = whole_number("hint", 0, 2, 0)
    hint = _hint(progress, solution, marks) if tier else None
    shown = request.args.get("candidates", "1" if marks is not None else "0")
    page = play_page(
        progress,
        mistakes=check(progress, solution) if request.args.get("check") == "1" else None,
        hint=hint,
        tier=tier,
        candidates=shown == "1",
        solved=progress.grid == solution,
        marks=marks,
    )
    share = absolute_url(".play", code=code, progress=progress.code, marks=page.marks)
    html = render_template("play.html", page=page, share=share)
    budget_bound = hint is not None and hint.kind in (HintKind.OUT_OF_REACH, HintKind.BUSY)
    return cache_by_outcome(make_response(html), GAVE_UP if budget_bound else SOLVED)


@bp.post("/play/<code>")
def submit(code: str) -> Response:
    """Take the grid as sent and do what the button pressed asks: 303 to the new position's
    link, or the page again (422) saying which entries cannot be read."""
    found = _puzzle_and_solution(code)
    if isinstance(found, Response):
        return found
    puzzle, solution = found
    action = request.form.get("action", "save")
    if action not in ACTIONS:
        abort(400, description=f"The play form has no button {action[:20]!r}.")
    try:
        marks = _sound(puzzle, solution, read_marks(puzzle, request.form.get("marks", "")))
    except PuzzleError as error:
        return refused_marks(puzzle, error.message)
    if isinstance(marks, Response):
        return marks
    before = _progress(puzzle, request.form.get("progress", ""))
    if isinstance(before, Response):
        return before
    entered, problems = _entries(before)
    progress = before.with_values(
        {cell: value for cell, (_, value) in entered.items() if cell not in problems}
    )
    if problems:
        page = play_page(
            progress,
            entered={cell: text for cell, (text, _) in entered.items()},
            problems=problems,
            marks=marks,
            candidates=request.form.get("candidates") == "1",
        )
        share = absolute_url(".play", code=code, progress=progress.code, marks=page.marks)
        return make_response(render_template("play.html", page=page, share=share), 422)
    candidates = request.form.get("candidates") == "1"
    if action == "show-candidates":
        candidates = True
    elif action == "hide-candidates":
        candidates = False
    marks_code = encode_marks(marks) if marks is not None else ""
    query: dict[str, Any] = {"progress": progress.code, "marks": marks_code or None}
    if action == "check":
        query["check"] = 1
    elif action in ("hint", "more"):
        shown = request.form.get("tier", "0")
        query["hint"] = min(int(shown) + 1, 2) if action == "more" and shown.isdigit() else 1
    elif action == "apply":
        query["progress"] = _hint(progress, solution, marks).after.code
    if candidates:
        query["candidates"] = 1
    elif marks is not None:  # a marked game shows them unless told not to
        query["candidates"] = 0
    return Response(status=303, headers={"Location": url_for(".play", code=code, **query)})


def _puzzle_and_solution(code: str) -> tuple[Puzzle, Grid] | Response:
    """The puzzle a link holds and its one solution, or the page to answer instead."""
    puzzle = linked_puzzle(code, ".play")
    if isinstance(puzzle, Response):
        return puzzle
    as_shown(puzzle)  # a bad ?alphabet= is refused before any solving
    result = as_shown_result(solve_within_budget(puzzle))
    if result.solution is None:
        html = render_template(
            "unexplained.html",
            verdict=verdict(result, dead_end=dead_end_of(result)),
            solve=url_for("solve.result", code=puzzle.code),
            status=result.status,
            what="play",
        )
        return cache_by_outcome(make_response(html), result.status)
    return result.puzzle, result.solution


def _sound(
    puzzle: Puzzle, solution: Grid, marks: Position | None | Response
) -> Position | None | Response:
    """The pasted pencil `marks` when they keep `solution`, else a 422 page saying where
    they do not (hints from them would be false)."""
    if not isinstance(marks, Position):
        return marks
    problems = mark_problems(marks, solution)
    if problems:
        return refused_marks(puzzle, "; ".join(problems), encode_marks(marks))
    return marks


def _progress(puzzle: Puzzle, text: str) -> Progress | Response:
    """The progress `text` spells on `puzzle`, or a 422 page saying why it cannot be one."""
    refuse_long_code(text)
    try:
        return read_progress(puzzle, text)
    except PuzzleError as error:
        start = url_for(".play", code=puzzle.code)
        return unusable(
            "Not a position of this puzzle", f"{error.message}.", start, "Start this puzzle afresh"
        )


def _entries(progress: Progress) -> tuple[dict[int, tuple[str, int]], dict[int, str]]:
    """What the form sends for each open cell (its text and value; a cell not sent keeps
    its value), and, by cell, why an entry cannot be read."""
    shape = progress.puzzle.shape
    kind = "digit" if shape.digits_only else "symbol"
    entered: dict[int, tuple[str, int]] = {}
    problems: dict[int, str] = {}
    for cell in range(shape.cell_count):
        if progress.puzzle.cells[cell]:
            continue
        row, col = divmod(cell, shape.size)
        name = f"r{row + 1}c{col + 1}"
        if name not in request.form:
            continue
        text = request.form[name].strip()
        if text in ("", ".") or (text == "0" and "0" not in shape.symbols):
            entered[cell] = (text, 0)
        elif len(text) == 1 and text.upper() in shape.symbols:
            entered[cell] = (text.upper(), shape.symbols.index(text.upper()) + 1)
        else:
            shown = text if len(text) <= 10 else text[:10] + "…"
            entered[cell] = (text, 0)
            problems[cell] = (
                f"{name}: {shown!r} is not a {kind} from {shape.symbols[0]} to {shape.symbols[-1]}"
            )
    return entered, problems


def _hint(progress: Progress, solution: Grid, marks: Position | None) -> Hint:
    """The hint for `progress` (within pasted pencil `marks`, if any), worked out within
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
