"""A hint for a player's position, in three tiers: where to look, what it is, and doing it.

A hint is one step of the position as the player has it: their values, and their
notes (pencil marks) where they keep some; a cell without notes counts as holding
every candidate its peers' values allow. A wrong value comes first, then notes
that removed a cell's solution value (a hint from them could prove false
things), never a step worked out from either; the right value of another cell
is not given away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum, unique

from ..sudoku import Grid
from ..sudoku.geometry import Geometry, Unit
from ..sudoku.logic import Position, Step, narrowed, next_step
from ..sudoku.logic.marks_check import wrong_notes
from ..sudoku.logic.techniques import CAGE_TECHNIQUES
from ..sudoku.logic.work import OutOfWork, PastCeiling
from ..sudoku.progress import Progress, check
from ..wording import in_words
from . import sentence
from .cages import cage_where
from .names import step_name, with_article
from .words import capitalized, cell_name, removals, unit_name


@unique
class HintKind(StrEnum):
    """What kind of help a hint gives (the play page and /api/hint say it as its value)."""

    WRONG = "wrong"  # a wrong value: clear it first
    WRONG_NOTE = "wrong-note"  # notes that removed the cell's solution value: put it back
    STEP = "step"  # one step of the position as the player has it
    OUT_OF_REACH = "out-of-reach"  # out of budget or techniques: the solver's answer
    BUSY = "busy"  # the server stopped the search to stay responsive: ask again (never cached)
    DONE = "solved"  # the grid is full and right: nothing left to hint


TIER_NAMES = ("Where to look", "What it is", "Do it")

# Steps read from the values alone: a player needs no notes to follow them.
SINGLES_IN_A_UNIT = ("full-house", "hidden-single")
# Tier 2 is one sentence shorter than this; longer ones get a short wording.
TIER_TWO_LONGEST = 400
# A short wording names this many removals and counts the rest.
REMOVALS_NAMED = 6
FOLLOW_ALONG = "Fill in candidates to follow along."
# Why no step is given: out of work, of time, or of techniques.
STOPPED = "The next step needs more work than a hint may take."
CEILING = "The server is busy and stopped looking for the next step; try again shortly."
STUCK = "The next step needs a technique this solver does not explain yet."


@dataclass(frozen=True)
class Hint:
    """One hint: its kind, the three tiers in words, the step behind it, the values and
    notes after tier 3, and the cells and units (geometry.units indexes) it is about."""

    kind: HintKind
    tiers: tuple[str, str, str]
    step: Step | None
    steps: tuple[Step, ...]
    after: Progress
    marks_after: Position
    cells: tuple[int, ...]
    units: tuple[int, ...]
    follow_along: bool


def hint_for(
    progress: Progress,
    solution: Grid,
    work: float,
    notes: Position | None = None,
    ceiling_seconds: float = math.inf,
) -> Hint:
    """The hint for `progress` toward `solution` (the puzzle's only one), from the player's
    `notes` (on the puzzle's givens; None: no notes anywhere), its step found within
    `work` units (and `ceiling_seconds`, a safety net)."""
    if notes is None:
        notes = Position.from_puzzle(progress.puzzle)
    if progress.grid == solution:
        done = "Solved! Every cell is filled and right."
        return _plain(HintKind.DONE, (done, done, done), progress, notes, ())
    wrong = check(progress, solution).wrong
    if wrong:
        return _wrong_entry(progress, notes, wrong)
    wrong_noted = wrong_notes(notes, progress, solution)
    if wrong_noted:
        return _wrong_note(progress, notes, solution, wrong_noted)
    position = narrowed(notes, progress.grid).assuming_unique()
    try:
        step = next_step(position, work, ceiling_seconds=ceiling_seconds)
    except OutOfWork:
        return _solver_answer(progress, notes, solution, position, STOPPED)
    except PastCeiling:
        return _solver_answer(progress, notes, solution, position, CEILING)
    if step is None:
        return _solver_answer(progress, notes, solution, position, STUCK)
    return _step_hint(progress, notes, step)


def has_notes(notes: Position, progress: Progress, cell: int) -> bool:
    """Whether the player's notes in open `cell` remove a candidate the values allow."""
    allowed = _allowed(progress, cell)
    return bool(allowed & ~notes.candidates[cell])


def _allowed(progress: Progress, cell: int) -> int:
    """The candidates of `cell` that no peer's value rules out (0 for a filled cell)."""
    values = progress.grid.cells
    if values[cell]:
        return 0
    taken = 0
    for peer in progress.puzzle.geometry.peers[cell]:
        taken |= 1 << values[peer]
    return ((1 << progress.puzzle.size) - 1) << 1 & ~taken


def _plain(
    kind: HintKind,
    tiers: tuple[str, str, str],
    after: Progress,
    notes: Position,
    cells: tuple[int, ...],
) -> Hint:
    """A hint without a step."""
    return Hint(kind, tiers, None, (), after, notes, cells, (), False)


def _wrong_entry(progress: Progress, notes: Position, wrong: tuple[int, ...]) -> Hint:
    """The hint for a grid with wrong values: the first of them, to be cleared."""
    shape = progress.puzzle.shape
    cell = wrong[0]
    name, symbol = cell_name(shape, cell), shape.symbol(progress.grid.cells[cell])
    tiers = (
        f"{name} is wrong; fix it before the next step."
        + _others(len(wrong) - 1, "entry is", "entries are"),
        f"{name} is not {symbol}. Every hint from here on needs a grid without mistakes.",
        f"Clear {name}.",
    )
    return _plain(HintKind.WRONG, tiers, progress.with_values({cell: 0}), notes, (cell,))


def _wrong_note(
    progress: Progress, notes: Position, solution: Grid, cells: tuple[int, ...]
) -> Hint:
    """The hint for notes that removed a solution value: the first such cell, put right."""
    shape = progress.puzzle.shape
    cell = cells[0]
    name, symbol = cell_name(shape, cell), shape.symbol(solution.cells[cell])
    tiers = (
        f"{name}'s notes are missing a value; fix them before the next step."
        + _others(len(cells) - 1, "cell's notes are", "cells' notes are"),
        f"You removed {symbol} from {name}, but {symbol} belongs there.",
        f"Put {symbol} back in {name}'s notes.",
    )
    masks = list(notes.candidates)
    masks[cell] |= 1 << solution.cells[cell]
    mended = Position(notes.puzzle, notes.values, tuple(masks), notes.unique)
    return _plain(HintKind.WRONG_NOTE, tiers, progress, mended, (cell,))


def _others(count: int, one: str, many: str) -> str:
    """ " 2 other entries are wrong too." (nothing when there are none): `one` and `many`
    say the count's noun and verb ("entry is", "entries are")."""
    if not count:
        return ""
    return f" {count} other {one if count == 1 else many} wrong too."


def _solver_answer(
    progress: Progress, notes: Position, solution: Grid, position: Position, why: str
) -> Hint:
    """The solver's answer for the open cell with the fewest candidates, when no step is in
    reach (out of work, of techniques, or of time)."""
    shape = progress.puzzle.shape
    cell = min(
        (c for c, value in enumerate(position.values) if not value),
        key=lambda c: position.candidates[c].bit_count(),
    )
    value = shape.symbol(solution.cells[cell])
    name = cell_name(shape, cell)
    kind = HintKind.BUSY if why == CEILING else HintKind.OUT_OF_REACH
    tiers = (why, f"The solver's answer for {name} is {value}.", f"Place {value} in {name}.")
    after = progress.with_values({cell: solution.cells[cell]})
    return _plain(kind, tiers, after, notes, (cell,))


def _step_hint(progress: Progress, notes: Position, step: Step) -> Hint:
    """The hint that is `step`: where, what, and doing it on the values and notes."""
    geometry = progress.puzzle.geometry
    used = dict.fromkeys(
        [cell for cell, _ in step.cells]
        + [cell for cell, _ in step.placements]
        + [cell for cell, _ in step.eliminations]
    )
    follow_along = step.technique not in SINGLES_IN_A_UNIT and any(
        not progress.grid.cells[cell] and not has_notes(notes, progress, cell) for cell in used
    )
    look = f"There is {glimpse(geometry, step)}."
    if follow_along:
        look += f" {FOLLOW_ALONG}"
    tiers = (look, tier_two(geometry, step), _doing(geometry, step))
    after = progress.with_values(dict(step.placements))
    units = _unit_numbers(progress.puzzle.geometry.units, step.units)
    return Hint(
        HintKind.STEP,
        tiers,
        step,
        (step,),
        after,
        _notes_after(progress, notes, step),
        tuple(used),
        units,
        follow_along,
    )


def _unit_numbers(units: tuple[Unit, ...], named: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """The places in `units` (a geometry's) of the (kind, index) units a step names."""
    where = {(unit.kind, unit.index): number for number, unit in enumerate(units)}
    return tuple(where[unit] for unit in named if unit in where)


def _notes_after(progress: Progress, notes: Position, step: Step) -> Position:
    """The player's notes once the step's eliminations are off them (a cell without notes
    gets every candidate the values allow but those)."""
    if not step.eliminations:
        return notes
    masks = list(notes.candidates)
    fresh = {cell for cell, _ in step.eliminations if not has_notes(notes, progress, cell)}
    for cell in fresh:
        masks[cell] = _allowed(progress, cell)
    for cell, value in step.eliminations:
        masks[cell] &= ~(1 << value)
    return Position(notes.puzzle, notes.values, tuple(masks), notes.unique)


def _doing(geometry: Geometry, step: Step) -> str:
    """Tier 3: what doing the step changes."""
    shape = geometry.shape
    said = []
    if step.placements:
        said.append(
            "Place "
            + in_words(f"{shape.symbol(v)} in {cell_name(shape, c)}" for c, v in step.placements)
            + "."
        )
    if step.eliminations:
        said.append(f"In your notes, {removals(geometry, step)}.")
    return " ".join(said)


def tier_two(geometry: Geometry, step: Step) -> str:
    """The step in one sentence, shorter than TIER_TWO_LONGEST characters: the full wording
    when it fits, else the technique, where, and what it does (the drawing shows why)."""
    shape = geometry.shape
    full = capitalized(sentence(geometry, step)) + "."
    if len(full) < TIER_TWO_LONGEST:
        return full
    named = capitalized(glimpse(geometry, step))
    effects = []
    if step.placements:
        effects.append(
            in_words(f"{cell_name(shape, c)} must be {shape.symbol(v)}" for c, v in step.placements)
        )
    if step.eliminations:
        effects.append(f"you can {_few_removals(geometry, step)}")
    short = f"{named} (drawn on the board) shows that {' and '.join(effects)}."
    if len(short) < TIER_TWO_LONGEST:
        return short
    return short[: TIER_TWO_LONGEST - 2] + "…"


def _few_removals(geometry: Geometry, step: Step) -> str:
    """ "remove 7 from r1c2 and r1c3", naming at most REMOVALS_NAMED and counting the rest."""
    shape = geometry.shape
    if len(step.eliminations) <= REMOVALS_NAMED:
        return removals(geometry, step)
    named = step.eliminations[:REMOVALS_NAMED]
    rest = len(step.eliminations) - REMOVALS_NAMED
    listed = in_words(f"{shape.symbol(v)} from {cell_name(shape, c)}" for c, v in named)
    return f"remove {listed}, and {rest} more candidates"


def glimpse(geometry: Geometry, step: Step) -> str:
    """The technique and where it is, without its cells: "a hidden single in box 5",
    "a hidden pair in row 5", "an X-wing on the 7s", "an XY-chain that changes box 2"
    (region 2 in a Jigsaw)."""
    named = with_article(step_name(step))
    if step.cages and step.technique in CAGE_TECHNIQUES:  # not a net leaning on cage sums
        return f"{named} {cage_where(geometry, step)}"
    if step.technique in SINGLES_IN_A_UNIT and step.units:
        return f"{named} in {unit_name(step.units[0])}"
    changed = [cell for cell, _ in step.placements] or [cell for cell, _ in step.eliminations]
    box = _box_name(geometry, changed[0]) if changed else ""
    if step.technique == "naked-single":
        return f"{named} in {box}"
    if len(step.digits) == 1:
        return f"{named} on the {geometry.shape.symbol(step.digits[0])}s"
    if len(step.units) == 1:
        return f"{named} in {unit_name(step.units[0])}"
    return f"{named} that changes {box}" if box else named


def _box_name(geometry: Geometry, cell: int) -> str:
    """ "box 5" for the box holding a 0-based cell, "region 5" in a Jigsaw (whose regions
    stand in for the boxes)."""
    unit = next(unit for unit in geometry.cell_units[cell] if unit.kind in ("box", "region"))
    return unit_name((unit.kind, unit.index))
