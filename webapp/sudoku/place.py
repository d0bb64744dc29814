"""A cell by its row and column, and its name as people and links spell it: "r3c7".

Everything that names a cell (sentences, messages, form fields, links' `noted=` and
`?why=`) names it here, so "r3c7" is spelled once. A Place is a named tuple rather than a
dataclass because the engine's conflicts and errors already carry places as (row, column)
pairs, which records write as [row, column]: a Place is one of those pairs, named.
"""

from __future__ import annotations

from typing import NamedTuple

from .whole_numbers import read_place

# The digits of a row or column in a place's name as a link spells it: three at most (the
# largest grid has 25 rows), so reading one never turns a long run of digits into a number.
PLACE_DIGITS = 3


class Place(NamedTuple):
    """A cell by its 1-based `row` and `column`."""

    row: int
    column: int

    @classmethod
    def of(cls, cell: int, size: int) -> Place:
        """The place of a 0-based reading-order `cell` in a grid of `size` rows."""
        row, column = divmod(cell, size)
        return cls(row + 1, column + 1)

    @classmethod
    def named(cls, name: str) -> Place | None:
        """The place a name such as "r3c7" spells, in any grid; None for a text that is not
        one."""
        found = read_place(name, PLACE_DIGITS)
        return cls(*found) if found is not None else None

    @property
    def name(self) -> str:
        """ "r3c7"."""
        return f"r{self.row}c{self.column}"

    def cell(self, size: int) -> int:
        """The 0-based reading-order cell of this place in a grid of `size` rows."""
        return (self.row - 1) * size + self.column - 1

    def within(self, size: int) -> bool:
        """Whether this place is a cell of a grid of `size` rows and columns."""
        return 1 <= self.row <= size and 1 <= self.column <= size


def whole_line_problem(size: int, cells: tuple[int, ...], name: str) -> str | None:
    """What is wrong with `cells` on a size x size grid as the cells of a clue `name` (a
    sandwich sum's) outside a row's or a column's end, walked in from that end, or None: no
    cells, a cell off the grid, or cells that are not a whole row or column walked from one
    end to the other."""
    article = "an" if name[:1] in "aeiouAEIOUX" else "a"  # an X-sum ("ex")
    if not cells:
        return f"{article} {name} has no cells"
    outside = next((cell for cell in cells if not 0 <= cell < size * size), None)
    if outside is not None:
        return f"{article} {name} runs through cell {outside}, outside the {size}x{size} grid"
    row, column = divmod(cells[0], size)
    for down, across in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        walked = tuple((row + down * step) * size + column + across * step for step in range(size))
        on_grid = 0 <= row + down * (size - 1) < size and 0 <= column + across * (size - 1) < size
        if on_grid and walked == cells:
            return None
    return f"{name} from {Place.of(cells[0], size).name} is not a whole row or column"
