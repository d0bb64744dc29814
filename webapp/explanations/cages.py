"""Sentences for a Killer's cage techniques: a cage's last cell, its combinations, the
rule of 45 (innies and outies) and where a cage and a unit overlap, each saying its
arithmetic: "Rows 1 to 3 hold 135; the cages wholly inside them make 128; so r3c4 + r3c5
make 7"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..sudoku.cages import Cage, combinations
from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.position import bits_of
from ..sudoku.logic.step import TARGET
from ..wording import count_word, in_words
from .words import cell_name, removals, unit_name

# Ways of making a sum listed in full up to this many; past it, counted.
WAYS_LISTED = 6


def _cells(geometry: Geometry, step: Step, role: str) -> list[str]:
    """The names of the step's cells playing `role`, in order."""
    return [cell_name(geometry.shape, cell) for cell, played in step.cells if played == role]


def way_words(geometry: Geometry, values: int) -> str:
    """ "1+2+7" for a set of values as a mask (bit v for value v)."""
    return "+".join(geometry.shape.symbol(value) for value in bits_of(values))


def last_cell_sentence(geometry: Geometry, step: Step) -> str:
    """The last open cell of a cage takes what its sum lacks."""
    (cage,) = step.cages
    (target,) = _cells(geometry, step, TARGET)
    value = geometry.shape.symbol(step.digits[0])
    if len(cage.cells) == 1:
        return f"{target} is {value}: it is the one cell of {cage.name(geometry.shape.size, False)}"
    made = cage.total - step.digits[0] if cage.total is not None else 0
    return (
        f"{target} is {value}: it is the last empty cell of"
        f" {cage.name(geometry.shape.size, False)}, whose other cells make {made}"
    )


def combinations_sentence(geometry: Geometry, step: Step) -> str:
    """The ways a cage's open cells can still be filled, and what none of them puts where."""
    (cage,) = step.cages
    (lacking,) = step.sums
    cells = _cells(geometry, step, "base")
    count = len(cells)
    opening = f"{cage.name(geometry.shape.size)}: {in_words(cells)} need {count} different values"
    if lacking != cage.total:
        opening += f" adding up to {lacking}, what the cage's filled cells leave of its sum"
    else:
        opening += f" adding up to {lacking}"
    every = len(combinations(geometry.shape.size, count, lacking))
    ways = step.combinations
    listed = _ways(geometry, step)
    if len(ways) == every:
        said = f"that is {listed}" if len(ways) > 1 else f"only {listed} does"
    else:
        said = f"of its {every} ways only {listed} {'fit' if len(ways) > 1 else 'fits'}"
        said += " their candidates"
    return f"{opening}; {said}, each value in a cell that can hold it: {removals(geometry, step)}"


def rule_of_45_sentence(geometry: Geometry, step: Step) -> str:
    """The rule of 45's count, its arithmetic, and what balancing it places or removes."""
    size = geometry.shape.size
    held, counted, filled_in, filled_out = step.sums
    groups = [unit for unit in step.units if unit[0] != "cage"]
    where = group_name(groups)
    hold = "holds" if len(groups) == 1 else "hold"
    innies = [cell for cell, role in step.cells if role == "cage-innie"]
    outies = [cell for cell, role in step.cells if role == "cage-outie"]
    names = [cage.name(size, capital=False) for cage in step.cages]
    cages = in_words(names) if len(names) <= 2 else f"the {len(names)} cages"
    if not outies:
        counting = f"the cages wholly inside {_them(groups)} ({cages}) make {counted}"
    elif not innies:
        counting = f"the cages reaching into {_them(groups)} ({cages}) make {counted}"
    else:
        counting = f"the cages mostly inside {_them(groups)} ({cages}) make {counted}"
    opening = f"Rule of 45: {where} {hold} {held}; {counting}"
    equation = _equation(geometry, innies, outies, counted - held)
    known = []
    if filled_in:
        known.append(f"the filled innies hold {filled_in}")
    if filled_out:
        known.append(f"the filled outies hold {filled_out}")
    filled = f" ({in_words(known)})" if known else ""
    if step.placements:
        ((cell, value),) = step.placements
        outcome = f"{cell_name(geometry.shape, cell)} is {geometry.shape.symbol(value)}"
        if len(innies + outies) == 1:
            return f"{opening}; so {equation}"
        return f"{opening}; so {equation}{filled}, and {outcome}"
    if step.technique == "rule-of-45-combinations":
        held_in = _holding_cages(geometry, innies + outies)
        balance = (
            f"only some values balance it and leave {held_in} a way of making its sum:"
            f" {removals(geometry, step)}"
        )
        return f"{opening.replace('Rule of 45', 'Rule of 45 with combinations', 1)}; so" + (
            f" {equation}{filled}, and {balance}"
        )
    balance = f"only some values balance it: {removals(geometry, step)}"
    return f"{opening}; so {equation}{filled}, and {balance}"


def _holding_cages(geometry: Geometry, cells: list[int]) -> str:
    """ "the cage of 15 at r3c4 and the cage of 9 at r3c6", or "each cage holding one of
    them" past two: the cages with a sum that hold some of `cells`."""
    numbers = dict.fromkeys(
        number
        for cell in cells
        if (number := geometry.cell_cage[cell]) is not None
        and geometry.cage_totals[number] is not None
    )
    if len(numbers) > 2:
        return "each cage holding one of them"
    size = geometry.shape.size
    named = [
        Cage(geometry.cages[number], geometry.cage_totals[number]).name(size, capital=False)
        for number in numbers
    ]
    return in_words(named) if len(named) > 1 else (named[0] if named else "their cages")


def group_name(units: list[tuple[str, int]]) -> str:
    """ "row 3", "rows 1 to 3", "box 1 and box 2"."""
    if len(units) == 1:
        return unit_name(units[0])
    kinds = {kind for kind, _ in units}
    numbers = [index for _, index in units]
    if len(kinds) == 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        kind = units[0][0]
        if len(units) == 2:
            return f"{kind}s {numbers[0]} and {numbers[1]}"
        return f"{kind}s {numbers[0]} to {numbers[-1]}"
    return in_words([unit_name(unit) for unit in units])


def _them(units: list[tuple[str, int]]) -> str:
    """ "it" for one unit, "them" for several."""
    return "it" if len(units) == 1 else "them"


def _equation(geometry: Geometry, innies: list[int], outies: list[int], difference: int) -> str:
    """ "the innie r3c7 is 1", "the innies r1c9 + r2c9 make 7", "the outies r4c1 + r4c2
    make 9", "r4c1 is 5 more than r3c3": the innies and outies as the count balances them."""
    plus = " + ".join(cell_name(geometry.shape, cell) for cell in outies)
    minus = " + ".join(cell_name(geometry.shape, cell) for cell in innies)
    if not outies or not innies:
        side, cells, total = (
            ("innie", minus, -difference) if not outies else ("outie", plus, difference)
        )
        if len(innies + outies) == 1:
            return f"the {side} {cells} is {total}"
        return f"the {side}s {cells} make {total}"
    if difference < 0:
        plus, minus, difference = minus, plus, -difference
    return (
        f"{plus} {'is' if '+' not in plus else 'are'} {difference} more than {minus}"
        if difference
        else f"{plus} and {minus} are the same"
    )


def _ways(geometry: Geometry, step: Step) -> str:
    """ "1+2+7 or 1+3+6", or "8 ways" past WAYS_LISTED: the step's ways of filling a cage."""
    ways = sorted(step.combinations, key=bits_of)
    if len(ways) > WAYS_LISTED:
        return f"{len(ways)} ways"
    return in_words([way_words(geometry, way) for way in ways], "or")


def cage_unit_overlap_sentence(geometry: Geometry, step: Step) -> str:
    """A value every way of filling a cage holds, and the cells seeing all its places."""
    (cage,) = step.cages
    value = geometry.shape.symbol(step.digits[0])
    places = _cells(geometry, step, "base")
    shared = [unit for unit in step.units if unit[0] != "cage"]
    each = "each way" if len(step.combinations) > 1 else "the one way"
    opening = (
        f"Cage/unit overlap: {each} of filling {cage.name(geometry.shape.size, capital=False)}"
        f" ({_ways(geometry, step)}) holds {value}, and only {in_words(places, 'or')} can"
    )
    if len(places) == 1:
        return f"{opening}: so {places[0]} is {value}, and {removals(geometry, step)}"
    if shared:
        return (
            f"{opening}, all in {unit_name(shared[0])}: so {value} can go nowhere else in"
            f" {unit_name(shared[0])}: {removals(geometry, step)}"
        )
    return f"{opening}: a cell seeing all of them cannot be {value}: {removals(geometry, step)}"


def unit_cage_overlap_sentence(geometry: Geometry, step: Step) -> str:
    """A unit's value only one cage can hold: the cage holds it, and loses what lacks it."""
    (cage,) = step.cages
    value = geometry.shape.symbol(step.digits[0])
    unit = unit_name(step.units[0])
    places = _cells(geometry, step, "base")
    named = cage.name(geometry.shape.size, capital=False)
    return (
        f"Unit/cage overlap: in {unit}, {value} can only go in {in_words(places)}, all in"
        f" {named}; so the cage holds {value} in {unit}, none of its other cells can be"
        f" {value}, and it is filled by a way holding {value} ({_ways(geometry, step)}):"
        f" {removals(geometry, step)}"
    )


def unit_combinations_sentence(geometry: Geometry, step: Step) -> str:
    """The cages wholly inside a unit and its other cells share no value: the ways that
    leave the others no room go."""
    held, counted = step.sums
    unit = unit_name(step.units[0])
    names = [cage.name(geometry.shape.size, capital=False) for cage in step.cages]
    rest = _cells(geometry, step, "rest")
    parts = list(names)
    if rest:
        made = f"{held} - {counted} = {held - counted}"
        parts.append(f"its other cells {' + '.join(rest)}, which make {made}")
    return (
        f"Unit combination in {unit}: {in_words(parts)} hold different values, as {unit} holds"
        f" each value once; only some ways of filling them share no value:"
        f" {removals(geometry, step)}"
    )


def cage_where(geometry: Geometry, step: Step) -> str:
    """Where a cage step is, for a hint's glimpse, never naming a cell (a cage's first cell
    would point at the answer): "in the cage of 10 in box 1", "over rows 1 to 3" (a count's
    units), "in row 1" (a unit's cages together), "in the cage of 5 in box 1 and the cage of
    6 across boxes 1 and 2" (two cages compared)."""
    units = [unit for unit in step.units if unit[0] != "cage"]
    if step.technique in ("rule-of-45", "rule-of-45-combinations", "cage-splitting"):
        return f"over {group_name(units)}"
    if step.technique == "split-combinations" or (len(step.cages) > 1 and units):
        return f"in {unit_name(units[0])}"
    named = Counter(_cage_in_boxes(geometry, cage) for cage in step.cages)
    return "in " + in_words(
        name if count == 1 else name.replace("the cage", f"{count_word(count)} cages", 1)
        for name, count in named.items()
    )


def _cage_in_boxes(geometry: Geometry, cage: Cage) -> str:
    """A cage by its sum and the boxes (a Jigsaw's regions) it lies in: "the cage of 10 in
    box 1", "the cage of 17 across boxes 1 and 4"."""
    boxes: dict[tuple[str, int], None] = {}
    for cell in cage.cells:
        for unit in geometry.cell_units[cell]:
            if unit.kind in BOXES:
                boxes[unit.kind, unit.index] = None
    of = f" of {cage.total}" if cage.total is not None else ""
    if len(boxes) <= 1:
        return f"the cage{of}" + "".join(f" in {unit_name(unit)}" for unit in boxes)
    kind = next(iter(boxes))[0]
    numbers = in_words([str(index) for _, index in boxes])
    return f"the cage{of} across {BOXES[kind]} {numbers}"


# The units a cage is placed by, and their plurals: a Jigsaw's regions stand in for boxes.
BOXES = {"box": "boxes", "region": "regions"}


SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "unit-combinations": unit_combinations_sentence,
    "cage-unit-overlap": cage_unit_overlap_sentence,
    "unit-cage-overlap": unit_cage_overlap_sentence,
    "cage-last-cell": last_cell_sentence,
    "cage-combinations": combinations_sentence,
    "rule-of-45": rule_of_45_sentence,
    "rule-of-45-combinations": rule_of_45_sentence,
}
