"""The combination helper for cells the player chooses, on any puzzle: the ways of making a
sum in them that the player's values and notes still allow, said as a cage's line is
("17 in 3: 1-7-9, 2-6-9; ruled out by your candidates: 3-5-9").

The cells and the sum come as text (?cells=r1c1 r1c2 r2c1&sum=17 on the play page, from
its small form without script; play_marks.js asks /play/<code>/sums with the cells chosen
on the board). What cannot be read is refused in words naming the field and the cell or
number at fault. Digits differ between cells that share a unit or a cage (the geometry's
peers); when the cells do not all see each other the line says which two do not, and the
engine (killer_combinations.py) lists the ways with a digit repeated between such cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...sudoku import PuzzleError
from ...sudoku.killer_combinations import spelled, sum_ways
from ...sudoku.place import Place
from ...sudoku.whole_numbers import read_whole_number
from ..cage_ways import board_candidates
from .state import PlayState

# The longest text of cell names read: a 25x25 grid's 25 cells as "r25c25 " take 175.
MOST_CELLS_TEXT = 200
# The longest sum shown back in its field: a 25x25 grid's sums take three digits.
MOST_SUM_TEXT = 12
# Names are parted by spaces, commas or plus signs ("r1c1 r1c2", "r1c1,r1c2", "r1c1+r1c2").
PARTS = re.compile(r"[\s,+]+")


@dataclass(frozen=True)
class SumLine:
    """What the helper says of the chosen cells: their `names` ("r1c1 r1c2 r2c1"), "17 in
    3", the ways still `possible` and those the candidates rule out ("1-7-9, 2-6-9"), and
    when a digit may repeat, which two cells share no unit (`repeats`)."""

    names: str
    sum_in: str
    possible: str
    ruled_out: str
    repeats: str = ""

    @property
    def text(self) -> str:
        """The whole line: "r1c1 r1c2 r1c3, 17 in 3: 1-7-9, 2-6-9; ruled out by your
        candidates: 3-5-9.", and the sentence on repeats when a digit may repeat."""
        line = f"{self.names}, {self.sum_in}: {self.possible}"
        if self.ruled_out:
            line += f"; ruled out by your candidates: {self.ruled_out}"
        return f"{line}. {self.repeats}" if self.repeats else f"{line}."


class SumRefused(PuzzleError):
    """The cells or the sum asked cannot be used: `message` says which field and why, and
    `field` is "cells" or "sum"."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def chosen_cells(size: int, text: str) -> tuple[int, ...]:
    """The cells (0-based, in the order named) that `text` names, such as "r1c1 r1c2";
    SumRefused naming the name at fault."""
    if len(text) > MOST_CELLS_TEXT:
        raise SumRefused(
            "cells", f"Cells: {len(text)} characters are too many; name at most {size} cells"
        )
    names = [name for name in PARTS.split(text.strip().lower()) if name]
    if not names:
        raise SumRefused("cells", "Cells: name the cells to add up, such as r1c1 r1c2 r2c1")
    if len(names) > size:
        raise SumRefused(
            "cells",
            f"Cells: {len(names)} cells are more than the {size} digits of a {size}x{size} grid",
        )
    cells: list[int] = []
    for name in names:
        place = Place.named(name)
        if place is None:
            raise SumRefused("cells", f"Cells: {name[:12]!r} is not a cell's name such as r1c1")
        if not place.within(size):
            raise SumRefused(
                "cells",
                f"Cells: {place.name} is not in this {size}x{size} grid (rows and columns 1"
                f" to {size})",
            )
        if place.cell(size) in cells:
            raise SumRefused("cells", f"Cells: {place.name} is named twice")
        cells.append(place.cell(size))
    return tuple(cells)


def chosen_total(text: str) -> int:
    """The sum `text` spells; SumRefused saying what it is instead."""
    total = read_whole_number(text.strip(), 3)
    if total is None:
        shown = f"{text.strip()[:12]!r} is not" if text.strip() else "give"
        raise SumRefused("sum", f"Sum: {shown} a whole number such as 17")
    return total


def played_board(state: PlayState) -> list[int]:
    """Each cell's candidates on the game `state` as the helpers take them: its value, else
    its notes among what the values allow."""
    puzzle, values = state.progress.puzzle, state.progress.grid.cells
    return board_candidates(puzzle, values, state.notes.candidates)


def sum_line(state: PlayState, cells_text: str, sum_text: str) -> SumLine:
    """The helper's line for the cells `cells_text` names making the sum `sum_text` on the
    game `state`; SumRefused saying what of them cannot be used."""
    puzzle = state.progress.puzzle
    size = puzzle.size
    cells = chosen_cells(size, cells_text)
    total = chosen_total(sum_text)
    peers = puzzle.geometry.peers
    masks = [sum(1 << at for at, other in enumerate(cells) if other in peers[c]) for c in cells]
    board = played_board(state)
    try:
        ways = sum_ways(size, total, [board[cell] for cell in cells], masks)
    except PuzzleError as error:
        raise SumRefused("sum", f"Sum: {error.message}") from None
    names = [Place.of(cell, size).name for cell in cells]
    return SumLine(
        " ".join(names),
        f"{total} in {len(cells)}",
        ", ".join(map(spelled, ways.possible)) or "none",
        ", ".join(map(spelled, ways.ruled_out)),
        "" if ways.distinct else _repeats(names, masks),
    )


def _repeats(names: list[str], peers: list[int]) -> str:
    """Which two of the cells share no unit, so that a digit may repeat between them."""
    first, second = next(
        (a, b) for a in range(len(names)) for b in range(a + 1, len(names)) if not peers[a] >> b & 1
    )
    return (
        f"{names[first]} and {names[second]} share no unit, so a digit may repeat between"
        " cells that share none."
    )
