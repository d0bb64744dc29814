"""The grid form filled with what a photo held: cells read with little confidence marked,
each with a note saying what to check, a line on how the read grid stands, and for a
Jigsaw its variant chosen and its region map filled."""

from __future__ import annotations

from dataclasses import dataclass, replace

from werkzeug.datastructures import MultiDict

from ...photo import GridStanding, PhotoReading, doubt_message, other_grids_message
from ...photo.record import regions_message
from ...sudoku.place import Place
from ..grid_table import Board, Cell
from ..puzzle_form.reading import FormRead, read_form
from ..puzzle_form.region_fields import region_data
from ..puzzle_form.view import FormPage, form_page

UNCERTAIN = "uncertain"


@dataclass(frozen=True)
class Doubt:
    """A note under the photo's reading: its id (a cell's aria-describedby) and words."""

    id: str
    message: str


@dataclass(frozen=True)
class PhotoView:
    """What the form page adds after a reading: how the grid stands, what to check, and
    whether the picture holds other grids (empty when not)."""

    standing: str
    doubts: tuple[Doubt, ...]
    others: str = ""
    regions: str = ""  # said when the thick lines were read as a Jigsaw's regions


def filled_form(reading: PhotoReading) -> FormRead:
    """The grid form filled with the grid read (a Jigsaw's variant and region map too),
    checked as a typed grid is (clashes found)."""
    fields = MultiDict({"size": str(reading.grid.size)})
    if reading.rules.regions:
        fields.update(region_data(reading.grid.shape, reading.rules))
    for row, values in enumerate(reading.grid.rows(), start=1):
        for column, value in enumerate(values, start=1):
            fields[Place(row, column).name] = str(value) if value else ""
    return read_form(fields)


def read_page(reading: PhotoReading, standing: GridStanding) -> tuple[FormPage, PhotoView]:
    """The form page for a reading and the view of its notes; uncertain cells marked."""
    page = form_page(filled_form(reading))
    doubts = {
        Place(cell.row, cell.column).name: Doubt(f"doubt-{i}", doubt_message(cell))
        for i, cell in enumerate(reading.uncertain, start=1)
    }
    board = _marked(page.board, doubts)
    view = PhotoView(
        standing.sentence,
        tuple(doubts.values()),
        other_grids_message(reading.other_grids),
        regions_message(reading.rules.regions),
    )
    return replace(page, board=board), view


def _marked(board: Board[Cell], doubts: dict[str, Doubt]) -> Board[Cell]:
    """The board with each doubted cell classed UNCERTAIN and described by its note."""

    def mark(cell: Cell) -> Cell:
        doubt = doubts.get(cell.name)
        if doubt is None:
            return cell
        described = f"{cell.described_by} {doubt.id}".strip()
        return replace(cell, classes=f"{cell.classes} {UNCERTAIN}".strip(), described_by=described)

    bands = tuple(tuple(tuple(mark(c) for c in row) for row in band) for band in board.bands)
    return replace(board, bands=bands)
