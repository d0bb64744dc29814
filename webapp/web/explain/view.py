"""What the explanation page shows: one step of a puzzle's path on its pencil marks, the
way there and on, and a summary of the whole path."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from flask import url_for

from ...explanations import sentence
from ...explanations.names import step_name
from ...explanations.records import why_stopped
from ...explanations.words import capitalized
from ...sudoku import Puzzle, SolveResult
from ...sudoku.alphabet import alphabet_of
from ...sudoku.logic import SOLVED, Path, Position, encode_marks
from ..chain_drawing import ChainDrawing, chain_drawing
from ..grid_table import Board, Cell, grid_board
from ..pencil_board import KeyEntry, MarkedCell, pencil_board
from ..rating_view import Rating, rating_of
from ..shown_alphabet import link_values


@dataclass(frozen=True)
class StepLink:
    """A step in the path's list: its number, technique and where it leads."""

    number: int
    technique: str
    href: str
    current: bool


@dataclass(frozen=True)
class TechniqueCount:
    """A technique the path uses, how often, a link to the first time, and its lesson."""

    technique: str
    difficulty: float
    count: int
    first: StepLink
    lesson: str


@dataclass(frozen=True)
class Nav:
    """The links around a step; None where there is nowhere to go."""

    first: str | None
    previous: str | None
    next: str | None
    last: str | None


@dataclass(frozen=True)
class ShownStep:
    """The step on show: its technique in words, difficulty and sentence, and its slug (the
    technique's lesson is /learn/<slug>)."""

    technique: str
    difficulty: float
    text: str
    places: bool
    slug: str = ""


@dataclass(frozen=True)
class ExplainPage:
    """Everything the explanation template shows."""

    code: str
    marks: str | None  # the pasted pencil marks the path starts from, if any
    number: int  # 0: the puzzle before any step
    total: int
    step: ShownStep | None
    board: Board[MarkedCell]
    drawing: ChainDrawing | None  # the step's chain, drawn over the board
    key: tuple[KeyEntry, ...]
    nav: Nav
    rating: Rating
    techniques: tuple[TechniqueCount, ...]
    steps: tuple[StepLink, ...]
    stopped: str
    rest: Board[Cell] | None  # the solver's answer for the cells the path did not reach
    rating_note: str = ""  # why a solve page's quicker rating says less, when it does


def explain_page(
    puzzle: Puzzle,
    result: SolveResult,
    path: Path,
    number: int,
    start: Position | None = None,
    quick_work: int | None = None,
) -> ExplainPage:
    """Step `number` (1-based; 0 for the start) of `path`, the path of `puzzle` (from pasted
    pencil marks `start`, when given); `quick_work` is the work a solve page rates within."""
    shape = puzzle.shape
    total = len(path.steps)
    position = start or Position.from_puzzle(puzzle, unique=True)
    marks = encode_marks(start) or None if start is not None else None
    for step in path.steps[: max(number - 1, 0)]:
        position = step.apply(position)
    shown = path.steps[number - 1] if number else None
    if shown is None and start is not None:
        caption = f"The pasted position, its candidates as pasted ({total} steps to go)"
    elif shown is None:
        caption = f"The puzzle with every cell's candidates ({total} steps to go)"
    else:
        caption = f"Step {number} of {total}, before it is taken"
    board, key = pencil_board(puzzle.grid, position, caption, shown)
    drawing = chain_drawing(shape, shown)
    if drawing is not None:
        key += drawing.key

    kept = link_values(alphabet_of(shape))  # the steps keep the alphabet the page shows

    def link(n: int) -> str:
        return url_for("explain.explain", code=puzzle.code, step=n, marks=marks, **kept)

    names = [step_name(step) for step in path.steps]
    step_links = tuple(
        StepLink(n, name, link(n), n == number) for n, name in enumerate(names, start=1)
    )
    counts = Counter(names)
    firsts: dict[str, StepLink] = {}
    difficulty: dict[str, float] = {}
    lessons: dict[str, str] = {}
    for step, step_link in zip(path.steps, step_links, strict=True):
        firsts.setdefault(step_link.technique, step_link)
        lessons.setdefault(step_link.technique, url_for("learn.lesson", slug=step.technique))
        difficulty[step_link.technique] = max(
            difficulty.get(step_link.technique, 0.0), step.difficulty
        )
    techniques = tuple(
        sorted(
            (
                TechniqueCount(name, difficulty[name], count, firsts[name], lessons[name])
                for name, count in counts.items()
            ),
            key=lambda tc: (tc.difficulty, tc.first.number),
        )
    )
    nav = Nav(
        # before step 1, "First step" (next) goes there: no second button to the same place
        first=link(1) if total and number > 1 else None,
        previous=link(number - 1) if number > 1 else None,
        next=link(number + 1) if number < total else None,
        last=link(total) if total and number != total else None,
    )
    step_view = None
    if shown is not None:
        step_view = ShownStep(
            step_name(shown),
            shown.difficulty,
            capitalized(sentence(puzzle.geometry, shown)),
            bool(shown.placements),
            shown.technique,
        )
    stopped = ""
    rest = None
    if path.status != SOLVED:
        stopped = f"The path stops after {total} steps: {why_stopped(path.status)}."
        left = puzzle.with_grid(path.end.grid)
        rest = grid_board(left, "The solver's answer for the cells left", result.solution)
    return ExplainPage(
        code=puzzle.code,
        marks=marks,
        number=number,
        total=total,
        step=step_view,
        board=board,
        drawing=drawing,
        key=key,
        nav=nav,
        rating=rating_of(path),
        techniques=techniques,
        steps=step_links,
        stopped=stopped,
        rest=rest,
        rating_note=quick_rating_note(path, quick_work) if start is None else "",
    )


def quick_rating_note(path: Path, quick_work: int | None) -> str:
    """What the explanation says of a solve page's rating when that one stops short: the
    work counts the same everywhere, so a path that took more than `quick_work` is exactly
    one a solve page rates only up to an "at least"."""
    if quick_work is None or path.work <= quick_work:
        return ""
    return (
        f"This path took {path.work:,} units of work; a solve page rates within {quick_work:,},"
        ' so there it says only "at least" the rating of the steps it reached. This rating,'
        " the explanation's, is the one to go by"
    )
