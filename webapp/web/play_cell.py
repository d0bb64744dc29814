"""One cell of a board played with Play's tools (templates/play_grid.html, static/play*.js):
the play page's board, and a Race player's own board (web/game/), which share the markup and
the scripts."""

from __future__ import annotations

from dataclasses import dataclass

from .pencil_board import Mark


@dataclass(frozen=True)
class PlayCell:
    """One cell of the play board: its field (`name` is the field's name and id; in notes
    mode an open cell's field holds its notes), its classes, and its notes drawn in a fixed
    mini-grid (one slot per value, "" where not noted; a hint's step marks some)."""

    name: str
    label: str
    symbol: str
    classes: str = ""
    locked: bool = False  # a given (or, in notes mode, a value): shown, not to be changed
    invalid: bool = False
    described_by: str = ""
    marks: tuple[Mark, ...] = ()
    notes_field: bool = False  # the field takes notes ("137"), not a value
    corner: tuple[str, ...] = ()  # its corner marks' symbols (cell_marks.py), in order
    centre: str = ""  # its centre marks' symbols
