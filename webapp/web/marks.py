"""Pasted pencil marks in the pages' links: `?marks=` read and checked, the link a pasted
position goes to, and what a result page says about the position.

A pencil-mark grid becomes a puzzle (its solved cells, the share code) and a
marks code (marks_code.py: the candidates the marks remove beyond what the
solved cells rule out). Pages that reason from the marks (explain, play) refuse
marks that contradict themselves or leave out the only solution's values.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import redirect, request, url_for
from werkzeug.wrappers import Response

from ..sudoku import SOLVED, Puzzle, PuzzleError, SolveResult
from ..sudoku.alphabet import alphabet_of
from ..sudoku.logic import Position, decode_marks, encode_marks, mark_problems
from ..sudoku.logic.marks_code import longest
from .grid_table import Board
from .linked import unusable
from .links import query_kept
from .pencil_board import MarkedCell, pencil_board
from .shown_alphabet import kept_alphabet, link_values


def read_marks(puzzle: Puzzle, text: str) -> Position | None:
    """The position the marks code `text` writes on `puzzle` (None when `text` is empty);
    PuzzleError saying what is wrong."""
    if not text:
        return None
    room = longest(puzzle)
    if len(text) > room:  # refused before reading: a 25x25's code is 2,605 letters at most
        raise PuzzleError(
            f"The marks code has {len(text)} letters; this puzzle's candidates fit in {room}"
        )
    return decode_marks(puzzle, text)


def linked_marks(puzzle: Puzzle, endpoint: str) -> Position | None | Response:
    """The position a page link's ?marks= writes on `puzzle`, or the response to send
    instead: a 422 page saying what is wrong, or a 301 to the canonical spelling."""
    text = request.args.get("marks", "")
    try:
        position = read_marks(puzzle, text)
    except PuzzleError as error:
        return refused_marks(puzzle, error.message)
    canonical = encode_marks(position) if position is not None else ""
    if canonical != text:
        location = query_kept(url_for(endpoint, code=puzzle.code), marks=canonical or None)
        return redirect(location, 301)
    return position


def refused_marks(puzzle: Puzzle, why: str, marks: str = "") -> Response:
    """A 422 page: the pencil marks in the link cannot be used, and why."""
    start = url_for("solve.result", code=puzzle.code, marks=marks or None, **kept_alphabet())
    label = "See the pasted position" if marks else "See the puzzle without them"
    return unusable("Pencil marks that cannot be used", f"{why}.", start, label)


def marked_location(position: Position) -> str:
    """The result page of a position (pasted pencil marks, or a linked site's candidates)."""
    marks = encode_marks(position)
    solved = position.puzzle.with_grid(position.grid)  # every solved cell taken as a given
    return url_for("solve.result", code=solved.code, marks=marks or None)


def problems_of(position: Position, result: SolveResult) -> tuple[str, ...]:
    """What keeps the marks from being reasoned from, given the solve of their solved cells."""
    return mark_problems(position, result.solution if result.status == SOLVED else None)


@dataclass(frozen=True)
class MarkedView:
    """What a result page says about a pasted position: how much is solved, its board, what
    is wrong with the marks, and the ways on (None where they would mislead)."""

    solved: int
    cells: int
    board: Board[MarkedCell]
    problems: tuple[str, ...]
    explain: str | None
    play: str | None


def marked_view(puzzle: Puzzle, position: Position, result: SolveResult) -> MarkedView:
    """The pasted position as the result page shows it (its links keep the alphabet the
    puzzle is shown in)."""
    marks = encode_marks(position) or None
    kept = link_values(alphabet_of(puzzle.shape))
    problems = problems_of(position, result)
    sound = result.status == SOLVED and not problems
    caption = "The pasted position: its solved cells, and its candidates as pasted"
    board, _ = pencil_board(puzzle.grid, position, caption)
    return MarkedView(
        solved=sum(1 for value in position.values if value),
        cells=puzzle.shape.cell_count,
        board=board,
        problems=problems,
        explain=url_for("explain.explain", code=puzzle.code, marks=marks, **kept)
        if sound
        else None,
        play=url_for("play.play", code=puzzle.code, marks=marks, **kept) if sound else None,
    )
