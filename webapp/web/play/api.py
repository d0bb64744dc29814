"""The hint API: POST /api/hint, the next step of a player's progress in a puzzle."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, current_app

from ...explanations.hints import hint_for
from ...records.hint import HintRecord
from ...records.json_types import JsonObject
from ...sudoku import GAVE_UP, MULTIPLE, NO_SOLUTION, PuzzleError, read_code
from ...sudoku.progress import read_progress
from ..cache import refuse_long_progress, solve_within_budget
from ..json_input import invalid, json_body, with_variant
from ..links import absolute_url
from ..marks import read_marks
from ..solver_seat import solver_seat
from .state import PlayState

bp = Blueprint("play_api", __name__, url_prefix="/api")

# Why a puzzle without exactly one solution gets no hint.
NO_HINTS = {
    MULTIPLE: "the puzzle has more than one solution, so no step can be proved",
    NO_SOLUTION: "the puzzle has no solution",
    GAVE_UP: "the solver ran out of its budget before it could decide the puzzle",
}
HINT_USAGE = (
    'send a JSON object with the puzzle and your progress as strings, such as {"puzzle":'
    ' "53..7....", "progress": "534.7...."} (progress: one symbol per cell, 0 when empty),'
    ' and your notes as "marks" if you keep some (the play link\'s marks code)'
)


@bp.post("/hint")
def hint() -> tuple[JsonObject, int]:
    """The hint for {"puzzle": ..., "progress": ..., "marks": ...} (and "variant" and a
    jigsaw's "regions" when the puzzle's text does not name its rules): its kind, three
    tiers in words, its one step, and the progress and notes after the third tier."""
    body = json_body()
    puzzle, progress_text, marks_text = (body.get(key) for key in ("puzzle", "progress", "marks"))
    if (
        not isinstance(puzzle, str)
        or not isinstance(progress_text, str | None)
        or not isinstance(marks_text, str | None)
    ):
        return invalid(HINT_USAGE)
    try:
        puzzle = read_code(puzzle)
    except PuzzleError as error:
        return invalid(f"puzzle: {error.message}", error.cells)
    try:
        puzzle = with_variant(puzzle, body)
    except PuzzleError as error:
        return invalid(error.message, error.cells)
    refuse_long_progress(progress_text or "")
    try:
        progress = read_progress(puzzle, progress_text or "")
    except PuzzleError as error:
        return invalid(error.message, error.cells)
    try:
        marks = read_marks(puzzle, marks_text or "")
    except PuzzleError as error:
        return invalid(f"marks: {error.message}", error.cells)
    result = solve_within_budget(puzzle)
    if result.solution is None:
        return invalid(f"no hints: {NO_HINTS[result.status]}", status=result.status)
    config = current_app.config
    with solver_seat().taken():
        given = hint_for(
            progress,
            result.solution,
            int(config["HINT_BUDGET_WORK"]),
            marks,
            ceiling_seconds=float(config["EXPLAIN_CEILING_SECONDS"]),
        )
    after = HintRecord(given)
    game = PlayState.opened(given.after, given.marks_after)
    play_url = absolute_url("play.play", code=puzzle.code, **game.share_query())
    return replace(after, play_url=play_url).to_json(), 200
