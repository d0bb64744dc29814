"""Sentences for the logic engine's steps, as a patient teacher would say them.

The engine finds steps and returns values; this package words them, the same
for the command line and the pages: one table, SENTENCES, from each technique's
slug to the function that words its steps; the first techniques are worded here,
the later families each in a module of their own beside it (SENTENCES in each).
Cells are named r3c7, units "row 3", "box 5"; values by their symbols (A is
10 on big grids).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.levels import LEVELS, level_of
from ..sudoku.logic.step import BASE, TARGET
from ..wording import in_words
from . import als, cage_splits, cages, chains, coloring, forcing, relations, uniqueness
from .names import technique_name
from .words import cell_name, removals, unit_name

__all__ = [
    "LEVELS",
    "SENTENCES",
    "UnknownTechnique",
    "cell_name",
    "level_of",
    "removals",
    "sentence",
    "unit_name",
]

Wording = Callable[[Geometry, Step], str]


class UnknownTechnique(ValueError):
    """A step whose technique has no sentence: a technique added without its wording."""


def sentence(geometry: Geometry, step: Step) -> str:
    """The step in words, e.g. "r5c6 must be 7: it is the only place for 7 in box 5"."""
    wording = SENTENCES.get(step.technique)
    if wording is None:
        raise UnknownTechnique(f"no sentence for the technique {step.technique!r}")
    return wording(geometry, step)


def _symbols(geometry: Geometry, step: Step) -> list[str]:
    """The step's values by their symbols."""
    return [geometry.shape.symbol(value) for value in step.digits]


def _playing(geometry: Geometry, step: Step, role: str) -> list[str]:
    """The names of the step's cells playing `role`, in order."""
    return [cell_name(geometry.shape, cell) for cell, played in step.cells if played == role]


def _units(step: Step) -> list[str]:
    """The step's units by name."""
    return [unit_name(unit) for unit in step.units]


def full_house_sentence(geometry: Geometry, step: Step) -> str:
    """A full house: the last empty cell of a unit."""
    target, digits, units = _playing(geometry, step, TARGET), _symbols(geometry, step), _units(step)
    return f"{target[0]} is {digits[0]}: it is the last empty cell of {units[0]}"


def hidden_single_sentence(geometry: Geometry, step: Step) -> str:
    """A hidden single: the only place for a value in a unit."""
    target, digits, units = _playing(geometry, step, TARGET), _symbols(geometry, step), _units(step)
    return f"{target[0]} must be {digits[0]}: it is the only place for {digits[0]} in {units[0]}"


def naked_single_sentence(geometry: Geometry, step: Step) -> str:
    """A naked single: the only value left for a cell."""
    target, digits = _playing(geometry, step, TARGET), _symbols(geometry, step)
    return f"{target[0]} must be {digits[0]}: no other value is left for it"


def intersection_sentence(geometry: Geometry, step: Step) -> str:
    """Pointing or claiming: a value of one unit confined to its overlap with another."""
    digits = _symbols(geometry, step)
    first, second = _units(step)
    return (
        f"{step.technique.capitalize()}: in {first} the {digits[0]}s are all in {second}, so"
        f" {digits[0]} can go nowhere else in {second}: {removals(geometry, step)}"
    )


def locked_subset_sentence(geometry: Geometry, step: Step) -> str:
    """A locked pair or triple: a naked subset that clears the two units it shares."""
    base, digits, units = _playing(geometry, step, BASE), _symbols(geometry, step), _units(step)
    size = step.technique.partition("-")[2]
    either = "either" if len(units) == 2 else "any of them"
    return (
        f"Locked {size}: {in_words(base)} can only be {in_words(digits, 'or')}, and they"
        f" share {in_words(units)}, so no other cell of {either} can: {removals(geometry, step)}"
    )


def naked_subset_sentence(geometry: Geometry, step: Step) -> str:
    """A naked pair, triple or quad: k cells of a unit with k values between them."""
    base, digits, units = _playing(geometry, step, BASE), _symbols(geometry, step), _units(step)
    size = step.technique.partition("-")[2]
    return (
        f"Naked {size}: {in_words(base)} can only be {in_words(digits, 'or')}, so no"
        f" other cell of {units[0]} can: {removals(geometry, step)}"
    )


def hidden_subset_sentence(geometry: Geometry, step: Step) -> str:
    """A hidden pair, triple or quad: k values of a unit with only k places."""
    base, digits, units = _playing(geometry, step, BASE), _symbols(geometry, step), _units(step)
    size = step.technique.partition("-")[2]
    return (
        f"Hidden {size}: in {units[0]}, {in_words(digits)} fit only {in_words(base)},"
        f" so those cells hold nothing else: {removals(geometry, step)}"
    )


def finned_fish_sentence(geometry: Geometry, step: Step) -> str:
    """A finned or sashimi fish: the fish holds, or a fin holds the value."""
    digits, units = _symbols(geometry, step), _units(step)
    # bases, covers, then the fins' box (a region in a Jigsaw)
    count = len(units) // 2
    bases, covers = units[:count], units[count : 2 * count]
    box = units[2 * count] if len(units) > 2 * count else "the fin's box"
    fins = _playing(geometry, step, "fin")
    name = technique_name(step.technique)
    lines = f"{bases[0].split()[0]}s {in_words(u.split()[1] for u in bases)}"
    across = f"{covers[0].split()[0]}s {in_words(u.split()[1] for u in covers)}"
    return (
        f"{name} on {digits[0]}: in {lines} the {digits[0]}s are all in {across} but for"
        f" the fin {in_words(fins)}; either the fish holds or a fin is {digits[0]}, and"
        f" either way the cells of those {covers[0].split()[0]}s in {box} cannot"
        f" be {digits[0]}: {removals(geometry, step)}"
    )


def fish_sentence(geometry: Geometry, step: Step) -> str:
    """An X-wing, swordfish or jellyfish: a value's places in k lines lie in k lines across."""
    digits, units = _symbols(geometry, step), _units(step)
    count = len(units) // 2
    bases, covers = units[:count], units[count:]
    lines = f"{bases[0].split()[0]}s {in_words(u.split()[1] for u in bases)}"
    across = f"{covers[0].split()[0]}s {in_words(u.split()[1] for u in covers)}"
    return (
        f"{step.technique.capitalize()} on {digits[0]}: in {lines} the {digits[0]}s are all in"
        f" {across}, so {digits[0]} can go nowhere else in those"
        f" {covers[0].split()[0]}s: {removals(geometry, step)}"
    )


def single_digit_sentence(geometry: Geometry, step: Step) -> str:
    """A skyscraper, two-string kite or turbot fish: two strong links joined by a weak one."""
    far_a, near_a, near_b, far_b = _playing(geometry, step, "link")
    value, (first, second) = _symbols(geometry, step)[0], _units(step)
    name = step.technique.replace("-", " ").capitalize()
    return (
        f"{name} on {value}: in {first} the {value} is in {far_a} or {near_a}, in {second}"
        f" in {near_b} or {far_b}; {near_a} and {near_b} cannot both be {value}, so"
        f" {far_a} or {far_b} is: {removals(geometry, step)}"
    )


def leftovers_sentence(geometry: Geometry, step: Step) -> str:
    """The Law of Leftovers in words: k lines and k regions hold the same values, so what
    is left over of each does too."""
    count = len(step.units) // 2
    lines, regions = _several(step.units[:count]), _several(step.units[count:])
    innies = [cell_name(geometry.shape, cell) for cell, role in step.cells if role == "innie"]
    outies = [cell_name(geometry.shape, cell) for cell, role in step.cells if role == "outie"]
    each = {1: "once", 2: "twice"}.get(count, f"{count} times")
    hold, do = ("holds", "does") if count == 1 else ("hold", "do")
    opening = f"Law of leftovers: {lines} {hold} each value {each}, and so {do} {regions}"
    if len(innies) == 1:
        return (
            f"{opening}; so {innies[0]}, the one cell of {lines} outside {regions}, holds the"
            f" same value as {outies[0]}, the one cell of {regions} outside {lines}:"
            f" {removals(geometry, step)}"
        )
    return (
        f"{opening}; so the cells of {lines} outside {regions} ({in_words(innies)}) hold the"
        f" same values as the cells of {regions} outside {lines} ({in_words(outies)}), and"
        f" each can only be a value the other side can hold: {removals(geometry, step)}"
    )


def _several(units: tuple[tuple[str, int], ...]) -> str:
    """ "row 5", "rows 5 and 6": units of one kind by their numbers."""
    if len(units) == 1:
        return unit_name(units[0])
    return f"{units[0][0]}s {in_words([str(index) for _, index in units])}"


def wxyz_wing_sentence(geometry: Geometry, step: Step) -> str:
    """A WXYZ-wing in words: three values fill at most one cell each, so the fourth fills one."""
    wing = [
        cell_name(geometry.shape, cell) for cell, role in step.cells if role in ("wing", "wing-z")
    ]
    holders = [cell_name(geometry.shape, cell) for cell, role in step.cells if role == "wing-z"]
    removed = geometry.shape.symbol(step.eliminations[0][1])
    others = [geometry.shape.symbol(v) for v in step.digits if geometry.shape.symbol(v) != removed]
    both = "both" if len(holders) == 2 else "them all"
    return (
        f"WXYZ-wing: {in_words(wing)} can only hold {in_words(others + [removed])} between"
        f" them; for each of {in_words(others)}, the cells among them that can hold it all see"
        f" each other, so it fills at most one of the four, and {removed} must fill at least"
        f" one: one of {in_words(holders)} is {removed}, and a cell seeing {both} cannot be:"
        f" {removals(geometry, step)}"
    )


def wing_sentence(geometry: Geometry, step: Step) -> str:
    """An XY-, XYZ- or W-wing in words: why one of its pincers must hold the removed value."""
    roles: dict[str, list[str]] = defaultdict(list)
    for cell, role in step.cells:
        roles[role].append(cell_name(geometry.shape, cell))
    removed = geometry.shape.symbol(step.eliminations[0][1])
    others = [geometry.shape.symbol(v) for v in step.digits if geometry.shape.symbol(v) != removed]
    first, second = roles["pincer"]
    if step.technique == "xy-wing":
        (pivot,) = roles["pivot"]
        return (
            f"XY-wing: whether {pivot} is {in_words(others, 'or')}, one of {first} and"
            f" {second} must be {removed}: {removals(geometry, step)}"
        )
    if step.technique == "xyz-wing":
        (pivot,) = roles["pivot"]
        return (
            f"XYZ-wing: whatever {pivot} is, one of {pivot}, {first} and {second} must be"
            f" {removed}: {removals(geometry, step)}"
        )
    link = geometry.shape.symbol(
        next(v for v in step.digits if geometry.shape.symbol(v) != removed)
    )
    a, b = roles["link"]
    return (
        f"W-wing: {first} and {second} are each {link} or {removed}, and the {link} of"
        f" {unit_name(step.units[0])} is in {a} or {b}, one seeing each; so one of {first}"
        f" and {second} must be {removed}: {removals(geometry, step)}"
    )


# slug -> the function that words a step of that technique: every technique has one
SENTENCES: dict[str, Wording] = {
    "full-house": full_house_sentence,
    "hidden-single": hidden_single_sentence,
    "naked-single": naked_single_sentence,
    "pointing": intersection_sentence,
    "claiming": intersection_sentence,
    "locked-pair": locked_subset_sentence,
    "locked-triple": locked_subset_sentence,
    **dict.fromkeys(("naked-pair", "naked-triple", "naked-quad"), naked_subset_sentence),
    **dict.fromkeys(("hidden-pair", "hidden-triple", "hidden-quad"), hidden_subset_sentence),
    **dict.fromkeys(("x-wing", "swordfish", "jellyfish"), fish_sentence),
    **dict.fromkeys(
        (
            f"{kind}-{fish}"
            for kind in ("finned", "sashimi")
            for fish in ("x-wing", "swordfish", "jellyfish")
        ),
        finned_fish_sentence,
    ),
    **dict.fromkeys(("skyscraper", "two-string-kite", "turbot-fish"), single_digit_sentence),
    **dict.fromkeys(("xy-wing", "xyz-wing", "w-wing"), wing_sentence),
    "wxyz-wing": wxyz_wing_sentence,
    "law-of-leftovers": leftovers_sentence,
    # the later families word their own techniques
    **als.SENTENCES,
    **cages.SENTENCES,
    **cage_splits.SENTENCES,
    **chains.SENTENCES,
    **coloring.SENTENCES,
    **forcing.SENTENCES,
    **relations.SENTENCES,
    **uniqueness.SENTENCES,
}
