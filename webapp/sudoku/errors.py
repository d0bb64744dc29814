"""The one error type the engine raises for input it cannot read."""

from __future__ import annotations


class PuzzleError(ValueError):
    """A puzzle text that cannot be read as a grid.

    `message` says what is wrong and where, ready to show a person.
    `line`/`column` locate the problem in the text (1-based) when it is a
    character; `cells` lists grid positions (1-based row, column) it concerns.
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        cells: tuple[tuple[int, int], ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.cells = cells
