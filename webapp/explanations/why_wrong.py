"""Why a player's wrong value is wrong, without the cell's answer: the dead end that
assuming it reaches from the givens and the player's right values (logic/refutation.py),
worded as one sentence."""

from __future__ import annotations

from dataclasses import dataclass

from ..sudoku import Grid
from ..sudoku.logic import Position, Step
from ..sudoku.logic.position import bits_of
from ..sudoku.logic.refutation import refutation
from ..sudoku.progress import Progress
from ..wording import in_words
from .forcing import dead_end, refutation_sentence
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
    if step is not None:
        return WhyWrong(cell, step, refutation_sentence(progress.puzzle.geometry, step), position)
    cases = by_cases(position, cell, value)
    if cases is not None:
        return WhyWrong(cell, None, cases, position)
    text = (
        f"Assuming {symbol} in {name}, singles and locked candidates reach no dead end, nor"
        f" do they from either choice of a cell it leaves two candidates; it is wrong all the"
        f" same, as a longer search shows."
    )
    return WhyWrong(cell, None, text, position)


def by_cases(position: Position, cell: int, value: int) -> str | None:
    """Why `value` cannot stand in `cell` when no branch from it reaches a dead end: it
    leaves another cell a few candidates, and each of them does reach one. "Assuming 6 in
    r4c7 leaves r2c3 only 1 or 7, and each leads to a dead end: with 1, r5c5 would have no
    value left; with 7, row 3 would have no place for 2." None when no cell of the first
    PIVOTS tried (fewest candidates first, the cell's peers before others) does."""
    geometry, shape = position.geometry, position.puzzle.shape
    assumed = position.place([(cell, value)])
    peers = geometry.peers[cell]
    pivots = sorted(
        (c for c, mask in enumerate(assumed.candidates) if 2 <= mask.bit_count() <= 3),
        key=lambda c: (assumed.candidates[c].bit_count(), c not in peers, c),
    )
    for pivot in pivots[:PIVOTS]:
        choices = bits_of(assumed.candidates[pivot])
        ends = [refutation(assumed, pivot, choice) for choice in choices]
        if any(end is None for end in ends):
            continue
        symbols = [shape.symbol(choice) for choice in choices]
        each = "; ".join(
            f"with {symbol}, {dead_end(geometry, end)}"
            for symbol, end in zip(symbols, ends, strict=True)
            if end is not None
        )
        return (
            f"Assuming {shape.symbol(value)} in {cell_name(shape, cell)} leaves"
            f" {cell_name(shape, pivot)} only {in_words(symbols, 'or')}, and each leads to a"
            f" dead end: {each}. So {cell_name(shape, cell)} cannot be {shape.symbol(value)}."
        )
    return None


# How many cells `by_cases` tries before it gives up: each costs a branch per candidate.
PIVOTS = 12
