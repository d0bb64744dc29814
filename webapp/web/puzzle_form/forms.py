"""The puzzle form: one field per cell, a paste box and a file upload, checked on the server."""

from __future__ import annotations

from functools import cache
from typing import Any

from werkzeug.datastructures import FileStorage
from wtforms import Field, FileField, Form, HiddenField, StringField, TextAreaField
from wtforms.validators import AnyOf, ValidationError

from ...sudoku import SHAPES, Conflict, Grid, Puzzle, PuzzleError, Shape, find_conflicts, parse
from ...sudoku.alphabet import ALPHABETS, STANDARD, alphabet_of, fits, spelled, spelled_shape
from ...sudoku.batch import Entry, read_batch
from ...sudoku.links import read_link
from ...sudoku.logic import Position, looks_like_pencil_marks, parse_pencil_marks, position_of
from ...sudoku.parse import read
from ...sudoku.puzzle import CLASSIC, Rules
from ...sudoku.whole_numbers import read_whole_number
from .cage_fields import cage_data, cage_field_names, cage_fields
from .region_fields import (
    VARIANT_CHOICES,
    VARIANT_MESSAGE,
    read_rules,
    region_data,
    region_field_names,
    region_fields,
)

DEFAULT_SIZE = 9
SIZE_CHOICES = tuple(str(size) for size in SHAPES)
SIZE_MESSAGE = "There is no grid of that size: choose 4, 6, 9, 12, 16 or 25"
# The paste form says where it comes from: an empty paste box is a question unanswered,
# while an empty grid from the grid form is a puzzle (one with very many solutions).
PASTE_SOURCE = "paste"
NOTHING_PASTED = "Paste a puzzle or choose a file to upload"
# A grid without givens: every filled grid solves it, which helps no one.
NO_GIVENS = "The grid has no givens: type the puzzle's givens into its cells, or paste it below"
# "" tells the alphabet from the puzzle (parse.py); the others say which it is.
ALPHABET_CHOICES = ("", *ALPHABETS)
ALPHABET_MESSAGE = "Symbols: choose to tell them from the puzzle, 1-9 then A-P, or 0-F"


def _stripped(value: str | None) -> str:
    """The text of a field without surrounding spaces; "" when it was not sent."""
    return value.strip() if isinstance(value, str) else ""


class CellSymbol:
    """Validator: a cell holds one symbol of its grid's size, or is blank."""

    def __init__(self, shape: Shape) -> None:
        kind = "digit" if shape.digits_only else "symbol"
        self.allowed = f"{kind} from {shape.symbols[0]} to {shape.symbols[-1]}"
        self.symbols = shape.symbols

    def __call__(self, form: Form, field: Field) -> None:
        text = field.data
        if text and (len(text) > 1 or text.upper() not in self.symbols):
            shown = text if len(text) <= 10 else text[:10] + "…"
            raise ValidationError(f"{field.name}: {shown!r} is not a {self.allowed}")


class PuzzleForm(Form):
    """What every size of the form shares: the size, the paste box and the upload."""

    shape: Shape
    cell_names: tuple[str, ...]

    size = StringField(default=str(DEFAULT_SIZE), validators=[AnyOf(SIZE_CHOICES, SIZE_MESSAGE)])
    alphabet = StringField(
        "Symbols", filters=[_stripped], validators=[AnyOf(ALPHABET_CHOICES, ALPHABET_MESSAGE)]
    )
    puzzle = TextAreaField("Puzzle text", filters=[_stripped])
    upload = FileField("Or upload a text file")
    source = HiddenField(filters=[_stripped])
    variant = StringField(
        "Variant",
        default="classic",
        filters=[_stripped],
        validators=[AnyOf(VARIANT_CHOICES, VARIANT_MESSAGE)],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.uploaded = ""
        self.found: Puzzle | None = None  # the puzzle it holds, when it holds one
        self.batch: tuple[Entry, ...] | None = None  # several puzzles, one a line
        self.position: Position | None = None  # a pasted pencil-mark grid's
        self.conflicts: tuple[Conflict, ...] = ()
        self.written_in = alphabet_of(self.shape)
        self.rules: Rules | None = CLASSIC  # the variant's, None when its map is wrong
        self.region_problem_fields: list[str] = []  # the region a map's problem is about
        self.cage_problem_fields: list[str] = []  # the cage a cage map's problem is about

    def validate_upload(self, field: FileField) -> None:
        """Read an uploaded file as text; one source at a time."""
        if not isinstance(field.data, FileStorage) or not field.data.filename:
            return
        try:
            self.uploaded = field.data.read().decode("utf-8-sig").strip()
        except UnicodeDecodeError:
            raise ValidationError("Uploaded file: it is not a plain text file") from None
        if self.uploaded and self.puzzle.data:
            raise ValidationError("Paste a puzzle or upload a file, not both")

    def cell_fields(self) -> list[Field]:
        """The cell fields in reading order."""
        return [self[name] for name in self.cell_names]

    def region_fields(self) -> list[Field]:
        """The region map's fields in reading order (none for a size no Jigsaw takes)."""
        return [self[name] for name in region_field_names(self.shape)]

    def cage_fields(self) -> list[Field]:
        """The cage map's fields in reading order (none for a size no Killer form takes)."""
        return [self[name] for name in cage_field_names(self.shape)]

    def cells_grid(self) -> Grid:
        """The grid the cell fields spell; a cell that holds no symbol counts as blank."""
        symbols = self.shape.symbols
        texts = [field.data.upper() for field in self.cell_fields()]
        values = [symbols.index(t) + 1 if len(t) == 1 and t in symbols else 0 for t in texts]
        return Grid(self.shape, tuple(values))


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
        except PuzzleError:
            raise marks_error from None
        return None


@cache
def form_class(size: int, alphabet: str = STANDARD) -> type[PuzzleForm]:
    """The form for a size x size grid whose cells are typed in `alphabet`: fields r1c1 ..
    rNcN in reading order."""
    shape = spelled_shape(SHAPES[size], alphabet)
    places = [(row, col) for row in range(1, size + 1) for col in range(1, size + 1)]
    names = tuple(f"r{row}c{col}" for row, col in places)
    fields = {
        name: StringField(
            f"Row {row}, column {col}", filters=[_stripped], validators=[CellSymbol(shape)]
        )
        for name, (row, col) in zip(names, places, strict=True)
    }
    fields.update(region_fields(shape, _stripped))
    fields.update(cage_fields(shape, _stripped))
    name = f"PuzzleForm{size}{alphabet.capitalize()}"
    return type(name, (PuzzleForm,), {"shape": shape, "cell_names": names, **fields})


def filled_form(grid: Grid, alphabet: str = STANDARD, rules: Rules = CLASSIC) -> PuzzleForm:
    """A form of the grid's size with its cells filled in, in `alphabet`, and the variant
    of `rules` chosen, its region map and cage map filled in."""
    cls = form_class(grid.size, alphabet)
    symbols = spelled(grid, alphabet).symbols
    data = {"size": str(grid.size), "alphabet": "" if alphabet == STANDARD else alphabet}
    data |= region_data(grid.shape, rules) | cage_data(grid.shape, rules)
    form = cls(data={**data, **dict(zip(cls.cell_names, symbols, strict=True))})
    form.rules = rules
    return form


def needs_givens(puzzle: Puzzle) -> bool:
    """True for a grid without givens that no cages make a puzzle of (a Killer needs none)."""
    return puzzle.givens == 0 and not puzzle.rules.cages


def ask_for_givens(form: PuzzleForm) -> None:
    """Say that the form's puzzle has no givens, on the grid's first cell, where typing
    starts (a pasted grid of blanks comes back as the form's grid too)."""
    form.found = None
    first = form.cell_fields()[0]
    first.errors = [*first.errors, NO_GIVENS]


def read_form(formdata: Any, shown_in: str | None = None) -> PuzzleForm:
    """The form filled from `formdata` and checked: `form.found` is set when it holds a puzzle.

    A pasted or uploaded puzzle is used instead of the cells, read in the alphabet the form
    names (told from the text when it names none); when it can be read, the form comes back at
    that puzzle's size with its cells filled in, in the alphabet it was written in
    (`form.written_in`). `shown_in`: the text is a share code, always standard, to be shown
    in that alphabet (a result page's edit link). Several puzzles, one a line, come back
    as `form.batch` (sudoku/batch.py); a pencil-mark grid, or a link with candidates, as
    `form.position`. The paste form (source=paste) sent with nothing in it asks for a
    puzzle. Clashing givens are found even when other cells are wrong, so that one round
    trip shows every problem.
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
        return form
    if not text:
        form.rules = read_rules(form)
        if form.rules is None:
            return form
        puzzle = Puzzle(form.cells_grid(), form.rules)
    elif not valid:
        return form
    else:
        try:
            form.batch = read_batch(text)
            if form.batch is not None:
                return form  # the caller answers a batch (batch_answer.py)
            form.position = None if shown_in else _position(text)
            if form.position is not None:
                return form  # the caller opens the position's page (marks.py)
            puzzle, written_in = read(text, STANDARD if shown_in else form.alphabet.data or None)
        except PuzzleError as error:
            source, where = (
                (form.upload, "Uploaded file") if form.uploaded else (form.puzzle, "Pasted puzzle")
            )
            source.errors = [*source.errors, f"{where}: {error.message}"]
            return form
        if shown_in and not fits(puzzle.shape, shown_in):
            form.puzzle.errors = [
                *form.puzzle.errors,
                f"The link asks for the {shown_in} alphabet, which a {puzzle.shape.name} puzzle"
                " cannot be written in",
            ]
            return form
        alphabet = shown_in or written_in
        form = filled_form(puzzle.grid, alphabet, puzzle.rules)
        puzzle = puzzle.with_grid(spelled(puzzle.grid, alphabet))
    form.conflicts = find_conflicts(puzzle)
    if form.conflicts:
        form.puzzle.data = text  # keep what was pasted beside the marked grid
    elif valid:
        form.found = puzzle
    return form
