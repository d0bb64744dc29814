"""Sentences for the Killer techniques that split or compare cages: cage splitting, split
combinations and cage comparison, each saying its arithmetic: "Columns 7 and 8 hold 90;
the cages wholly inside them make 75; so r3c8 + r4c8, cells of cage at r3c6 (sum 21),
make 15, and its other cells r3c6 + r3c7 make 21 - 15 = 6"."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.position import bits_of
from ..wording import in_words
from .cages import WAYS_LISTED, group_name, way_words
from .words import cell_name, removals, unit_name


def _named(geometry: Geometry, step: Step, role: str) -> list[str]:
    """The names of the step's cells playing `role`, in order."""
    return [cell_name(geometry.shape, cell) for cell, played in step.cells if played == role]


def cage_splitting_sentence(geometry: Geometry, step: Step) -> str:
    """The rule of 45's count, the cage it cuts in two, and what each part makes."""
    held, counted, part, rest = step.sums
    groups = [unit for unit in step.units if unit[0] != "cage"]
    split, *others = step.cages
    innies = _named(geometry, step, "cage-innie")
    side = innies or _named(geometry, step, "cage-outie")
    other = _named(geometry, step, "cage-split")
    hold = "holds" if len(groups) == 1 else "hold"
    them = "it" if len(groups) == 1 else "them"
    counted_cages = others if innies else [split, *others]
    names = [cage.name(geometry.shape.size, capital=False) for cage in counted_cages]
    listed = in_words(names) if len(names) <= 2 else f"the {len(names)} cages"
    how = "wholly inside" if innies else "reaching into"
    return (
        f"Cage splitting: {group_name(groups)} {hold} {held}; the cages {how} {them}"
        f" ({listed}) make {counted}; so the {'innies' if innies else 'outies'}"
        f" {' + '.join(side)}, all in {split.name(geometry.shape.size, capital=False)},"
        f" make {part}, and its other cells {' + '.join(other)} make"
        f" {split.total} - {part} = {rest}; each part is filled with different values"
        f" making its sum: {removals(geometry, step)}"
    )


def split_combinations_sentence(geometry: Geometry, step: Step) -> str:
    """A unit's share of the cages lying across its edge, matched with its other cells."""
    unit = unit_name(step.units[0])
    shares = []
    for cage in step.cages:
        inside = [
            cell_name(geometry.shape, cell)
            for cell, role in step.cells
            if role == "base" and cell in cage.cells
        ]
        shares.append(f"{cage.name(geometry.shape.size, capital=False)} has {' + '.join(inside)}")
    lie = "lies" if len(step.cages) == 1 else "lie"
    return (
        f"Split combination in {unit}: {in_words(shares)} in {unit}, and {lie} partly"
        f" outside it; {unit} holds each value once, so the values each way of filling a cage"
        f" puts in {unit} must fit beside the unit's other cages and cells, and only some"
        f" do: {removals(geometry, step)}"
    )


def cage_comparison_sentence(geometry: Geometry, step: Step) -> str:
    """A cage's ways that would leave a cage its cells see no way of making its sum."""
    first, second = step.cages
    lacking, other_lacking, kept = step.sums
    left = sorted(step.combinations[:kept], key=bits_of)
    out = sorted(step.combinations[kept:], key=bits_of)
    named = first.name(geometry.shape.size, capital=False)
    every = len(left) + len(out)
    if every <= WAYS_LISTED:
        opening = f"{named} is filled by {_ways(geometry, sorted(left + out, key=bits_of))}"
    else:
        opening = f"{named} has {every} ways of filling"
    if lacking != first.total:
        opening += f" (making the {lacking} its filled cells leave)"
    other = second.name(geometry.shape.size, capital=False)
    making = f"making {other_lacking}" if other_lacking != second.total else "making its sum"
    rest = _ways(geometry, left) if len(left) <= WAYS_LISTED else f"one of the other {len(left)}"
    return (
        f"Cage comparison: {opening}; with {_ways(geometry, out)} it would leave {other} no way"
        f" of {making} (a cell cannot hold a value that must go in cells it sees); so it is"
        f" {rest}: {removals(geometry, step)}"
    )


def _ways(geometry: Geometry, ways: list[int]) -> str:
    """ "1+4 or 2+3": ways of filling a cage, as masks."""
    return in_words([way_words(geometry, way) for way in ways], "or")


SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "cage-splitting": cage_splitting_sentence,
    "split-combinations": split_combinations_sentence,
    "cage-comparison": cage_comparison_sentence,
}
