"""Sentences for colouring (simple and multi colours) and empty rectangles."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.step import TARGET
from ..wording import in_words
from .words import cell_name, removals, unit_name


def _cells(step: Step, role: str) -> list[int]:
    """The step's cells playing `role`, in order."""
    return [cell for cell, played in step.cells if played == role]


def _names(geometry: Geometry, cells: list[int]) -> str:
    """ "r1c2, r3c4 and r5c6"."""
    return in_words([cell_name(geometry.shape, cell) for cell in cells])


def _seeing(geometry: Geometry, first: list[int], second: list[int]) -> str:
    """ "r1c2 sees r1c7" for a cell of `first` seeing one of `second` in the puzzle's own
    units (a Jigsaw's regions, a variant's extra units), '' for none."""
    peers = geometry.peers
    for a in first:
        for b in second:
            if a != b and b in peers[a]:
                return f"{cell_name(geometry.shape, a)} sees {cell_name(geometry.shape, b)}"
    return ""


def _color(geometry: Geometry, step: Step, role: str) -> str:
    """ "colour A (r1c1, r2c5)": a colour's letter and its cells."""
    names = (cell_name(geometry.shape, cell) for cell in _cells(step, role))
    return f"colour {role[-1].upper()} ({', '.join(names)})"


def _strong_links(step: Step, value: str) -> str:
    """ "each of row 1 and box 3 has just two places for 7, one of which holds it"."""
    units = in_words(unit_name(unit) for unit in step.units)
    return f"each of {units} has just two places for {value}, one of which holds it"


def simple_colors_sentence(geometry: Geometry, step: Step) -> str:
    """A wrap (a colour that sees itself is false) or a trap (a cell seeing both colours)."""
    value = geometry.shape.symbol(step.digits[0])
    opening = (
        f"Simple colours on {value}: {_strong_links(step, value)}; colouring along those links,"
        f" {_color(geometry, step, 'color-a')} or {_color(geometry, step, 'color-b')} holds"
        f" the {value}s"
    )
    false = _cells(step, "color-a")
    if set(_cells(step, TARGET)) == set(false):
        seeing = _seeing(geometry, false, false) or "two cells of A see each other"
        return f"{opening}. But {seeing} and both are A, so A is false: {removals(geometry, step)}"
    return (
        f"{opening}. Whichever is true, a cell that sees both an A cell and a B cell cannot be"
        f" {value}: {removals(geometry, step)}"
    )


def multi_colors_sentence(geometry: Geometry, step: Step) -> str:
    """A colour seeing both colours of another cluster, or two colours seeing each other."""
    value = geometry.shape.symbol(step.digits[0])
    a, c, d = (_cells(step, role) for role in ("color-a", "color-c", "color-d"))
    opening = (
        f"Multi colours on {value}: two separate chains of strong links on {value}, each"
        f" coloured in turn: {_color(geometry, step, 'color-a')} or"
        f" {_color(geometry, step, 'color-b')} holds the {value}s of the first,"
        f" {_color(geometry, step, 'color-c')} or {_color(geometry, step, 'color-d')} those of"
        f" the second"
    )
    if set(_cells(step, TARGET)) == set(a):
        seen = ", ".join(filter(None, (_seeing(geometry, a, c), _seeing(geometry, a, d))))
        because = f" ({seen})" if seen else ""
        return (
            f"{opening}. If A were true, C and D would both be false{because}, so A is"
            f" false: {removals(geometry, step)}"
        )
    seen = _seeing(geometry, a, c) or "an A cell sees a C cell"
    return (
        f"{opening}. {seen[0].upper()}{seen[1:]}, so A and C are not both true: B or D is,"
        f" and a cell that sees both a B cell and a D cell cannot be {value}:"
        f" {removals(geometry, step)}"
    )


def empty_rectangle_sentence(geometry: Geometry, step: Step) -> str:
    """The box's value in its row or column, and the conjugate pair that settles the target."""
    value = geometry.shape.symbol(step.digits[0])
    box, near, far, link = (unit_name(unit) for unit in step.units)
    a, b = (cell_name(geometry.shape, cell) for cell in _cells(step, "link"))
    return (
        f"Empty rectangle on {value}: in {box} the {value}s all lie in {near} or {far}, and in"
        f" {link} the {value} is in {a} or {b}. If {a} is {value}, {near} has its {value} and"
        f" {box}'s must be in {far}; if not, {b} is {value}. Either way the cells of {far}"
        f" outside {box} that see {b} cannot be {value}: {removals(geometry, step)}"
    )


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "simple-colors": simple_colors_sentence,
    "multi-colors": multi_colors_sentence,
    "empty-rectangle": empty_rectangle_sentence,
}
