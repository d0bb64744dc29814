"""Sentences for the steps of related pairs: a Kropki dot, an X or a V, a non-consecutive
rule, a thermometer's step, each worded by its rule kind's entry (rulebook.RuleKind.between)."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.step import BASE, TARGET
from ..sudoku.rulebook import RULE_KINDS
from ..wording import in_words
from .words import capitalized, cell_name


def _binding(geometry: Geometry, pair: tuple[int, int], cells: str) -> str:
    """What binds the two cells of `pair`, each relation on it in the rulebook's words (a
    line's with the cell nearer its start, {nearer}, and the other, {further})."""
    said = []
    for relation in geometry.relations:
        if pair in relation.pairs and relation.letter in RULE_KINDS:
            kind = RULE_KINDS[relation.letter]
            words = kind.unmarked_between if relation.unmarked else kind.between
            nearer, further = (cell_name(geometry.shape, cell) for cell in pair)
            if relation.turned:
                nearer, further = further, nearer
            said.append(words.format(cells=cells, nearer=nearer, further=further))
    return "; and ".join(said) or f"{cells} are related"


def relation_pair_sentence(geometry: Geometry, step: Step) -> str:
    """A related pair: the other cell's values leave some candidates of this one no partner."""
    roles = dict((role, cell) for cell, role in step.cells)
    base, target = roles[BASE], roles[TARGET]
    names = [cell_name(geometry.shape, cell) for cell in sorted((base, target))]
    binding = _binding(geometry, (min(base, target), max(base, target)), in_words(names))
    digits = [geometry.shape.symbol(value) for value in step.digits]
    other = cell_name(geometry.shape, base)
    gone = [geometry.shape.symbol(value) for _, value in step.eliminations]
    return (
        f"{capitalized(binding)}; {other} can only be {in_words(digits, 'or')}, so"
        f" {cell_name(geometry.shape, target)} cannot be {in_words(gone, 'or')}"
    )


def line_sum_sentence(geometry: Geometry, step: Step) -> str:
    """A sum line (an arrow): the least and most its other cells make bound this one, in its
    kind's words ({start}: the line's first cell, {rest}: the others, in the line's order;
    {cells}: all of them, {value}: an outside clue's number, a little killer's):
    "The arrow's circle r2c2 is the sum of r2c3 and r2c4, so r2c2 is from 3 to 9: it cannot
    be 1 or 2"."""
    roles = dict((role, cell) for cell, role in step.cells)
    target = roles[TARGET]
    named = {cell for cell, _ in step.cells}
    line = next(each for each in geometry.line_sums if {c for c, _ in each.terms} == named)
    names = [cell_name(geometry.shape, cell) for cell, _ in line.terms]
    kind = RULE_KINDS.get(line.letter)
    words = kind.between if kind is not None and kind.between else "{start} and {rest} are a sum"
    first = kind.circled if kind is not None and kind.circled else 1
    binding = words.format(
        start=in_words(names[:first]),
        rest=in_words(names[first:]) if names[first:] else "",
        cells=in_words(names),
        value=line.total,
    )
    least, most = (geometry.shape.symbol(value) for value in step.digits)
    gone = [geometry.shape.symbol(value) for _, value in step.eliminations]
    return (
        f"{capitalized(binding)}, so {cell_name(geometry.shape, target)} is from {least} to"
        f" {most}: it cannot be {in_words(gone, 'or')}"
    )


SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "relation-pair": relation_pair_sentence,
    "line-sum": line_sum_sentence,
}
