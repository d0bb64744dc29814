"""Sentences for the steps of related pairs: a Kropki dot, an X or a V, a non-consecutive
rule, a thermometer's step, and of marked cells (an even cell), each worded by its rule
kind's entry (rulebook.RuleKind.between)."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.step import BASE, TARGET
from ..sudoku.rulebook import RULE_KINDS, clue_where
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
    kind's words ({start}: the sum's cells weighed up, an arrow's circle; {rest}: those
    weighed down, its arrow; each in the sum's order; {cells}: all of them, {value}: an
    outside clue's number, a little killer's): "The arrow's circle r2c2 is the sum of r2c3
    and r2c4, so r2c2 is from 3 to 9: it cannot be 1 or 2"."""
    roles = dict((role, cell) for cell, role in step.cells)
    target = roles[TARGET]
    named = {cell for cell, _ in step.cells}
    line = next(each for each in geometry.line_sums if {c for c, _ in each.terms} == named)
    up = [cell_name(geometry.shape, cell) for cell, weight in line.terms if weight > 0]
    down = [cell_name(geometry.shape, cell) for cell, weight in line.terms if weight < 0]
    kind = RULE_KINDS.get(line.letter)
    words = kind.between if kind is not None and kind.between else "{start} and {rest} are a sum"
    names = [cell_name(geometry.shape, cell) for cell, _ in line.terms]
    binding = words.format(
        start=in_words(up) if up else "",
        rest=in_words(down) if down else "",  # none for a little killer's, all weighed up
        cells=in_words(names),
        value=line.total,
    )
    least, most = (geometry.shape.symbol(value) for value in step.digits)
    gone = [geometry.shape.symbol(value) for _, value in step.eliminations]
    return (
        f"{capitalized(binding)}, so {cell_name(geometry.shape, target)} is from {least} to"
        f" {most}: it cannot be {in_words(gone, 'or')}"
    )


def line_rule_sentence(geometry: Geometry, step: Step) -> str:
    """A line rule (a between line): what the line's other cells can still hold leaves this
    one only some digits, in its kind's words ({start} and {end}: the line's ends, {rest}:
    the cells between): "R1c1 and r1c5 end a between line through r1c3, so with what the
    line's other cells can still hold, r1c3 can only be 2 to 8: it cannot be 1 or 9"."""
    roles = dict((role, cell) for cell, role in step.cells)
    target = roles[TARGET]
    named = {cell for cell, _ in step.cells}
    line = next(each for each in geometry.line_rules if set(each.cells) == named)
    names = [cell_name(geometry.shape, cell) for cell in line.cells]
    kind = RULE_KINDS.get(line.letter)
    words = kind.between if kind is not None and kind.between else "{start} to {end} is a line"
    n = geometry.shape.size
    clue = clue_where(n, line.cells) if line.value is not None else ""
    binding = words.format(
        start=names[0],
        end=names[-1],
        rest=in_words(names[1:-1]),
        value=line.value,
        clue=clue,  # an outside kind's (a sandwich's): "left of row 3"
        largest=geometry.shape.symbol(n),
    )
    kept = [geometry.shape.symbol(value) for value in step.digits]
    gone = [geometry.shape.symbol(value) for _, value in step.eliminations]
    return (
        f"{capitalized(binding)}, so with what the line's other cells can still hold,"
        f" {cell_name(geometry.shape, target)} can only be {_digits_said(kept)}: it cannot be"
        f" {in_words(gone, 'or')}"
    )


def _digits_said(symbols: list[str]) -> str:
    """Digits in words: "2 to 8" for three or more in a row, else "2, 4 or 6"."""
    numbers = [int(symbol) for symbol in symbols if symbol.isdigit()]
    if (
        len(symbols) >= 3
        and len(numbers) == len(symbols)
        and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    ):
        return f"{symbols[0]} to {symbols[-1]}"
    return in_words(symbols, "or")


def cell_rule_sentence(geometry: Geometry, step: Step) -> str:
    """A marked cell (an even cell) whose kind does not allow some of its candidates, in the
    kind's words ({cell}, {digits}): "R1c1 is an even cell, so it is not 1, 3 or 5"."""
    target = step.cells[0][0]
    gone = [value for _, value in step.eliminations]
    words = "{cell} is marked, so it is not {digits}"
    for each in geometry.cells:
        kind = RULE_KINDS.get(each.letter)
        allows = kind.allows if kind is not None else None
        if target in each.cells and allows is not None and kind is not None and kind.between:
            if not any(allows(geometry.shape.size, value) for value in gone):
                words = kind.between
                break
    digits = in_words([geometry.shape.symbol(value) for value in gone], "or")
    return capitalized(words.format(cell=cell_name(geometry.shape, target), digits=digits))


SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "relation-pair": relation_pair_sentence,
    "line-sum": line_sum_sentence,
    "line-rule": line_rule_sentence,
    "cell-rule": cell_rule_sentence,
}
