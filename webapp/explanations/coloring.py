"""Sentences for colouring (simple and multi colours) and empty rectangles."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku import Shape
from ..sudoku.geometry import standard_geometry
from ..sudoku.logic import Step
from ..sudoku.logic.step import TARGET
from ..wording import in_words
from .words import cell_name, removals, unit_name


def _cells(step: Step, role: str) -> list[int]:
    """The step's cells playing `role`, in order."""
    return [cell for cell, played in step.cells if played == role]


def _names(shape: Shape, cells: list[int]) -> str:
    """ "r1c2, r3c4 and r5c6"."""
    return in_words([cell_name(shape, cell) for cell in cells])


def _seeing(shape: Shape, first: list[int], second: list[int]) -> str:
    """ "r1c2 sees r1c7" for a cell of `first` seeing one of `second` ('' if rows, columns
    and boxes show none: a variant's extra unit may join them)."""
    peers = standard_geometry(shape).peers
    for a in first:
        for b in second:
            if a != b and b in peers[a]:
                return f"{cell_name(shape, a)} sees {cell_name(shape, b)}"
    return ""


def _color(shape: Shape, step: Step, role: str) -> str:
    """ "colour A (r1c1, r2c5)": a colour's letter and its cells."""
    return (
        f"colour {role[-1].upper()} ({', '.join(cell_name(shape, c) for c in _cells(step, role))})"
    )


def _strong_links(step: Step, value: str) -> str:
    """ "each of row 1 and box 3 has just two places for 7, one of which holds it"."""
    units = in_words(unit_name(unit) for unit in step.units)
    return f"each of {units} has just two places for {value}, one of which holds it"


def simple_colors_sentence(shape: Shape, step: Step) -> str:
    """A wrap (a colour that sees itself is false) or a trap (a cell seeing both colours)."""
    value = shape.symbol(step.digits[0])
    opening = (
        f"Simple colours on {value}: {_strong_links(step, value)}; colouring along those links,"
        f" {_color(shape, step, 'color-a')} or {_color(shape, step, 'color-b')} holds"
        f" the {value}s"
    )
    false = _cells(step, "color-a")
    if set(_cells(step, TARGET)) == set(false):
        seeing = _seeing(shape, false, false) or "two cells of A see each other"
        return f"{opening}. But {seeing} and both are A, so A is false: {removals(shape, step)}"
    return (
        f"{opening}. Whichever is true, a cell that sees both an A cell and a B cell cannot be"
        f" {value}: {removals(shape, step)}"
    )


def multi_colors_sentence(shape: Shape, step: Step) -> str:
    """A colour seeing both colours of another cluster, or two colours seeing each other."""
    value = shape.symbol(step.digits[0])
    a, c, d = (_cells(step, role) for role in ("color-a", "color-c", "color-d"))
    opening = (
        f"Multi colours on {value}: two separate chains of strong links on {value}, each"
        f" coloured in turn: {_color(shape, step, 'color-a')} or"
        f" {_color(shape, step, 'color-b')} holds the {value}s of the first,"
        f" {_color(shape, step, 'color-c')} or {_color(shape, step, 'color-d')} those of"
        f" the second"
    )
    if set(_cells(step, TARGET)) == set(a):
        seen = ", ".join(filter(None, (_seeing(shape, a, c), _seeing(shape, a, d))))
        because = f" ({seen})" if seen else ""
        return (
            f"{opening}. If A were true, C and D would both be false{because}, so A is"
            f" false: {removals(shape, step)}"
        )
    seen = _seeing(shape, a, c) or "an A cell sees a C cell"
    return (
        f"{opening}. {seen[0].upper()}{seen[1:]}, so A and C are not both true: B or D is,"
        f" and a cell that sees both a B cell and a D cell cannot be {value}:"
        f" {removals(shape, step)}"
    )


def empty_rectangle_sentence(shape: Shape, step: Step) -> str:
    """The box's value in its row or column, and the conjugate pair that settles the target."""
    value = shape.symbol(step.digits[0])
    box, near, far, link = (unit_name(unit) for unit in step.units)
    a, b = (cell_name(shape, cell) for cell in _cells(step, "link"))
    return (
        f"Empty rectangle on {value}: in {box} the {value}s all lie in {near} or {far}, and in"
        f" {link} the {value} is in {a} or {b}. If {a} is {value}, {near} has its {value} and"
        f" {box}'s must be in {far}; if not, {b} is {value}. Either way the cells of {far}"
        f" outside {box} that see {b} cannot be {value}: {removals(shape, step)}"
    )


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Shape, Step], str]] = {
    "simple-colors": simple_colors_sentence,
    "multi-colors": multi_colors_sentence,
    "empty-rectangle": empty_rectangle_sentence,
}
