"""The Puzzle value: a grid of givens and the rules its solution obeys.

Glossary:
- rules: what a solution must obey beyond filling every cell: the shape's rows,
  columns and boxes, plus the units of each extra kind a variant adds (geometry.py,
  EXTRA_UNITS: X-Sudoku's diagonals, ...);
- share code: the grid's code (grid.py), then, for any rules but the classic ones,
  "-" and the rules' letters: `...-x` is an X-Sudoku. A classic puzzle's code is its
  grid's code, so every classic link keeps meaning what it meant.

Every engine entry point takes a Puzzle, and every cache, store and job key is derived
from its code, rules included: a code never means two puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .errors import PuzzleError
from .geometry import EXTRA_UNITS, Geometry, geometry_of
from .grid import Grid
from .shape import SHAPES_BY_CELLS, Shape

# Between a share code's grid and its rules.
RULES_MARK = "-"


@dataclass(frozen=True)
class Rules:
    """The kinds of unit a puzzle adds to its shape's rows, columns and boxes, by letter,
    in EXTRA_UNITS' order; none for a classic puzzle."""

    extras: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a letter no kind of unit has, or one named twice: PuzzleError."""
        unknown = [letter for letter in self.extras if letter not in EXTRA_UNITS]
        if unknown:
            known = ", ".join(f"{letter} ({kind.name})" for letter, kind in EXTRA_UNITS.items())
            raise PuzzleError(f"the rules {unknown[0]!r} are not known; the solver knows {known}")
        if len(set(self.extras)) != len(self.extras):
            raise PuzzleError("the rules name the same kind of unit twice")

    @classmethod
    def from_letters(cls, letters: str) -> Rules:
        """The rules a share code's letters name, in any order (PuzzleError if unknown)."""
        rules = cls(tuple(letters))  # checks every letter
        return cls(tuple(letter for letter in EXTRA_UNITS if letter in rules.extras))

    @property
    def classic(self) -> bool:
        """True for rows, columns and boxes alone."""
        return not self.extras

    @property
    def code(self) -> str:
        """The letters a share code writes after RULES_MARK ("" for classic rules)."""
        return "".join(self.extras)

    @property
    def names(self) -> tuple[str, ...]:
        """What players call each variant these rules add ("X-Sudoku"), in order."""
        return tuple(EXTRA_UNITS[letter].name for letter in self.extras)

    def geometry(self, shape: Shape) -> Geometry:
        """The units a grid of `shape` obeys under these rules."""
        return geometry_of(shape, self.extras)


CLASSIC = Rules()


@dataclass(frozen=True)
class Puzzle:
    """A grid of givens (0 for a blank) and the rules its solution obeys."""

    grid: Grid
    rules: Rules = field(default=CLASSIC)

    def __post_init__(self) -> None:
        """Refuse anything but a Grid as the givens (a Puzzle inside a Puzzle, say)."""
        if not isinstance(self.grid, Grid):
            raise TypeError(f"a puzzle's givens are a Grid, not {type(self.grid).__name__}")

    @cached_property
    def geometry(self) -> Geometry:
        """Every unit of the puzzle, in order: rows, columns, boxes, then the rules' extras."""
        return self.rules.geometry(self.grid.shape)

    @property
    def code(self) -> str:
        """The share code: the grid's code, then RULES_MARK and the rules' letters unless
        classic. Caches, stores and jobs key on it."""
        if self.rules.classic:
            return self.grid.code
        return f"{self.grid.code}{RULES_MARK}{self.rules.code}"

    @property
    def shape(self) -> Shape:
        """The grid's shape."""
        return self.grid.shape

    @property
    def size(self) -> int:
        """The side length N."""
        return self.grid.size

    @property
    def cells(self) -> tuple[int, ...]:
        """The givens in reading order, 0 for a blank."""
        return self.grid.cells

    @property
    def givens(self) -> int:
        """How many cells are given."""
        return self.grid.givens

    def with_grid(self, grid: Grid) -> Puzzle:
        """The same rules over another grid of the same shape (a position's values, say)."""
        return Puzzle(grid, self.rules)

    def __str__(self) -> str:
        return self.code


def is_solution(solution: Grid, puzzle: Puzzle) -> bool:
    """True when `solution` is complete, keeps every given of `puzzle`, and fills every unit
    of its rules."""
    grid = puzzle.grid
    if solution.shape != grid.shape or not solution.is_complete:
        return False
    if any(g and g != s for g, s in zip(grid.cells, solution.cells, strict=True)):
        return False
    full = set(range(1, grid.size + 1))
    units = puzzle.geometry.units
    return all({solution.cells[cell] for cell in unit.cells} == full for unit in units)


def longest_code() -> int:
    """The most characters a share code can have: the largest grid's cells, RULES_MARK and
    the letter of every kind of unit."""
    return max(SHAPES_BY_CELLS) + len(RULES_MARK) + len(EXTRA_UNITS)


def split_code(text: str) -> tuple[str, Rules]:
    """A share code's grid part and its rules: the text after the last RULES_MARK when it is
    letters of known kinds of unit (else it is all grid: a pasted grid may have "-" between
    its rows, and a 16x16 lower-case letters)."""
    head, mark, tail = text.rpartition(RULES_MARK)
    if mark and head and tail and all(letter in EXTRA_UNITS for letter in tail):
        return head, Rules.from_letters(tail)
    return text, CLASSIC
