"""Why a player's wrong value is wrong, without the cell's answer: the dead end that
assuming it reaches from the givens and the player's right values (logic/refutation.py),
worded as one sentence."""

from __future__ import annotations

from dataclasses import dataclass

from ..sudoku import Grid
from ..sudoku.logic import Position, Step
from ..sudoku.logic.refutation import refutation
from ..sudoku.progress import Progress
from .forcing import refutation_sentence
from .words import cell_name


@dataclass(frozen=True)
class WhyWrong:
    """The reason `cell`'s value is wrong: the `step` that refutes it (None when there is
    none to show) and `text`, what to say."""

    cell: int
    step: Step | None
    text: str
    position: Position  # where the step is taken: the givens and the right values


def why_wrong(progress: Progress, solution: Grid, cell: int) -> WhyWrong:
    """Why the value `progress` has in `cell` (one the `solution` does not have) is wrong.
    Only right values are assumed, so whatever is shown holds in the puzzle."""
    grid, shape = progress.grid, progress.puzzle.shape
    right = tuple(value if value == solution.cells[c] else 0 for c, value in enumerate(grid.cells))
    right = right[:cell] + (0,) + right[cell + 1 :]
    position = Position.of_values(progress.puzzle, right, unique=True)
    value, name = grid.cells[cell], cell_name(shape, cell)
    symbol = shape.symbol(value)
    if not position.has(cell, value):
        text = f"{name} cannot be {symbol}: a {symbol} already stands where it can see it."
        return WhyWrong(cell, None, text, position)
    step = refutation(position, cell, value)
    if step is None:
        text = (
            f"Assuming {symbol} in {name}, singles and locked candidates reach no dead end;"
            f" it is wrong all the same, as only a longer search shows."
        )
        return WhyWrong(cell, None, text, position)
    return WhyWrong(cell, step, refutation_sentence(progress.puzzle.geometry, step), position)
