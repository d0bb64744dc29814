"""A player's progress on a puzzle: the grid with their own entries, read and checked.

Progress is written like a share code, one symbol per cell with `0` (or `.`) for
an empty cell; it holds the givens too, so a progress code alone shows the
position. Reading it refuses anything that is not a position of this puzzle;
checking it against the unique solution finds entries that clash or are wrong,
without saying what the right value is.
"""

from __future__ import annotations

from dataclasses import dataclass

from .conflicts import Conflict, find_conflicts
from .errors import PuzzleError
from .grid import Grid
from .place import Place
from .puzzle import Puzzle
from .shape import SYMBOLS

BLANKS = "0."
# How many bad symbols one message names before it says "and N more".
NAMED_AT_MOST = 3


@dataclass(frozen=True)
class Progress:
    """The puzzle and the grid a player has reached from it: its givens plus their entries."""

    puzzle: Puzzle
    grid: Grid

    @property
    def code(self) -> str:
        """The progress as a link writes it."""
        return self.grid.code

    @property
    def entries(self) -> tuple[int, ...]:
        """The cells (0-based, reading order) the player has filled."""
        givens, values = self.puzzle.cells, self.grid.cells
        return tuple(cell for cell, value in enumerate(values) if value and not givens[cell])

    def with_values(self, values: dict[int, int]) -> Progress:
        """The progress with some open cells set (value 0 clears); givens never change."""
        cells = list(self.grid.cells)
        for cell, value in values.items():
            if not self.puzzle.cells[cell]:
                cells[cell] = value
        return Progress(self.puzzle, Grid(self.puzzle.shape, tuple(cells)))


@dataclass(frozen=True)
class Mistakes:
    """What Check finds: the units where entries clash, and the entries the solution does
    not have (cells 0-based), without the values that belong there."""

    clashes: tuple[Conflict, ...]
    wrong: tuple[int, ...]

    def __bool__(self) -> bool:
        return bool(self.clashes or self.wrong)


def start(puzzle: Puzzle) -> Progress:
    """The progress before any entry: just the givens."""
    return Progress(puzzle, puzzle.grid)


def read_progress(puzzle: Puzzle, text: str) -> Progress:
    """The progress `text` spells on `puzzle`; PuzzleError says what is wrong and where.

    An empty text is the puzzle itself. A `0` where the puzzle has a given keeps the
    given; any other symbol there must be the given. Like a share code, the text is in the
    standard symbols whatever the puzzle is shown in (alphabet.py), and so are its messages.
    """
    text = text.strip()
    if not text:
        return start(puzzle)
    shape = puzzle.shape
    if len(text) != shape.cell_count:
        raise PuzzleError(
            f"The progress has {len(text)} cells; a {shape.name} puzzle has {shape.cell_count}"
        )
    n = shape.size
    symbols = SYMBOLS[:n]
    values: list[int] = []
    bad: list[tuple[int, str]] = []
    for cell, char in enumerate(text):
        if char in BLANKS:
            values.append(0)
        elif char.upper() in symbols:
            values.append(symbols.index(char.upper()) + 1)
        else:
            bad.append((cell, char))
            values.append(0)
    if bad:
        kind = "digit" if shape.digits_only else "symbol"
        named = [f"{char!r} at r{c // n + 1}c{c % n + 1}" for c, char in bad[:NAMED_AT_MOST]]
        more = f" and {len(bad) - NAMED_AT_MOST} more" if len(bad) > NAMED_AT_MOST else ""
        raise PuzzleError(
            f"The progress has {', '.join(named)}{more}: each cell holds a {kind} from 1 to"
            f" {symbols[-1]}, or 0 when empty",
            cells=tuple((c // n + 1, c % n + 1) for c, _ in bad),
        )
    for cell, (given, value) in enumerate(zip(puzzle.cells, values, strict=True)):
        if given and value and value != given:
            raise PuzzleError(
                f"{Place.of(cell, n).name} is a given {symbols[given - 1]}; the progress"
                f" has {symbols[value - 1]} there",
                cells=((cell // n + 1, cell % n + 1),),
            )
    filled = tuple(value or given for given, value in zip(puzzle.cells, values, strict=True))
    return Progress(puzzle, Grid(shape, filled))


def check(progress: Progress, solution: Grid) -> Mistakes:
    """The clashes among the grid's values and the entries that differ from `solution`."""
    wrong = tuple(
        cell for cell in progress.entries if progress.grid.cells[cell] != solution.cells[cell]
    )
    return Mistakes(find_conflicts(progress.puzzle.with_grid(progress.grid)), wrong)
