"""A grid laid out for a page: a table of cells whose rows and columns are grouped by box."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..records.json_types import JsonObject
from ..sudoku import Geometry, Grid, Puzzle, Shape, standard_geometry
from ..sudoku.place import Place
from .board_island import board_island
from .variant_drawing import Drawn, drawn_cells, is_jigsaw, rule_legend, variant_name

C = TypeVar("C")  # what a board's cells are: a form's inputs, a result's values, pencil marks

# What each class of a result cell means, in words a screen reader says after the symbol:
# the colours and weights a sighted reader goes by are CSS only.
NOTES = {
    "given": "given",
    "filled": "solved",
    "blank": "blank",
    "differs": "differs from the other solution",
    "unlike-first": "differs from solution 1",
    "conflict": "clashes with another given",
    "dead-end": "left with no possible value",
    "dead-end-unit": "in the unit left with no place for a value",
}


@dataclass(frozen=True)
class Cell:
    """One cell as a page shows it; `name` is both the input's name and its id."""

    name: str
    label: str
    symbol: str
    classes: str = ""
    invalid: bool = False
    described_by: str = ""
    locked: bool = False  # a given on the play page: shown in its field, not to be changed
    marks: tuple[str, ...] = ()  # pencil marks, one per value ("" where not a candidate)

    @property
    def note(self) -> str:
        """What the cell's classes mean, for a screen reader: "given", "solved, differs ..."."""
        return ", ".join(NOTES[name] for name in self.classes.split() if name in NOTES)


@dataclass(frozen=True)
class Board(Generic[C]):
    """A grid ready for a <table>: rows in bands of one box each, columns in colgroups (one
    of each for a Jigsaw, whose regions draw their own lines); `geometry` its units (rows,
    columns, boxes and any a variant adds), drawn on its cells (variant_drawing.py)."""

    shape: Shape
    caption: str
    bands: tuple[tuple[tuple[C, ...], ...], ...]
    column_groups: tuple[int, ...]
    geometry: Geometry
    drawn: tuple[Drawn, ...] = ()  # what each cell draws, when not its geometry's (a map typed)

    @property
    def size(self) -> int:
        """The number of rows and columns."""
        return self.shape.size

    @property
    def variant(self) -> str:
        """The variant its units make ("X-Sudoku"), "" for a classic board."""
        return variant_name(self.geometry)

    @property
    def legend(self) -> tuple[str, ...]:
        """The rules its cells do not show, each in a sentence said below the caption."""
        return rule_legend(self.geometry)

    @property
    def laid_out(self) -> tuple[tuple[tuple[tuple[C, Drawn], ...], ...], ...]:
        """The bands, each cell paired with what its variant draws on it (the template's)."""
        drawn = iter(self.drawn or drawn_cells(self.geometry))
        return tuple(
            tuple(tuple((cell, next(drawn)) for cell in row) for row in band) for band in self.bands
        )

    @property
    def size_class(self) -> str:
        """The CSS class that sizes the cells for this many columns."""
        return f"board-{self.size}"

    @property
    def inputmode(self) -> str:
        """Digits only up to 9x9; larger grids need letters too."""
        return "numeric" if self.shape.digits_only else "text"

    @property
    def island(self) -> JsonObject:
        """What grid.js is told about this board (board_island): its units, symbols, words."""
        return board_island(self.geometry, self.shape.symbols)


def place_of(shape: Shape, index: int) -> Place:
    """The (row, column) of a 0-based reading-order index."""
    return Place.of(index, shape.size)


def cell(shape: Shape, index: int, symbol: str, classes: str = "", described_by: str = "") -> Cell:
    """The cell at a 0-based reading-order index; described (by messages) means invalid."""
    place = place_of(shape, index)
    row, col = place
    return Cell(
        name=place.name,
        label=f"Row {row}, column {col}",
        symbol=symbol,
        classes=f"{classes} invalid".strip() if described_by else classes,
        invalid=bool(described_by),
        described_by=described_by,
    )


def board(
    shape: Shape, caption: str, cells: Sequence[C], geometry: Geometry | None = None
) -> Board[C]:
    """Lay cells out in reading order, grouped by box; the board obeys `geometry` (a puzzle's
    units), else the shape's rows, columns and boxes. A variant's board says its name after
    the caption ("The solution (X-Sudoku)")."""
    geometry = geometry or standard_geometry(shape)
    n = shape.size
    rows = [tuple(cells[r * n : (r + 1) * n]) for r in range(n)]
    # A Jigsaw has no boxes: one band and one column group, and no lines between boxes.
    band_rows, group_cols = (n, n) if is_jigsaw(geometry) else (shape.box_rows, shape.box_cols)
    bands = tuple(tuple(rows[top : top + band_rows]) for top in range(0, n, band_rows))
    groups = (group_cols,) * (n // group_cols)
    name = variant_name(geometry)
    if name:
        caption = f"{caption} ({name})" if caption else name
    return Board(shape, caption, bands, groups, geometry)


def grid_board(
    puzzle: Puzzle,
    caption: str,
    filled: Grid | None = None,
    marked: Collection[tuple[int, int]] = (),  # places (row, column)
    mark: str = "",
) -> Board[Cell]:
    """The puzzle's givens set apart from the cells `filled` adds, `marked` cells tagged `mark`."""
    shape = puzzle.shape
    shown = (filled or puzzle.grid).symbols
    cells = []
    for index, given in enumerate(puzzle.cells):
        classes = "given" if given else ("filled" if shown[index] else "blank")
        if place_of(shape, index) in marked:
            classes += f" {mark}"
        cells.append(cell(shape, index, shown[index], classes))
    return board(shape, caption, cells, puzzle.geometry)
