"""The play form as sent: each open cell's entry, or in notes mode its notes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import request

from ...sudoku.progress import Progress
from ..grid_table import place_of
from .notes import full_cells, with_notes
from .state import PlayState


@dataclass(frozen=True)
class Unread:
    """A submission with entries that cannot be read: what was `entered` in each cell, and
    the `problems` by cell."""

    entered: Mapping[int, str]
    problems: Mapping[int, str]


def with_entries(before: PlayState) -> tuple[PlayState, Unread | None]:
    """The game `before` with the form's entries and notes in it, and what of them cannot be
    read (None when all can; the cells that cannot keep their values)."""
    entered, problems = entries(before.progress)
    readable = {cell: value for cell, (_, value) in entered.items() if cell not in problems}
    written, typed, noted_problems = noted(before.progress)
    problems.update(noted_problems)
    notes = with_notes(before.notes, written)
    # a field's notes replace the cell's: noted in full when they hold every candidate
    newly_full = full_cells(notes, (cell for cell, mask in written.items() if mask))
    state = before.but(
        progress=before.progress.with_values(readable),
        notes=notes,
        noted=before.noted - written.keys() | newly_full,
    )
    if not problems:
        return state, None
    texts = {cell: text for cell, (text, _) in entered.items()}
    texts.update(typed)
    return state, Unread(texts, problems)


def entries(progress: Progress) -> tuple[dict[int, tuple[str, int]], dict[int, str]]:
    """What the form sends for each open cell (its text and value; a cell not sent keeps
    its value), and, by cell, why an entry cannot be read."""
    shape = progress.puzzle.shape
    kind = "digit" if shape.digits_only else "symbol"
    entered: dict[int, tuple[str, int]] = {}
    problems: dict[int, str] = {}
    for cell in range(shape.cell_count):
        if progress.puzzle.cells[cell]:
            continue
        name = place_of(shape, cell).name
        if name not in request.form:
            continue
        text = request.form[name].strip()
        if text in ("", ".") or (text == "0" and "0" not in shape.symbols):
            entered[cell] = (text, 0)
        elif len(text) == 1 and text.upper() in shape.symbols:
            entered[cell] = (text.upper(), shape.symbols.index(text.upper()) + 1)
        else:
            shown = text if len(text) <= 10 else text[:10] + "…"
            entered[cell] = (text, 0)
            problems[cell] = (
                f"{name}: {shown!r} is not a {kind} from {shape.symbols[0]} to {shape.symbols[-1]}"
            )
    return entered, problems


def noted(progress: Progress) -> tuple[dict[int, int], dict[int, str], dict[int, str]]:
    """The notes the form sends in notes mode (field n-r1c1: symbols such as "137"; empty
    is no notes) of the open cells: as masks by cell, as typed, and, by cell, why a
    field's notes cannot be read."""
    shape = progress.puzzle.shape
    masks: dict[int, int] = {}
    typed: dict[int, str] = {}
    problems: dict[int, str] = {}
    for cell in range(shape.cell_count):
        name = place_of(shape, cell).name
        text = request.form.get(f"n-{name}")
        if text is None or progress.grid.cells[cell]:
            continue
        typed[cell] = text
        mask = 0
        bad = []
        for char in text.replace(" ", "").replace(",", "").upper():
            if char in shape.symbols:
                mask |= 1 << (shape.symbols.index(char) + 1)
            else:
                bad.append(char)
        if bad:
            shown = text if len(text) <= 30 else text[:30] + "…"
            problems[cell] = (
                f"{name}: the notes {shown!r} hold {bad[0]!r}; notes are symbols from"
                f" {shape.symbols[0]} to {shape.symbols[-1]}, such as {shape.symbols[:3]}"
            )
        elif ruled_out := given_clash(progress, cell, mask):
            problems[cell] = ruled_out
        else:
            masks[cell] = mask
    return masks, typed, problems


def given_clash(progress: Progress, cell: int, mask: int) -> str:
    """What the page says of notes (`mask`, bit 1 << value) in open `cell` that a given in
    its units rules out: "r1c6: 1 cannot be a note here, as r1c2 holds 1" ("" when none
    does). The script says the same when such a note is typed."""
    puzzle, shape = progress.puzzle, progress.puzzle.shape
    for value in range(1, shape.size + 1):
        if not mask >> value & 1:
            continue
        for peer in sorted(puzzle.geometry.peers[cell]):
            if puzzle.cells[peer] == value:
                symbol = shape.symbol(value)
                return (
                    f"{place_of(shape, cell).name}: {symbol} cannot be a note here,"
                    f" as {place_of(shape, peer).name} holds {symbol}"
                )
    return ""
