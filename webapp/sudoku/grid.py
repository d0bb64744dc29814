"""The Grid value: a shape and its cells, 0 for a blank."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import PuzzleError
from .shape import SHAPES_BY_CELLS, SYMBOLS, Shape


@dataclass(frozen=True)
class Grid:
    """An N x N grid: `cells` holds N*N values in reading order, 0 for a blank."""

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        """Refuse cells that do not fill the shape: PuzzleError."""
        if len(self.cells) != self.shape.cell_count:
            raise PuzzleError(
                f"a {self.shape.name} grid has {self.shape.cell_count} cells, not {len(self.cells)}"
            )

    @classmethod
    def from_values(cls, values: list[int] | tuple[int, ...]) -> Grid:
        """A grid from N*N values; the shape follows from the count, else PuzzleError."""
        shape = SHAPES_BY_CELLS.get(len(values))
        if shape is None:
            counts = sorted(SHAPES_BY_CELLS)
            sizes = f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"
            raise PuzzleError(f"a grid has {sizes} cells, not {len(values)}")
        return cls(shape, tuple(values))

    @property
    def size(self) -> int:
        """The side length N."""
        return self.shape.size

    @property
    def code(self) -> str:
        """The share code: every cell in reading order, "0" for a blank, always in the standard
        symbols (whatever the shape's spelling)."""
        symbols = "0" + SYMBOLS[: self.shape.size]
        return "".join(symbols[v] for v in self.cells)

    @property
    def line(self) -> str:
        """The one-line form with "." for blanks, as puzzle files use."""
        symbols = "." + self.shape.symbols
        return "".join(symbols[v] for v in self.cells)

    @property
    def symbols(self) -> list[str]:
        """Each cell's symbol in reading order, "" for a blank."""
        shown = ("", *self.shape.symbols)
        return [shown[v] for v in self.cells]

    @property
    def givens(self) -> int:
        """How many cells are filled."""
        return sum(1 for v in self.cells if v)

    @property
    def is_complete(self) -> bool:
        """True when no cell is blank."""
        return all(self.cells)

    def value(self, row: int, col: int) -> int:
        """The value at a 0-based (row, col)."""
        return self.cells[row * self.shape.size + col]

    def rows(self) -> list[tuple[int, ...]]:
        """The rows, top to bottom."""
        n = self.shape.size
        return [self.cells[r * n : (r + 1) * n] for r in range(n)]

    def __str__(self) -> str:
        return self.line
