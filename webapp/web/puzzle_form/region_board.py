"""The region map and a Killer's cage map as the form shows them: a grid of fields, one
label a cell, drawn with thick lines where the labels change (so a map reads as regions or
cages before it is sent), and the variant menu and what the script is told about each
variant's units."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from wtforms import Field

from ...sudoku import PuzzleError, Shape, standard_geometry
from ...sudoku.cage_input import NO_CAGE
from ..grid_table import Board, Cell, cell
from ..variant_drawing import Drawn, region_edges
from .region_fields import (
    REGION_TITLE,
    chosen_words,
    names_jigsaw,
    names_killer,
    variant_choices,
    variant_kinds,
)


@dataclass(frozen=True)
class VariantChoice:
    """One entry of the variant menu."""

    value: str
    words: str
    chosen: bool
    regions: bool  # it takes a region map
    cages: bool  # it takes a cage map


def variant_menu(shape: Shape, chosen: str) -> tuple[VariantChoice, ...]:
    """The variants the form offers for `shape`, `chosen` selected (kept even where it does
    not fit, so the form says what was asked)."""
    values = variant_choices(shape)
    if chosen not in values and _named(chosen):
        values = (*values, chosen)
    return tuple(
        VariantChoice(v, chosen_words(v), v == chosen, is_jigsaw_choice(v), is_killer_choice(v))
        for v in values
    )


def _named(value: str) -> bool:
    """True when `value` names rules the engine reads (the menu keeps one it does not offer,
    as a share code's rules fill the form, so the form says what was asked)."""
    try:
        chosen_words(value)
    except PuzzleError:
        return False
    return True


def is_jigsaw_choice(value: str) -> bool:
    """True for a variant that needs a region map."""
    return names_jigsaw(value)


def is_killer_choice(value: str) -> bool:
    """True for a variant that needs a cage map."""
    return names_killer(value)


def region_board(
    shape: Shape, fields: Sequence[Field], notes: Mapping[str, Sequence[str]]
) -> Board[Cell] | None:
    """The region fields as a board (None for a size whose map the form does not take),
    each marked with the problems `notes` lists for its id."""
    labels = [(field.data or "").upper() for field in fields]
    caption = f"Region map, {shape.name}: one label a cell; the same label, the same region"
    return _map_board(shape, fields, notes, labels, caption, "Region label")


def cage_board(
    shape: Shape, fields: Sequence[Field], notes: Mapping[str, Sequence[str]]
) -> Board[Cell] | None:
    """The cage map's fields as a board (None for a size whose map the form does not take),
    each marked with the problems `notes` lists for its id."""
    labels = [field.data or NO_CAGE for field in fields]
    caption = f"Cage map, {shape.name}: the same label, the same cage; blank or . for none"
    return _map_board(shape, fields, notes, labels, caption, "Cage label")


def _map_board(
    shape: Shape,
    fields: Sequence[Field],
    notes: Mapping[str, Sequence[str]],
    labels: list[str],
    caption: str,
    what: str,
) -> Board[Cell] | None:
    """A map's fields laid out as one band, each called `what` and its place, marked with
    its problems, thick lines where the `labels` change; None without fields."""
    if not fields:
        return None
    cells = []
    for index, field in enumerate(fields):
        shown = cell(shape, index, field.data or "", described_by=" ".join(notes.get(field.id, ())))
        row, col = divmod(index, shape.size)
        cells.append(
            replace(shown, name=field.id, label=f"{what}, row {row + 1}, column {col + 1}")
        )
    n = shape.size
    rows = tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
    drawn = tuple(Drawn(" ".join(edges)) for edges in region_edges(n, labels))
    return Board(shape, caption, (rows,), (n,), standard_geometry(shape), drawn)


def typed_regions_board(
    shape: Shape, caption: str, cells: Sequence[Cell], labels: Sequence[str]
) -> Board[Cell]:
    """The grid of givens drawn with the regions of a Jigsaw's map as typed (one the server
    could not take: its rules are unknown, so its lines come from the labels), not boxes."""
    n = shape.size
    edged = [
        replace(shown, classes=" ".join([shown.classes, *edges]).strip())
        for shown, edges in zip(cells, region_edges(n, labels), strict=True)
    ]
    rows = tuple(tuple(edged[r * n : (r + 1) * n]) for r in range(n))
    return Board(shape, caption, (rows,), (n,), standard_geometry(shape))


def form_island(island: dict[str, Any], shape: Shape) -> dict[str, Any]:
    """What grid.js is told about the form's board: the units of every variant on offer
    (`island`, made for rows, columns, boxes, diagonals and windows) and, for each, the
    kinds of unit that apply (`variantKinds`), so its clash marks follow the menu, and how
    a Jigsaw's region made from the map is called (`regionTitle`)."""
    return {**island, "variantKinds": variant_kinds(shape), "regionTitle": REGION_TITLE}
