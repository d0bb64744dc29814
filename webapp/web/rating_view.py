"""How hard a path says a puzzle is, in words, and what a solved puzzle's page offers to
learn from it (its rating, the explanation, play, its candidates)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ..explanations import level_of
from ..explanations.names import step_name, with_article
from ..sudoku import Puzzle
from ..sudoku.alphabet import alphabet_of
from ..sudoku.logic import CEILING, SOLVED, STOPPED, Path, PathStatus, Position
from .grid_table import Board
from .pencil_board import MarkedCell, pencil_board
from .shown_alphabet import link_values


@dataclass(frozen=True)
class Rating:
    """How hard a path says a puzzle is: Sudoku Explainer's number, its level name and the
    hardest technique; `complete` False when the path stopped short (then it is a floor)."""

    number: float
    level: str
    hardest: str
    complete: bool
    steps: int = 0  # how many steps the path took
    status: PathStatus = SOLVED
    hardest_slug: str = ""  # the hardest step's technique, whose lesson the pages link

    @property
    def rated(self) -> bool:
        """False when the path took no step before its work (or the server) stopped it:
        there is no rating to show, not even a floor, never a 0.0."""
        return self.complete or (bool(self.steps) and self.status != CEILING)

    @property
    def words(self) -> str:
        """ "Hard: 4.2 on Sudoku Explainer's scale; the hardest step is an X-wing", with
        "at least" and how far it got when the path stopped short, or why it has no rating."""
        if self.status == CEILING:
            return "Not rated: the server stopped rating it to stay responsive; try again shortly"
        if not self.rated and self.status == STOPPED:
            return "Not rated within a page's work: its first step needs more than that"
        if not self.rated:
            return "Not rated: its first step needs a technique the engine does not have yet"
        if self.complete:
            return (
                f"{self.level.capitalize()}: {self.number:.1f} on Sudoku Explainer's scale;"
                f" the hardest step is {self.hardest}"
            )
        return (
            f"{self.level.capitalize()}: at least {self.number:.1f} on Sudoku Explainer's scale"
            f" after {self.steps} step{'' if self.steps == 1 else 's'};"
            f" the hardest so far is {self.hardest}"
        )

    @property
    def note(self) -> str:
        """What the solve page adds when the rating is not the whole path's."""
        if self.complete or self.status == CEILING:
            return ""
        return (
            "That is this page's quick rating, as far as its work allows; the explanation"
            " works longer, and its rating of the whole path is the one to go by"
        )


def rating_of(path: Path) -> Rating:
    """A path's rating as a value the pages show: its hardest step named as the explanation's
    table and headings name it (a forcing net is never called a chain)."""
    first_hardest = max(path.steps, key=lambda step: step.difficulty, default=None)
    hardest = with_article(step_name(first_hardest)) if first_hardest else "none"
    complete = path.status == SOLVED
    return Rating(
        path.rating,
        level_of(path.rating),
        hardest,
        complete,
        len(path.steps),
        path.status,
        first_hardest.technique if first_hardest else "",
    )


@dataclass(frozen=True)
class Learning:
    """What a solved puzzle's page offers beyond the answer: its rating, the explanation,
    play, and its candidates (the board when asked for, and the link that toggles it)."""

    rating: Rating
    explain: str
    play: str
    candidates: Board[MarkedCell] | None
    toggle: str


def learning(puzzle: Puzzle, path: Path, candidates: bool, check: bool = False) -> Learning:
    """The rating and the ways on from a solved puzzle's page (`check`: a learner's check,
    which its candidates link keeps)."""
    board = None
    if candidates:
        position = Position.from_puzzle(puzzle, unique=True)
        caption = "The puzzle with every empty cell's candidates"
        board, _ = pencil_board(puzzle.grid, position, caption)
    kept = link_values(alphabet_of(puzzle.shape))  # the alphabet the puzzle is shown in
    toggle = url_for(
        "solve.result",
        code=puzzle.code,
        candidates=None if candidates else 1,
        check=1 if check else None,
        **kept,
    )
    return Learning(
        rating=rating_of(path),
        explain=url_for("explain.explain", code=puzzle.code, **kept),
        play=url_for("play.play", code=puzzle.code, **kept),
        candidates=board,
        toggle=toggle,
    )
