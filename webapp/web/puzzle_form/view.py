"""The puzzle form as a page shows it: its grid, variant menu, region and cage maps, paste box,
and every problem listed once and marked on the fields it concerns."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...records.json_types import JsonObject
from ...sudoku import SHAPES, Conflict
from ...sudoku.alphabet import HEX, STANDARD
from ...sudoku.geometry import EXTRA_UNITS, geometry_of
from ...sudoku.place import Place
from ...sudoku.puzzle import MARKED_UP_TO
from ...sudoku.rule_text import notation_hint, notation_kinds, notation_title
from ...wording import (
    conflict_message,
)
from ..board_island import board_island
from ..grid_table import Board, Cell, board, cell
from .cage_fields import SUMS_FIELD
from .forms import PuzzleForm
from .reading import FormProblems, FormRead
from .region_board import (
    VariantChoice,
    cage_board,
    form_island,
    is_jigsaw_choice,
    is_killer_choice,
    region_board,
    typed_regions_board,
    variant_menu,
)
from .region_fields import LABELS, REGION, REGION_TITLE

# The paste box's choice of symbols, as its menu says them.
ALPHABET_CHOICE_WORDS = {
    "": "Tell from the puzzle",
    STANDARD: "1–9, then A–P",
    HEX: "0–9 and A–F (Hexadoku, 16×16)",
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: `id` for aria-describedby, `target` the field to fix."""

    id: str
    message: str
    target: str = ""


@dataclass(frozen=True)
class FieldView:
    """A paste box or upload as shown: what it holds and the messages about it."""

    value: str
    invalid: bool
    described_by: str


@dataclass(frozen=True)
class FormPage:
    """The puzzle form as shown: the grid, the sizes to pick from and what is wrong."""

    board: Board[Cell]
    problems: tuple[Problem, ...]
    puzzle: FieldView
    upload: FieldView
    notice: str = ""
    sizes: tuple[int, ...] = tuple(SHAPES)
    cells_alphabet: str = ""  # the alphabet the grid's cells are typed in ("" standard)
    alphabets: tuple[tuple[str, str, bool], ...] = ()  # the paste box's: value, words, chosen
    variants: tuple[VariantChoice, ...] = ()
    variant_invalid: str = ""  # the problems about the variant menu, for aria-describedby
    regions: Board[Cell] | None = None  # the region map's fields
    regions_open: bool = False  # the region map shown unfolded: a Jigsaw is chosen
    region_labels: str = ""  # the labels regions.js offers to paint with, one a region
    cages: Board[Cell] | None = None  # the cage map's fields
    cages_open: bool = False  # the cage map shown unfolded: a Killer is chosen
    cage_sums: FieldView | None = None  # the cage map's sums field
    island: JsonObject = field(default_factory=dict)  # what grid.js is told of the board
    pair_marks: str = ""  # the marks kept of the puzzle the form was filled with (forms.py)
    # The marks and lines typed (sudoku/rule_text.py); none on a grid larger than marks are
    # drawn on, unless some were sent (their problem is then shown on the field).
    rule_marks: FieldView | None = None
    rule_marks_title: str = ""  # what their fold is called, the kinds it takes by name
    rule_marks_hint: str = ""  # how they are typed
    rule_mark_kinds: tuple[tuple[str, str, str], ...] = ()  # what rule_marks.js offers
    marks_named: str = ""  # what they are, in words: "Kropki dots and XV"

    @property
    def heading(self) -> str:
        """The page's title and its <h1>: what the person is asked to do."""
        return "Fix the puzzle" if self.problems else "Solve a Sudoku"


def form_page(read: FormRead, notice: str = "", about_request: Iterable[str] = ()) -> FormPage:
    """The form as read, with every problem listed once and marked on the fields it concerns.

    `about_request` are problems with the request itself (a share link's code) that no
    field holds; they come first.
    """
    form = read.form
    conflicts = read.conflicts if isinstance(read, FormProblems) else ()
    problems: list[Problem] = []
    notes: dict[str, list[str]] = defaultdict(list)

    def report(message: str, names: Iterable[str] = ()) -> None:
        names = list(names)
        problem = Problem(f"problem-{len(problems) + 1}", message, names[0] if names else "")
        problems.append(problem)
        for name in names:
            notes[name].append(problem.id)

    for message in (*about_request, *form.size.errors, *form.alphabet.errors):
        report(message)
    for message in form.variant.errors:
        report(message, [form.variant.id])
    for shown in form.cell_fields():
        for message in shown.errors:
            report(message, [shown.id])
    in_region = form.region_problem_fields
    for shown in form.region_fields():
        for message in shown.errors:
            report(message, in_region if shown.id in in_region else [shown.id])
    in_cage = form.cage_problem_fields
    for shown in form.cage_fields():
        for message in shown.errors:
            report(message, in_cage if shown.id in in_cage else [shown.id])
    sums = form[SUMS_FIELD] if form.cage_fields() else None
    if sums is not None:
        for message in sums.errors:
            report(message, [sums.id])
    for message in form.rule_marks.errors:
        report(message, [form.rule_marks.id])
    for conflict in conflicts:
        title = region_title(form, conflict)  # a Jigsaw's region by its label, as typed
        report(conflict_message(conflict, title), (Place(*place).name for place in conflict.cells))
    for pasted in (form.puzzle, form.upload):
        for message in pasted.errors:
            report(message, [pasted.id])

    shape = form.shape
    # "clash" marks a cell the script may unmark once the clash is fixed (it marks live ones so).
    clashing = {Place(*place).name for conflict in conflicts for place in conflict.cells}
    cells = [
        cell(
            shape,
            index,
            typed.data or "",
            "clash" if typed.id in clashing else "",
            described_by=" ".join(notes[typed.id]),
        )
        for index, typed in enumerate(form.cell_fields())
    ]
    caption = f"{shape.name} puzzle: type the givens, leave the other cells blank"
    geometry = read.rules.geometry(shape) if read.rules is not None else None
    # The script is told every unit a variant on offer may add, and which apply to each.
    offered = tuple(letter for letter, kind in EXTRA_UNITS.items() if kind.unfit(shape) is None)
    island = board_island(geometry_of(shape, offered), shape.symbols)
    variant = form.variant.data or "classic"
    shown_board = board(shape, caption, cells, geometry)
    if geometry is None and is_jigsaw_choice(variant) and form.region_fields():
        typed = [(field.data or "").upper() for field in form.region_fields()]
        shown_board = typed_regions_board(shape, caption, cells, typed)
    return FormPage(
        board=shown_board,
        problems=tuple(problems),
        puzzle=_field(form.puzzle.data or "", ["puzzle-hint", *notes["puzzle"]]),
        upload=_field("", notes["upload"]),
        notice=notice,
        cells_alphabet="" if form.written_in == STANDARD else form.written_in,
        alphabets=tuple(
            (value, words, value == form.alphabet.data)
            for value, words in ALPHABET_CHOICE_WORDS.items()
        ),
        variants=variant_menu(shape, variant),
        variant_invalid=" ".join(notes[form.variant.id]),
        regions=region_board(shape, form.region_fields(), notes),
        regions_open=is_jigsaw_choice(variant) or bool(in_region),
        region_labels=LABELS[: shape.size],
        cages=cage_board(shape, form.cage_fields(), notes),
        cages_open=is_killer_choice(variant) or bool(in_cage) or bool(sums and sums.errors),
        cage_sums=_field(sums.data or "", ["cage-sums-hint", *notes[sums.id]]) if sums else None,
        island=form_island(island, shape),
        pair_marks=form.pair_marks.data or "",
        rule_marks=_field(
            form.rule_marks.data or "", ["rule-marks-hint", *notes[form.rule_marks.id]]
        )
        if shape.size <= MARKED_UP_TO or form.rule_marks.data
        else None,
        rule_marks_title=notation_title(),
        rule_marks_hint=notation_hint(),
        rule_mark_kinds=notation_kinds(),
        marks_named=" and ".join(read.rules.mark_names) if read.rules else "",
    )


def region_title(form: PuzzleForm, conflict: Conflict) -> str:
    """ "Region A": a clash in a Jigsaw's region named by the label its cells have in the
    form's map (as the script names it live); "" for a clash in any other unit."""
    fields = form.region_fields()
    if conflict.unit != REGION or not fields or not conflict.cells:
        return ""
    row, col = conflict.cells[0]
    label = (fields[(row - 1) * form.shape.size + col - 1].data or "").upper()
    return REGION_TITLE.format(label=label) if label else ""


def _field(value: str, described_by: list[str]) -> FieldView:
    """A field's state; it is invalid when a problem (not only a hint) describes it."""
    invalid = any(name.startswith("problem-") for name in described_by)
    return FieldView(value, invalid, " ".join(described_by))
