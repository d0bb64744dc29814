"""Sentences for uniqueness techniques: unique rectangles, hidden rectangles and BUG+1.

Each rectangle sentence says which corners can only hold the pair, what would
happen if the rest did too (the pair could swap: two solutions), and what the
puzzle having one solution therefore rules out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..wording import in_words
from .words import cell_name, removals, unit_name

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def _roles(geometry: Geometry, step: Step) -> dict[str, list[str]]:
    """The step's cell names by role, in the order the step lists them."""
    roles: dict[str, list[str]] = defaultdict(list)
    for cell, role in step.cells:
        roles[role].append(cell_name(geometry.shape, cell))
    return roles


def _pair(geometry: Geometry, step: Step) -> tuple[str, str]:
    """The rectangle's two values as symbols."""
    u, v = (geometry.shape.symbol(value) for value in step.digits[:2])
    return u, v


def _floors(geometry: Geometry, step: Step) -> str:
    """ "r3c1 and r3c5 can only be 2 or 7"."""
    floors = _roles(geometry, step)["floor"]
    return f"{in_words(floors)} can only be {in_words(_pair(geometry, step), 'or')}"


def _deadly(geometry: Geometry, step: Step) -> str:
    """What a rectangle of the pair would allow: its values could swap."""
    u, v = _pair(geometry, step)
    cells = sorted(cell for cell, role in step.cells if role in ("floor", "roof"))
    corners = in_words(cell_name(geometry.shape, cell) for cell in cells)
    return (
        f"{corners} would hold only {u}s and {v}s, which could swap, and the puzzle would"
        " have two solutions"
    )


def _removals_by_cell(geometry: Geometry, step: Step) -> str:
    """ "remove 2 and 7 from r9c3, and 4 from r8c8", cells with the same values together."""
    by_cell: dict[int, list[str]] = defaultdict(list)
    for cell, value in step.eliminations:
        by_cell[cell].append(geometry.shape.symbol(value))
    by_values: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for cell, values in by_cell.items():
        by_values[tuple(values)].append(cell_name(geometry.shape, cell))
    parts = [f"{in_words(values)} from {in_words(cells)}" for values, cells in by_values.items()]
    *rest, last = parts
    return "remove " + (f"{', '.join(rest)}, and {last}" if rest else last)


def type_1(geometry: Geometry, step: Step) -> str:
    """Type 1: the one corner with other candidates must be one of those."""
    (roof,) = _roles(geometry, step)["roof"]
    return (
        f"Unique rectangle: {_floors(geometry, step)}; if {roof} were"
        f" {in_words(_pair(geometry, step), 'or')} too, {_deadly(geometry, step)}; since it has"
        f" one, {roof} must be something else: {_removals_by_cell(geometry, step)}"
    )


def type_2(geometry: Geometry, step: Step) -> str:
    """Type 2: one of the roofs holds their one extra value."""
    roofs = _roles(geometry, step)["roof"]
    extra = geometry.shape.symbol(step.eliminations[0][1])
    if len(roofs) == 2:
        none, every = f"neither {roofs[0]} nor {roofs[1]}", "both"
    else:
        none, every = f"none of {in_words(roofs)}", "all of them"
    return (
        f"Unique rectangle: {_floors(geometry, step)}; if {none} were {extra} (their only"
        f" other candidate), {_deadly(geometry, step)}; since it has one, one of them is"
        f" {extra}, so no cell that sees {every} can be: {removals(geometry, step)}"
    )


def type_3(geometry: Geometry, step: Step) -> str:
    """Type 3: the roofs act as one cell holding their extras, in a naked subset."""
    roles = _roles(geometry, step)
    roofs, subset = roles["roof"], roles["subset"]
    values = [geometry.shape.symbol(value) for value in step.digits[2:]]
    name = SUBSET_NAMES.get(len(values), "subset")
    unit = unit_name(step.units[0])
    return (
        f"Unique rectangle: {_floors(geometry, step)}; if {in_words(roofs)} were only"
        f" {in_words(_pair(geometry, step), 'or')} as well, {_deadly(geometry, step)}; since it"
        " has one, one of them holds one of its other candidates. Taken as one cell"
        f" holding those, they make with {in_words(subset)} a naked {name} on"
        f" {in_words(values)} in {unit}, so no other cell of {unit} can hold them:"
        f" {_removals_by_cell(geometry, step)}"
    )


def type_4(geometry: Geometry, step: Step) -> str:
    """Type 4: a pair value must be in a roof, so neither roof can be the other value."""
    roofs = _roles(geometry, step)["roof"]
    removed = step.eliminations[0][1]
    linked = geometry.shape.symbol(next(value for value in step.digits if value != removed))
    other = geometry.shape.symbol(removed)
    return (
        f"Unique rectangle: {_floors(geometry, step)}, and the {linked} of"
        f" {unit_name(step.units[0])} can only go in {in_words(roofs, 'or')}, so one of"
        f" them is {linked}; if the other were {other}, {_deadly(geometry, step)}; since it"
        f" has one, neither can be {other}: {removals(geometry, step)}"
    )


def hidden_rectangle(geometry: Geometry, step: Step) -> str:
    """A hidden rectangle: the corner across from a bivalue one cannot be the other value."""
    roles = _roles(geometry, step)
    (pair_corner,) = roles["floor"]
    first, second, across = roles["roof"]
    removed = step.eliminations[0][1]
    linked = geometry.shape.symbol(next(value for value in step.digits if value != removed))
    other = geometry.shape.symbol(removed)
    first_unit, second_unit = (unit_name(unit) for unit in step.units)
    return (
        f"Hidden rectangle: {pair_corner} can only be {in_words(_pair(geometry, step), 'or')}."
        f" If {across} were {other}, the {linked} of {first_unit} would have to go in"
        f" {first} and the {linked} of {second_unit} in {second}, so {pair_corner} would"
        f" be {other}; then"
        f" {_deadly(geometry, step)}; since it has one, {across} is not {other}:"
        f" {removals(geometry, step)}"
    )


def bug_plus_one(geometry: Geometry, step: Step) -> str:
    """BUG+1: the one cell with three candidates must hold the value that breaks the grave."""
    ((cell, value),) = step.placements
    name, symbol = cell_name(geometry.shape, cell), geometry.shape.symbol(value)
    kinds = in_words(list(dict.fromkeys(kind for kind, _ in step.units)))
    return (
        f"BUG+1: every open cell but {name} has just two candidates. If {name} were not"
        f" {symbol}, every value would have exactly two places in each {kinds} still"
        " missing it; then every open cell could take its other candidate instead, so the"
        f" puzzle would have no solution or two. Since it has one, {name} must be {symbol}"
    )


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "unique-rectangle-1": type_1,
    "unique-rectangle-2": type_2,
    "unique-rectangle-3": type_3,
    "unique-rectangle-4": type_4,
    "hidden-rectangle": hidden_rectangle,
    "bug-plus-1": bug_plus_one,
}
