"""Reading the puzzle form: what was sent comes back as one of five values, a puzzle, a
batch of puzzles, a pencil-mark position, this site's own link (where it points), or the
form with its problems, which the caller answers each in its own way (site/routes.py). The
form itself carries only its fields and their messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...sudoku import SHAPES, Conflict, Puzzle, PuzzleError, find_conflicts, parse
from ...sudoku.alphabet import ALPHABETS, STANDARD, fits, spelled
from ...sudoku.batch import Entry, read_batch
from ...sudoku.links import read_link
from ...sudoku.logic import Position, looks_like_pencil_marks, parse_pencil_marks, position_of
from ...sudoku.parse import read
from ...sudoku.puzzle import CLASSIC, Rules
from ...sudoku.whole_numbers import read_whole_number
from .forms import (
    DEFAULT_SIZE,
    NO_GIVENS,
    NOTHING_PASTED,
    PASTE_SOURCE,
    PuzzleForm,
    filled_form,
    form_class,
)
from .own_links import own_link
from .region_fields import read_rules


@dataclass(frozen=True)
class PuzzleFound:
    """The form holds a puzzle without clashes: `form` is filled in with it, in the alphabet
    it was written in (`form.written_in`)."""

    form: PuzzleForm
    puzzle: Puzzle

    @property
    def rules(self) -> Rules:
        """The rules the form's maps are drawn with: the puzzle's."""
        return self.puzzle.rules


@dataclass(frozen=True)
class BatchFound:
    """Several puzzles were pasted or uploaded, one a line (sudoku/batch.py)."""

    form: PuzzleForm
    entries: tuple[Entry, ...]
    rules: Rules = CLASSIC


@dataclass(frozen=True)
class PositionFound:
    """A pencil-mark grid, or another site's link with candidates, was pasted."""

    form: PuzzleForm
    position: Position
    rules: Rules = CLASSIC


@dataclass(frozen=True)
class LinkFound:
    """One of this site's own links was pasted: `location` is where it points here."""

    form: PuzzleForm
    location: str
    rules: Rules = CLASSIC


@dataclass(frozen=True)
class FormProblems:
    """The form to be shown again: its fields hold what is wrong (none for an empty form),
    `conflicts` the givens that clash, `rules` the variant as far as it was read (None when
    its map is wrong)."""

    form: PuzzleForm
    rules: Rules | None = CLASSIC
    conflicts: tuple[Conflict, ...] = ()


FormRead = PuzzleFound | BatchFound | PositionFound | LinkFound | FormProblems


def needs_givens(puzzle: Puzzle) -> bool:
    """True for a grid without givens that no cages make a puzzle of (a Killer needs none)."""
    return puzzle.givens == 0 and not puzzle.rules.cages


def asked_for_givens(found: PuzzleFound) -> FormProblems:
    """The form of a puzzle without givens, saying so on the grid's first cell, where typing
    starts (a pasted grid of blanks comes back as the form's grid too)."""
    first = found.form.cell_fields()[0]
    first.errors = [*first.errors, NO_GIVENS]
    return FormProblems(found.form, found.puzzle.rules)


def read_form(formdata: Any, shown_in: str | None = None) -> FormRead:
    """The form filled from `formdata` and checked, and what it holds.

    A pasted or uploaded puzzle is used instead of the cells, read in the alphabet the form
    names (told from the text when it names none); when it can be read, the form comes back at
    that puzzle's size with its cells filled in, in the alphabet it was written in
    (`form.written_in`). `shown_in`: the text is a share code, always standard, to be shown
    in that alphabet (a result page's edit link). Several puzzles, one a line, come back
    as a BatchFound; a pencil-mark grid, or a link with candidates, as a PositionFound. The
    paste form (source=paste) sent with nothing in it asks for a puzzle. Clashing givens
    are found even when other cells are wrong, so that one round trip shows every problem.
    """
    asked = read_whole_number(formdata.get("size", str(DEFAULT_SIZE)), 2)
    size = asked if asked is not None and asked in SHAPES else DEFAULT_SIZE
    chosen = formdata.get("alphabet", "")
    typed_in = chosen if chosen in ALPHABETS and fits(SHAPES[size], chosen) else STANDARD
    form = form_class(size, typed_in)(formdata)
    valid = form.validate()
    text = form.uploaded or form.puzzle.data
    if not text and form.source.data == PASTE_SOURCE:
        if not form.upload.errors:
            form.puzzle.errors = [*form.puzzle.errors, NOTHING_PASTED]
        return FormProblems(form)
    if not text:
        rules = read_rules(form)
        if rules is None:
            return FormProblems(form, None)
        puzzle = Puzzle(form.cells_grid(), rules)
    elif not valid:
        return FormProblems(form)
    else:
        try:
            location = None if shown_in else own_link(text)
            if location is not None:
                return LinkFound(form, location)  # on to that page, rules, progress and all
            entries = read_batch(text)
            if entries is not None:
                return BatchFound(form, entries)  # the caller answers a batch (batch_answer.py)
            position = None if shown_in else _position(text)
            if position is not None:
                return PositionFound(form, position)  # on to the position's page (marks.py)
            puzzle, written_in = read(text, STANDARD if shown_in else form.alphabet.data or None)
        except PuzzleError as error:
            source, where = (
                (form.upload, "Uploaded file") if form.uploaded else (form.puzzle, "Pasted puzzle")
            )
            source.errors = [*source.errors, f"{where}: {error.message}"]
            return FormProblems(form)
        if shown_in and not fits(puzzle.shape, shown_in):
            form.puzzle.errors = [
                *form.puzzle.errors,
                f"The link asks for the {shown_in} alphabet, which a {puzzle.shape.name} puzzle"
                " cannot be written in",
            ]
            return FormProblems(form)
        alphabet = shown_in or written_in
        form = filled_form(puzzle.grid, alphabet, puzzle.rules)
        puzzle = puzzle.with_grid(spelled(puzzle.grid, alphabet))
    conflicts = find_conflicts(puzzle)
    if conflicts:
        form.puzzle.data = text  # keep what was pasted beside the marked grid
        return FormProblems(form, puzzle.rules, conflicts)
    if not valid:
        return FormProblems(form, puzzle.rules)
    return PuzzleFound(form, puzzle)


def _position(text: str) -> Position | None:
    """The position `text` writes when it is a pencil-mark grid or another site's link with
    candidates (SudokuWiki's packed board), else None. A grid of numbers between spaces (a
    16x16 with 10 to 16) has as many words as cells too: when the text is not pencil marks
    but reads as a puzzle, it is the puzzle; when it is neither, the pencil-mark reading
    says what is wrong."""
    linked = read_link(text)
    if linked is not None:
        if not linked.candidates:
            return None
        return position_of(Puzzle(linked.solved, linked.rules), linked.candidates)
    if not looks_like_pencil_marks(text):
        return None
    try:
        return parse_pencil_marks(text)
    except PuzzleError as marks_error:
        try:
            parse(text)
        except PuzzleError as grid_error:
            # A grid error that names a cell read the text as a grid of the right count
            # (16 rows of 16 are a 16x16, never sixteen groups of 4x4 candidates).
            raise (grid_error if grid_error.cells else marks_error) from None
        return None
