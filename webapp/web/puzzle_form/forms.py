"""The puzzle form: one field per cell, a paste box and a file upload, checked on the server."""

from __future__ import annotations

from functools import cache
from typing import Any

from werkzeug.datastructures import FileStorage
from wtforms import Field, FileField, Form, HiddenField, StringField, TextAreaField
from wtforms.validators import AnyOf, ValidationError

from ...sudoku import SHAPES, Grid, Shape
from ...sudoku.alphabet import ALPHABETS, STANDARD, alphabet_of, spelled, spelled_shape
from ...sudoku.puzzle import CLASSIC, Rules
from ...sudoku.rule_text import rules_text
from ...wording import not_a_symbol
from .cage_fields import cage_data, cage_field_names, cage_fields
from .region_fields import (
    known_variant,
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
        self.message = not_a_symbol(shape.symbols)  # the board's script says it live the same
        self.symbols = shape.symbols

    def __call__(self, form: Form, field: Field) -> None:
        text = field.data
        if text and (len(text) > 1 or text.upper() not in self.symbols):
            shown = text if len(text) <= 10 else text[:10] + "…"
            raise ValidationError(self.message.format(cell=field.name, text=repr(shown)))


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
    # The marks of the puzzle the form was filled with (Kropki dots, X and V), which no
    # field shows: the marks' part of its share code (Rules.marks_code).
    pair_marks = HiddenField(filters=[_stripped])
    # The puzzle's marks and lines as typed (sudoku/rule_text.py): "W r1c1-r1c2".
    rule_marks = TextAreaField("Marks and lines", filters=[_stripped])
    variant = StringField(
        "Variant",
        default="classic",
        filters=[_stripped],
        validators=[known_variant],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.uploaded = ""
        self.written_in = alphabet_of(self.shape)
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
    data["rule_marks"] = rules_text(rules)
    return cls(data={**data, **dict(zip(cls.cell_names, symbols, strict=True))})
