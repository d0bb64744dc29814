"""Grid shapes: side length, box size and the symbols a grid of that size uses.

Glossary used across the engine:
- cell: one square of the grid, numbered 0..N*N-1 in reading order;
- unit: N cells that must hold each symbol once: a row, a column, a box, or
  a variant's extra region (geometry.py lists a grid's units);
- value: 1..N, the number behind a symbol ("A" is 10); 0 is a blank;
- spelling: the symbols a grid is shown in when not the standard ones (alphabet.py:
  a Hexadoku is shown 0-F); share codes are always standard.
"""

from __future__ import annotations

from dataclasses import dataclass

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


@dataclass(frozen=True)
class Shape:
    """The size of an N x N grid whose boxes are box_rows x box_cols (its units: geometry.py)."""

    size: int
    box_rows: int
    box_cols: int
    spelling: str = ""  # the symbols in value order when not SYMBOLS (alphabet.py)

    @property
    def cell_count(self) -> int:
        """Number of cells, N * N."""
        return self.size * self.size

    @property
    def symbols(self) -> str:
        """The symbols of this size in value order: "1234" for 4x4 ("0123456789ABCDEF" for a
        16x16 spelled in hex)."""
        return self.spelling or SYMBOLS[: self.size]

    @property
    def name(self) -> str:
        """A human name such as "9x9"."""
        return f"{self.size}x{self.size}"

    @property
    def digits_only(self) -> bool:
        """True when every symbol is a digit (up to 9x9); larger grids use letters from A."""
        return self.size <= 9

    @property
    def symbol_range(self) -> str:
        """The symbols as a range: "1-4", "1-9", "1-9 and A-G" (hex: "0-9 and A-F")."""
        symbols = self.symbols
        digits = "".join(symbol for symbol in symbols if symbol.isdigit())
        letters = symbols[len(digits) :]
        return f"{digits[0]}-{digits[-1]}" + (f" and {letters[0]}-{letters[-1]}" if letters else "")

    def box_of(self, row: int, col: int) -> int:
        """The 0-based box number of a 0-based (row, col), boxes in reading order."""
        return (row // self.box_rows) * (self.size // self.box_cols) + col // self.box_cols

    def box_cells(self, box: int) -> list[tuple[int, int]]:
        """The 0-based (row, col) pairs of one box, in reading order."""
        per_band = self.size // self.box_cols
        top = (box // per_band) * self.box_rows
        left = (box % per_band) * self.box_cols
        return [(top + r, left + c) for r in range(self.box_rows) for c in range(self.box_cols)]

    def symbol(self, value: int) -> str:
        """The symbol for a value 1..N."""
        return self.symbols[value - 1]


SHAPES: dict[int, Shape] = {
    shape.size: shape
    for shape in (
        Shape(4, 2, 2),
        Shape(6, 2, 3),
        Shape(9, 3, 3),
        Shape(12, 3, 4),
        Shape(16, 4, 4),
        Shape(25, 5, 5),
    )
}

SHAPES_BY_CELLS: dict[int, Shape] = {shape.cell_count: shape for shape in SHAPES.values()}
