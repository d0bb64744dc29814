"""A game in play as one value: the player's values, notes, the cells noted in full, the
clock, the corner and centre marks and cell colours (cell_marks.py) and the page's
settings, read from a play link's query (or the play form) and
written back into one.

Nothing is stored: the link is the game. `to_query` is the link that continues the game
(after a submission), `share_query` the link that shares it (the page's Share link and
its own links), which leaves out what is the reader's own choice (notes mode) and what
the page assumes anyway (candidates on show with notes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...sudoku import Puzzle, PuzzleError
from ...sudoku.logic import Position, encode_marks
from ...sudoku.progress import Progress, read_progress
from ..cache import refuse_long_progress
from ..marks import read_marks
from .cell_marks import Marked, cell_marks_code, read_cell_marks
from .clock import seconds_in
from .notes import Full, no_notes, noted_code, read_noted


class UnusableNotes(PuzzleError):
    """The notes a link or form sends (`marks=`, `noted=`, `corner=`, `centre=`,
    `colours=`) cannot be used, and why."""


# The marks beside the notes, each a field of the state and a parameter of its link.
CELL_MARKS = ("corner", "centre", "colours")


@dataclass(frozen=True)
class PlayState:
    """A game: its `progress` (the player's values), `notes` (a Position on the givens),
    the cells `noted` with every candidate the givens allow, the game's time `seconds`,
    its `corner` and `centre` marks and cell `colours`, and the page's settings."""

    progress: Progress
    notes: Position
    noted: Full = frozenset()
    seconds: int = 0
    corner: Marked = ()
    centre: Marked = ()
    colours: Marked = ()
    show_timer: bool = True
    candidates: bool = False  # every open cell shows its candidates, noted or not
    notes_mode: bool = False  # the form's fields take notes
    autoclear: bool = True  # placing a value clears it from its peers' notes

    @classmethod
    def from_query(
        cls, puzzle: Puzzle, query: Mapping[str, str], marks: Position | None
    ) -> PlayState:
        """The game a play link's `query` holds on `puzzle`, its `marks=` already read (the
        link's canonical spelling is the route's business); UnusableNotes or PuzzleError (of
        the progress) saying what cannot be used, 400 for a bad time."""
        return cls._read(
            puzzle,
            query,
            marks,
            candidates=query.get("candidates", "1" if marks is not None else "0") == "1",
            autoclear=query.get("autoclear") != "0",
            show_timer=query.get("timer") != "0",
        )

    @classmethod
    def opened(cls, progress: Progress, notes: Position) -> PlayState:
        """The game a link with only `progress` and `notes` opens: every setting at its
        default (the candidates on show when there are notes)."""
        return cls(progress, notes, candidates=bool(encode_marks(notes)))

    @classmethod
    def from_form(cls, puzzle: Puzzle, form: Mapping[str, str]) -> PlayState:
        """The game the play form sends back (before its entries): as from_query, but its
        settings are checkboxes, sent only when ticked once the form has `settings`."""
        try:
            marks = read_marks(puzzle, form.get("marks", ""))
        except PuzzleError as error:
            raise UnusableNotes(error.message) from error
        unticked = "settings" not in form
        return cls._read(
            puzzle,
            form,
            marks,
            candidates=form.get("candidates") == "1",
            autoclear=unticked or form.get("autoclear") == "1",
            show_timer=unticked or form.get("timer") == "1",
        )

    @classmethod
    def _read(
        cls,
        puzzle: Puzzle,
        query: Mapping[str, str],
        marks: Position | None,
        **settings: bool,
    ) -> PlayState:
        """The state in `query` with the `settings` its reader worked out."""
        notes = marks if marks is not None else no_notes(puzzle)
        try:
            noted = read_noted(notes, query.get("noted", ""))
        except PuzzleError as error:
            raise UnusableNotes(error.message) from error
        text = query.get("progress", "")
        refuse_long_progress(text)
        progress = read_progress(puzzle, text)
        try:
            corner, centre, colours = (
                read_cell_marks(field, query.get(field, ""), puzzle.cells, puzzle.shape)
                for field in CELL_MARKS
            )
        except PuzzleError as error:
            raise UnusableNotes(error.message) from error
        return cls(
            progress,
            notes,
            noted,
            seconds=seconds_in(query.get("time")),
            corner=corner,
            centre=centre,
            colours=colours,
            notes_mode=query.get("notes") == "1",
            **settings,
        )

    def but(self, **changes: Any) -> PlayState:
        """The same game with `changes`."""
        return replace(self, **changes)

    @property
    def marks_code(self) -> str:
        """The notes as the link's `marks=` writes them ("" for none)."""
        return encode_marks(self.notes)

    @property
    def noted_code(self) -> str:
        """The cells noted in full as the link's `noted=` writes them."""
        return noted_code(self.noted, self.progress.puzzle.size)

    def cell_marks_query(self) -> dict[str, str | None]:
        """The corner and centre marks and colours as the link writes them (None: none)."""
        size = self.progress.puzzle.size
        return {
            field: cell_marks_code(field, getattr(self, field), size) or None
            for field in CELL_MARKS
        }

    def to_query(self, asked: Mapping[str, int] | None = None) -> dict[str, Any]:
        """The query of the link that continues this game, with what the player `asked`
        (check=1, hint=2) in it; None values are left out of a link."""
        marks, noted = self.marks_code, self.noted_code
        query: dict[str, Any] = {"progress": self.progress.code, "marks": marks or None}
        query.update(asked or {})
        query["noted"] = noted or None
        if (marks or noted) and not self.candidates:
            query["candidates"] = 0  # a game with notes shows the candidates unless told not to
        elif self.candidates:
            query["candidates"] = 1
        if self.notes_mode:
            query["notes"] = 1
        if not self.autoclear:
            query["autoclear"] = 0
        return query | self.cell_marks_query() | self._timer_query()

    def share_query(self) -> dict[str, Any]:
        """The query of the link that shares this game (the page's own links)."""
        marks, noted = self.marks_code or None, self.noted_code or None
        query: dict[str, Any] = {"progress": self.progress.code, "marks": marks, "noted": noted}
        if (marks or noted) and not self.candidates:
            query["candidates"] = 0
        elif self.candidates and not marks:
            query["candidates"] = 1
        if not self.autoclear:
            query["autoclear"] = 0
        return query | self.cell_marks_query() | self._timer_query()

    def _timer_query(self) -> dict[str, Any]:
        """The query that keeps the game's time and whether its clock is on show."""
        query: dict[str, Any] = {"time": self.seconds} if self.seconds else {}
        if not self.show_timer:
            query["timer"] = 0
        return query
