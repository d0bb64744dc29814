"""f-puzzles' JSON: the grid of a puzzle as f-puzzles.com (and SudokuPad) write it.

The object has `size` and `grid[row][column]`, each cell an object that may hold `value`
(with `given: true` for a clue), `region` (its box, 0-based, when not the default),
`centerPencilMarks`/`cornerPencilMarks`/`candidates` (lists of values), and colours. Every
other key is a rule on top of Sudoku (`killercage`, `thermometer`, `diagonal+`, ...) or a
drawing (`line`, `text`, ...). Only a classic grid is read: a link that holds any rule or
drawing is refused with its names in words, never read as a plain Sudoku.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import PuzzleError
from ..grid import Grid
from ..shape import SHAPES, Shape

# Keys that describe the puzzle and say nothing of its rules.
PLAIN_KEYS = frozenset(
    {"size", "grid", "title", "author", "ruleset", "solution", "activeConstraints"}
)

# f-puzzles' rule and drawing keys, in words (the list its editor writes).
VARIANT_NAMES = {
    "diagonal+": "a positive diagonal",
    "diagonal-": "a negative diagonal",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "disjointgroups": "disjoint groups",
    "nonconsecutive": "non-consecutive",
    "negative": "negative constraints",
    "arrow": "arrows",
    "killercage": "killer cages",
    "cage": "cages",
    "littlekillersum": "little killer sums",
    "odd": "odd cells",
    "even": "even cells",
    "extraregion": "extra regions",
    "thermometer": "thermometers",
    "palindrome": "palindromes",
    "renban": "renban lines",
    "whispers": "German whispers",
    "regionsumline": "region sum lines",
    "betweenline": "between lines",
    "entropicline": "entropic lines",
    "sandwichsum": "sandwich sums",
    "xsum": "X-sums",
    "skyscraper": "skyscrapers",
    "xv": "X and V marks",
    "difference": "white kropki dots",
    "ratio": "black kropki dots",
    "minimum": "minimum cells",
    "maximum": "maximum cells",
    "clone": "clones",
    "quadruple": "quadruples",
    "rowindexer": "row indexers",
    "columnindexer": "column indexers",
    "boxindexer": "box indexers",
    "line": "drawn lines",
    "rectangle": "drawn rectangles",
    "circle": "drawn circles",
    "text": "text on the grid",
}

MARK_KEYS = ("candidates", "centerPencilMarks")


@dataclass(frozen=True)
class Classic:
    """A classic grid read from f-puzzles JSON: its givens, the values placed besides them,
    and each cell's pencil marks as a mask (bit 1 << value), None when it has none."""

    puzzle: Grid
    solved: Grid
    candidates: tuple[int, ...] | None


def read_json(text: str, source: str = "f-puzzles") -> Classic:
    """The classic grid in f-puzzles JSON `text`; PuzzleError naming what is not classic."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"this {source} link does not hold f-puzzles data (not JSON)") from error
    if not isinstance(data, dict):
        raise PuzzleError(f"this {source} link does not hold an f-puzzles puzzle")
    shape = _shape(data, source)
    _refuse_variants(data, shape, source)
    return _cells(data["grid"], shape, source)


def _shape(data: dict[str, Any], source: str) -> Shape:
    """The shape of the grid `size` names: 4, 6, 9, 12 or 16 (f-puzzles makes 3 to 16)."""
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool):
        raise PuzzleError(f"this {source} link's puzzle has no size")
    shape = SHAPES.get(size)
    if shape is None or size == 25:
        raise PuzzleError(
            f"this {source} link holds a {size}x{size} grid; the solver reads 4x4, 6x6, 9x9,"
            " 12x12 and 16x16 from f-puzzles"
        )
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != size:
        raise PuzzleError(f"this {source} link's grid does not have {size} rows")
    for row, cells in enumerate(grid, start=1):
        if not isinstance(cells, list) or len(cells) != size:
            raise PuzzleError(f"this {source} link's grid: row {row} does not have {size} cells")
    return shape


def _refuse_variants(data: dict[str, Any], shape: Shape, source: str) -> None:
    """PuzzleError naming every rule in `data` beyond rows, columns and boxes."""
    found = []
    for key, value in data.items():
        if key in PLAIN_KEYS or value in (None, False, [], {}, ""):
            continue
        found.append(VARIANT_NAMES.get(key, f"{key!r} (a rule the solver does not know)"))
    if _irregular(data["grid"], shape):
        found.append("irregular regions (jigsaw)")
    cells = [cell for row in data["grid"] for cell in row]
    if any(isinstance(cell, dict) and cell.get("givenPencilMarks") for cell in cells):
        found.append("given pencil marks")
    if found:
        names = found[0] if len(found) == 1 else f"{', '.join(found[:-1])} and {found[-1]}"
        raise PuzzleError(
            f"this {source} link holds a variant: {names}, which the solver does not read yet"
            " (it solves classic Sudoku: rows, columns and boxes)"
        )


def _irregular(grid: list[list[Any]], shape: Shape) -> bool:
    """True when a cell names a region other than its box of `shape`."""
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if isinstance(cell, dict) and "region" in cell and cell["region"] != shape.box_of(r, c):
                return True
    return False


def _cells(grid: list[list[Any]], shape: Shape, source: str) -> Classic:
    """The givens, placed values and pencil marks of a classic f-puzzles grid."""
    givens, placed, marks = [], [], []
    for r, row in enumerate(grid, start=1):
        for c, cell in enumerate(row, start=1):
            if not isinstance(cell, dict):
                raise PuzzleError(f"this {source} link's grid: row {r}, column {c} is not a cell")
            value = _value(cell.get("value"), shape, (r, c), source)
            given = value if cell.get("given") is True else 0
            givens.append(given)
            placed.append(value)
            marks.append(0 if value else _marks(cell, shape, (r, c), source))
    has_marks = any(marks)
    full = sum(1 << value for value in range(1, shape.size + 1))
    return Classic(
        Grid(shape, tuple(givens)),
        Grid(shape, tuple(placed)),
        tuple(mark if mark or value else full for mark, value in zip(marks, placed, strict=True))
        if has_marks
        else None,
    )


def _value(value: Any, shape: Shape, cell: tuple[int, int], source: str) -> int:
    """The value at 1-based `cell`, 0 when it has none; PuzzleError when it is not 1..size."""
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= shape.size:
        raise PuzzleError(
            f"this {source} link's grid: row {cell[0]}, column {cell[1]} holds {value!r},"
            f" not a value from 1 to {shape.size}",
            cells=(cell,),
        )
    return value


def _marks(data: dict[str, Any], shape: Shape, cell: tuple[int, int], source: str) -> int:
    """The pencil marks of the empty 1-based `cell` as a mask, 0 when it has none."""
    for key in MARK_KEYS:
        values = data.get(key)
        if values:
            if not isinstance(values, list):
                raise PuzzleError(
                    f"this {source} link's grid: row {cell[0]}, column {cell[1]} has marks"
                    " that are not a list"
                )
            mask = 0
            for value in values:
                mask |= 1 << _value(value, shape, cell, source)
            return mask
    return 0


def write_json(grid: Grid) -> str:
    """`grid`'s givens as f-puzzles JSON, as compact as f-puzzles writes it."""
    size = grid.size
    cells = [{"value": value, "given": True} if value else {} for value in grid.cells]
    rows = [cells[r * size : (r + 1) * size] for r in range(size)]
    return json.dumps({"size": size, "grid": rows}, separators=(",", ":"))
