"""What the play page shows: the player's grid (givens locked), and on request the marks
of a Check, a hint's tiers, the candidates, or that the puzzle is solved."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ...explanations.hints import TIER_NAMES, Hint
from ...sudoku import Grid, Shape
from ...sudoku.logic import Position, encode_marks, narrowed
from ...sudoku.progress import Mistakes, Progress
from ...wording import conflict_message, in_words, place_name
from ..grid_table import Board, Cell, board, place_of


@dataclass(frozen=True)
class Message:
    """A line the page says about some cells; cells name it by `id` (aria-describedby)."""

    id: str
    text: str


@dataclass(frozen=True)
class Shown:
    """A hint tier as shown: its name and words."""

    name: str
    text: str


@dataclass(frozen=True)
class PlayPage:
    """Everything the play template shows."""

    code: str
    progress: str
    board: Board[Cell]
    filled: int
    solved: bool
    full_but_wrong: bool
    checked: bool
    messages: tuple[Message, ...]  # what Check found, or what is wrong with what was sent
    hint_tiers: tuple[Shown, ...]
    hint_kind: str
    candidates: bool
    marks: str | None = None  # the pasted pencil marks the game started from, if any

    @property
    def more_help(self) -> bool:
        """Whether the hint shown has a tier to show before the last, which does it."""
        return 0 < len(self.hint_tiers) < len(TIER_NAMES) - 1


def play_page(
    progress: Progress,
    *,
    mistakes: Mistakes | None = None,
    hint: Hint | None = None,
    tier: int = 0,
    candidates: bool = False,
    solved: bool = False,
    entered: dict[int, str] | None = None,
    problems: dict[int, str] | None = None,
    marks: Position | None = None,
) -> PlayPage:
    """The page for `progress`: checked (`mistakes`), with `hint` up to `tier`, with
    `candidates` (within pasted pencil `marks`, when given); after a bad submission, with
    what was `entered` and the `problems`."""
    puzzle, grid = progress.puzzle, progress.grid
    shape = puzzle.shape
    messages: list[Message] = []
    about: dict[int, list[str]] = defaultdict(list)
    states: dict[int, list[str]] = defaultdict(list)

    def say(text: str, cells: list[int], state: str) -> None:
        message = Message(f"message-{len(messages) + 1}", text)
        messages.append(message)
        for cell in cells:
            about[cell].append(message.id)
            if state not in states[cell]:
                states[cell].append(state)

    for cell, text in (problems or {}).items():
        say(text, [cell], "invalid")
    if mistakes is not None:
        for conflict in mistakes.clashes:
            places = [(row - 1) * shape.size + col - 1 for row, col in conflict.cells]
            say(conflict_message(conflict), [c for c in places if not puzzle.cells[c]], "clash")
        for cell in mistakes.wrong:
            say(_not(grid, cell), [cell], "wrong")
    if hint is not None and tier >= 2:
        for cell in hint.cells:
            states[cell].append("hinted")
    position = None
    if candidates:
        position = (
            narrowed(marks, grid) if marks is not None else Position.of_values(puzzle, grid.cells)
        )
    cells = [
        _cell(shape, puzzle.grid, grid, cell, position, (entered or {}).get(cell), states, about)
        for cell in range(shape.cell_count)
    ]
    caption = f"{shape.name} puzzle: the givens are locked; fill in the rest"
    return PlayPage(
        code=puzzle.code,
        progress=progress.code,
        board=board(shape, caption, cells, puzzle.geometry),
        filled=sum(1 for value in grid.cells if value),
        solved=solved,
        full_but_wrong=grid.is_complete and not solved,
        checked=mistakes is not None,
        messages=tuple(messages),
        hint_tiers=tuple(Shown(TIER_NAMES[i], hint.tiers[i]) for i in range(tier)) if hint else (),
        hint_kind=hint.kind if hint else "",
        candidates=candidates,
        marks=encode_marks(marks) or None if marks is not None else None,
    )


def _cell(
    shape: Shape,
    puzzle: Grid,
    grid: Grid,
    cell: int,
    position: Position | None,
    entered: str | None,
    states: dict[int, list[str]],
    about: dict[int, list[str]],
) -> Cell:
    """One cell of the play grid; `entered` is what was typed there when it was refused."""
    row, col = place_of(shape, cell)
    given = bool(puzzle.cells[cell])
    value = grid.cells[cell]
    symbol = entered if entered is not None else (shape.symbol(value) if value else "")
    label = f"Row {row}, column {col}" + (", given" if given else "")
    marks: tuple[str, ...] = ()
    if position is not None and not value:
        marks = tuple(
            shape.symbol(v) if position.has(cell, v) else "" for v in range(1, shape.size + 1)
        )
        label += ", candidates " + (in_words([m for m in marks if m]) or "none")
    classes = ["given" if given else "entry", *states.get(cell, [])]
    if about.get(cell) and "invalid" not in classes:
        classes.append(
            "invalid"
        )  # what the page says about it stays when the script checks clashes
    return Cell(
        name=place_name((row, col)),
        label=label,
        symbol=symbol,
        locked=given,
        classes=" ".join(classes),
        marks=marks,
        invalid=bool(about.get(cell)),
        described_by=" ".join(about.get(cell, [])),
    )


def _not(grid: Grid, cell: int) -> str:
    """ "r4c7 is not 6": an entry the solution does not have, without the value it has."""
    shape = grid.shape
    return f"{place_name(place_of(shape, cell))} is not {shape.symbol(grid.cells[cell])}"
