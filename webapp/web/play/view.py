"""What the play page shows: the player's grid (givens locked) and their notes, and on
request the marks of a Check, a hint's tiers drawn on the board, or that the puzzle is
solved."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from flask import url_for

from ...explanations.hints import FOLLOW_ALONG, TIER_NAMES, Hint, HintKind
from ...explanations.names import technique_name
from ...explanations.why_wrong import WhyWrong
from ...sudoku import Grid, Puzzle, Shape
from ...sudoku.generator import DESCRIPTIONS, symmetry_of
from ...sudoku.geometry import Unit
from ...sudoku.logic import Path, Position, Step, narrowed
from ...sudoku.place import Place
from ...sudoku.progress import Mistakes, Progress
from ...wording import conflict_message, in_words
from ..grid_table import Board, board, place_of
from ..pencil_board import KeyEntry, Mark, MarkedCell, pencil_board
from ..play_cell import PlayCell
from ..rating_view import rating_of
from .cell_marks import COLOUR_NAMES
from .clock import clock_face
from .form import Unread
from .notes import shown
from .state import PlayState

# The tier that names the technique, which links to its lesson.
WHAT_IT_IS = 1
# The hints whose tier 1 names their cell: it may be outlined too.
NAMES_ITS_CELL = (HintKind.WRONG, HintKind.WRONG_NOTE)


@dataclass(frozen=True)
class Message:
    """A line the page says about some cells; cells name it by `id` (aria-describedby)."""

    id: str
    text: str
    why: str = ""  # a wrong value's cell ("r4c7"): the page offers to say why it is wrong
    reveal: str = ""  # a cell whose notes removed its value ("r3c4"): the page offers to show it


@dataclass(frozen=True)
class Shown:
    """A hint tier as shown: its name and words, and the lesson of the technique it names
    (tier 2, "What it is", when the hint has a step)."""

    name: str
    text: str
    lesson: str = ""
    technique: str = ""  # the lesson's technique, named


@dataclass(frozen=True)
class PlayPage:
    """Everything the play template shows."""

    code: str
    progress: str
    board: Board[PlayCell]
    filled: int
    solved: bool
    full_but_wrong: bool
    checked: bool
    messages: tuple[Message, ...]  # what Check found, or what is wrong with what was sent
    hint_tiers: tuple[Shown, ...]
    hint_kind: HintKind | None
    candidates: bool  # every open cell shows its candidates, noted or not
    marks: str | None = None  # the player's notes (marks_code), None when there are none
    notes_mode: bool = False  # the form's fields take notes (without script)
    autoclear: bool = True  # placing a value clears it from its peers' notes
    key: tuple[KeyEntry, ...] = ()  # the key to a tier 2 hint's drawing (or a why's)
    why: Shown | None = None  # why a wrong value is wrong, asked from Check
    noted: str | None = None  # the cells noted with every candidate (notes.noted_code)
    variant: str = ""  # the rules' name ("Jigsaw X-Sudoku"), "" for a classic puzzle
    seconds: int = 0  # the game's time so far (?time=)
    clock: str = "0:00"  # the time as the clock shows it
    show_timer: bool = True  # the clock is on show (?timer=0 hides it; the time is kept)
    # a Killer's cages as the script checks a full grid by them: (cells, sum) each
    cage_sums: tuple[tuple[tuple[int, ...], int], ...] = ()
    cell_marks: tuple[
        tuple[str, str], ...
    ] = ()  # corner=, centre=, colours= as the form keeps them

    @property
    def more_help(self) -> bool:
        """Whether the hint shown has a tier to show before the last, which does it."""
        return 0 < len(self.hint_tiers) < len(TIER_NAMES) - 1


@dataclass(frozen=True)
class Asked:
    """What the player asked of a game's page: a Check (its `mistakes` and `wrong_notes`,
    each a cell and what to say), a `hint` up to `tier`, `why` a wrong value is wrong; and
    whether the game is `solved`."""

    mistakes: Mistakes | None = None
    wrong_notes: tuple[tuple[int, str, bool], ...] = ()  # and whether to offer the value
    hint: Hint | None = None
    tier: int = 0
    why: WhyWrong | None = None
    solved: bool = False


def play_page(state: PlayState, asked: Asked = Asked(), unread: Unread | None = None) -> PlayPage:
    """The page of the game `state` with what the player `asked`; after a bad submission,
    with what was entered and the problems (`unread`)."""
    progress, notes, hint = state.progress, state.notes, asked.hint
    puzzle, grid = progress.puzzle, progress.grid
    shape = puzzle.shape
    messages, about, states = _messages(progress, asked, unread)
    drawn: dict[int, MarkedCell] = {}
    key: tuple[KeyEntry, ...] = ()
    drawing_step = hint is not None and asked.tier >= 2 and hint.step is not None
    if hint is not None and asked.tier >= 1 and not drawing_step:  # a drawing shades its own
        _shade(puzzle.geometry.units, hint, states)
    if asked.why is not None and asked.why.step is not None:
        drawn, key = _drawn(puzzle.grid, asked.why.position, asked.why.step)
    elif hint is not None and drawing_step and hint.step is not None:
        drawn, key = _drawn(puzzle.grid, narrowed(notes, grid), hint.step)
    masks = shown(notes, grid, state.candidates, state.noted)
    entered = unread.entered if unread is not None else {}
    cells = [
        _cell(
            shape,
            puzzle.grid,
            grid,
            cell,
            masks[cell],
            drawn.get(cell),
            state.notes_mode,
            entered.get(cell),
            states,
            about,
        )
        for cell in range(shape.cell_count)
    ]
    cells = _with_cell_marks(state, cells)
    caption = f"{shape.name} puzzle: the givens are locked; fill in the rest"
    if state.notes_mode:
        caption = f"{shape.name} puzzle, notes mode: type each empty cell's notes, such as 137"
    return PlayPage(
        code=puzzle.code,
        progress=progress.code,
        board=board(shape, caption, cells, puzzle.geometry),
        filled=sum(1 for value in grid.cells if value),
        solved=asked.solved,
        full_but_wrong=grid.is_complete and not asked.solved,
        checked=asked.mistakes is not None,
        messages=messages,
        hint_tiers=_tiers(hint, asked.tier, state.candidates) if hint else (),
        hint_kind=hint.kind if hint else None,
        candidates=state.candidates,
        marks=state.marks_code or None,
        notes_mode=state.notes_mode,
        autoclear=state.autoclear,
        key=key,
        why=_why_shown(grid, asked.why) if asked.why is not None else None,
        noted=state.noted_code or None,
        variant="" if puzzle.rules.classic else puzzle.rules.name,
        seconds=state.seconds,
        clock=clock_face(state.seconds),
        show_timer=state.show_timer,
        cage_sums=tuple(
            (cage.cells, cage.total) for cage in puzzle.rules.cages if cage.total is not None
        ),
        cell_marks=tuple((field, code or "") for field, code in state.cell_marks_query().items()),
    )


def _with_cell_marks(state: PlayState, cells: list[PlayCell]) -> list[PlayCell]:
    """The cells with the player's corner and centre marks (in open cells without a value)
    and colours drawn and said; the notes-mode board's fields take notes alone."""
    shape, grid = state.progress.puzzle.shape, state.progress.grid
    corner, centre, colours = dict(state.corner), dict(state.centre), dict(state.colours)

    def symbols(marked: dict[int, int], cell: int) -> list[str]:
        """The symbols of `cell`'s marks in `marked`, none once it holds a value."""
        if grid.cells[cell] or state.notes_mode:
            return []
        return [shape.symbol(v) for v in range(1, shape.size + 1) if marked.get(cell, 0) >> v & 1]

    drawn = list(cells)
    for cell in sorted(corner.keys() | centre.keys() | colours.keys()):
        in_corner, in_centre = symbols(corner, cell), symbols(centre, cell)
        classes, label = drawn[cell].classes, drawn[cell].label
        label += ", corner marks " + in_words(in_corner) if in_corner else ""
        label += ", centre marks " + in_words(in_centre) if in_centre else ""
        if cell in colours:
            classes = f"{classes} colour-{colours[cell]}".strip()
            label += f", coloured {COLOUR_NAMES[colours[cell] - 1]}"
        drawn[cell] = replace(
            drawn[cell],
            label=label,
            classes=classes,
            corner=tuple(in_corner),
            centre="".join(in_centre),
        )
    return drawn


def _messages(
    progress: Progress, asked: Asked, unread: Unread | None
) -> tuple[tuple[Message, ...], dict[int, list[str]], dict[int, list[str]]]:
    """What the page says about cells (what cannot be read, then what Check found), and by
    cell the messages about it and the marks it takes ("invalid", "clash", "wrong")."""
    puzzle, grid, shape = progress.puzzle, progress.grid, progress.puzzle.shape
    messages: list[Message] = []
    about: dict[int, list[str]] = defaultdict(list)
    states: dict[int, list[str]] = defaultdict(list)

    def say(text: str, cells: list[int], mark: str, why: str = "", reveal: str = "") -> None:
        message = Message(f"message-{len(messages) + 1}", text, why, reveal)
        messages.append(message)
        for cell in cells:
            about[cell].append(message.id)
            if mark not in states[cell]:
                states[cell].append(mark)

    for cell, text in (unread.problems if unread is not None else {}).items():
        say(text, [cell], "invalid")
    if asked.mistakes is not None:
        for conflict in asked.mistakes.clashes:
            places = [(row - 1) * shape.size + col - 1 for row, col in conflict.cells]
            say(conflict_message(conflict), [c for c in places if not puzzle.cells[c]], "clash")
        for cell in asked.mistakes.wrong:
            say(_not(grid, cell), [cell], "wrong", place_of(shape, cell).name)
        for cell, text, offered in asked.wrong_notes:
            say(text, [cell], "wrong-note", reveal=place_of(shape, cell).name if offered else "")
    return tuple(messages), about, states


def about_puzzle(puzzle: Puzzle, path: Path | None) -> str:
    """What the play page says of the puzzle itself: its rating as its solve page says it
    ("Hard: 3.4 on Sudoku Explainer's scale; the hardest step is an X-wing") and how its
    givens lie ("The givens are the same after a half turn"), when they follow a symmetry."""
    said = [rating_of(path).words + "."] if path is not None else []
    symmetry = symmetry_of(puzzle.grid)
    if symmetry is not None:
        said.append(f"The givens are {DESCRIPTIONS[symmetry]}.")
    return " ".join(said)


def _drawn(
    givens: Grid, position: Position, step: Step
) -> tuple[dict[int, MarkedCell], tuple[KeyEntry, ...]]:
    """Each cell as `step` draws it on `position` (by index), and the drawing's key."""
    drawing, key = pencil_board(givens, position, "", step)
    cells = (c for band in drawing.bands for r in band for c in r)
    return dict(enumerate(cells)), key


def _why_shown(grid: Grid, why: WhyWrong) -> Shown:
    """ "Why r4c7 is not 6" and the reason."""
    return Shown(f"Why {_not(grid, why.cell)}", why.text)


def _tiers(hint: Hint, tier: int, candidates: bool) -> tuple[Shown, ...]:
    """The hint's tiers up to `tier`; with every candidate on show the player has nothing
    to fill in, so tier 1 does not ask them to."""
    tiers = list(hint.tiers[:tier])
    if candidates and hint.follow_along and tiers:
        tiers[0] = tiers[0].replace(f" {FOLLOW_ALONG}", "")
    step = hint.step
    lesson = url_for("learn.lesson", slug=step.technique) if step else ""
    named = technique_name(step.technique) if step else ""
    return tuple(
        Shown(TIER_NAMES[i], text, lesson, named)
        if i == WHAT_IT_IS and step
        else Shown(TIER_NAMES[i], text)
        for i, text in enumerate(tiers)
    )


def _shade(units: tuple[Unit, ...], hint: Hint, states: dict[int, list[str]]) -> None:
    """Tier 1's shading: the hint's units (indexes into the puzzle's `units`); its cells only
    where tier 1 names them anyway (a wrong value or note): a step's cells, or the cell the
    solver answers, would give the answer away."""
    for number in hint.units:
        for cell in units[number].cells:
            if "in-unit" not in states[cell]:
                states[cell].append("in-unit")
    if hint.kind in NAMES_ITS_CELL:
        for cell in hint.cells:
            states[cell].append("hinted")


def _cell(
    shape: Shape,
    puzzle: Grid,
    grid: Grid,
    cell: int,
    mask: int | None,
    drawn: MarkedCell | None,
    notes_mode: bool,
    entered: str | None,
    states: dict[int, list[str]],
    about: dict[int, list[str]],
) -> PlayCell:
    """One cell of the play grid; `entered` is what was typed there when it was refused;
    `drawn` the cell as a tier 2 hint draws it."""
    row, col = place_of(shape, cell)
    given = bool(puzzle.cells[cell])
    value = grid.cells[cell]
    name = Place(row, col).name
    label = f"Row {row}, column {col}" + (", given" if given else "")
    noted = [v for v in range(1, shape.size + 1) if mask is not None and mask >> v & 1]
    marks: tuple[Mark, ...] = ()
    if mask is not None:
        marks = tuple(Mark(shape.symbol(v) if v in noted else "") for v in range(1, shape.size + 1))
        label += ", notes " + (in_words([shape.symbol(v) for v in noted]) if noted else "none")
    classes = ["given" if given else "entry", *states.get(cell, [])]
    if drawn is not None:
        classes += [c for c in drawn.classes.split() if c not in ("open", "given", "found")]
        if not value:
            marks = tuple(mark for row_marks in drawn.marks for mark in row_marks)
            label = f"Row {row}, column {col}, {drawn.label.split(': ', 1)[1]}"
    if about.get(cell) and "invalid" not in classes:
        classes.append("invalid")  # what the page says about it stays when the script checks
    symbol = entered if entered is not None else (shape.symbol(value) if value else "")
    notes_field = notes_mode and not value
    if notes_field:
        name = f"n-{name}"
        symbol = entered if entered is not None else "".join(shape.symbol(v) for v in noted)
        marks = ()
    return PlayCell(
        name=name,
        label=label,
        symbol=symbol,
        locked=given or (notes_mode and bool(value)),
        classes=" ".join(dict.fromkeys(classes)),
        marks=marks,
        invalid=bool(about.get(cell)),
        described_by=" ".join(about.get(cell, [])),
        notes_field=notes_field,
    )


def _not(grid: Grid, cell: int) -> str:
    """ "r4c7 is not 6": an entry the solution does not have, without the value it has."""
    shape = grid.shape
    return f"{place_of(shape, cell).name} is not {shape.symbol(grid.cells[cell])}"
