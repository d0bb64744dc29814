"""Conflicts among the givens: a symbol twice in one unit (a row, a column, a box...), in one of a
Killer's cages or in a pair of cells a pair kind makes differ (anti-knight's), a pair of givens
a puzzle marks (a Kropki dot, an X or a V) whose digits do not hold its relation, or a cage's
givens that make more than its sum (or, filling it, another sum), a given in a marked cell
(an even cell) its kind does not allow; and a Killer's sums that
cannot be: cages adding up to more than the whole grid does (or, covering it, to another total),
or the cages inside a unit to more than a unit does (or, covering it, to another total)."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import PAIR_RULES, Geometry, marked_relations
from .puzzle import Puzzle
from .rulebook import RULE_KINDS
from .shape import Shape

CAGE = "cage"
# The unit of a conflict about the whole grid's total (its index is the grid's side, its
# cells none).
GRID = "grid"


@dataclass(frozen=True)
class Conflict:
    """One unit holding one symbol more than once: a value, worded outside the engine.

    `unit` is the kind of unit ("row", "column", "box", "diagonal"), CAGE for a Killer's
    cage, or a pair kind's name in lower case ("anti-knight", `index` the pair's place in
    its kind's pairs); `index` and `cells` are 1-based, cells as (row, column) pairs in the
    unit's order. A cage's conflict also has `cage_at` (its first cell) and its sum
    `total`; when its givens do not fit the sum, `symbol` is "", `made` what they add up to,
    `cells` and `symbols` all of them, in reading order (`full` when they fill the cage).
    A Killer's sums that cannot be are a conflict with no `symbol`: of a unit (`cells` all
    of it) or of GRID (`index` the grid's side, no cells), `made` what its cages add up
    to, `total` what it must, `full` when the cages cover it. A pair of givens a relation
    forbids together (non-consecutive's) has both `symbols` and the rule's `clash`, the
    words that say it ("{cells} are consecutive ({symbols})", rulebook.py).
    """

    unit: str
    index: int
    symbol: str
    cells: tuple[tuple[int, int], ...]
    cage_at: tuple[int, int] = (0, 0)
    total: int | None = None
    made: int = 0
    full: bool = False
    symbols: tuple[str, ...] = ()
    clash: str = ""


def find_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every unit of `puzzle` in which a given symbol appears more than once, in unit order.

    The units are rows, then columns, then boxes, then the rules' extras; within a unit,
    symbols are taken in value order and cells in the unit's order.
    """
    grid, geometry = puzzle.grid, puzzle.geometry
    shape = grid.shape
    cages = _cage_conflicts(puzzle) + _total_conflicts(puzzle) if puzzle.rules.cages else ()
    cages = _pair_conflicts(puzzle) + cages if geometry.pairs or geometry.relations else cages
    cages = cages + _sum_conflicts(puzzle) if geometry.line_sums else cages
    cages = cages + _rule_conflicts(puzzle) if geometry.line_rules else cages
    cages = cages + _cell_conflicts(puzzle) if geometry.cells else cages
    if not _repeats(grid.cells, geometry):
        return cages
    n = shape.size
    found = []
    for unit in geometry.units:
        seen: dict[int, list[tuple[int, int]]] = {}
        for cell in unit.cells:
            value = grid.cells[cell]
            if value:
                seen.setdefault(value, []).append((cell // n + 1, cell % n + 1))
        for value, places in sorted(seen.items()):
            if len(places) > 1:
                found.append(Conflict(unit.kind, unit.index, shape.symbol(value), tuple(places)))
    return tuple(found) + cages


def _pair_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every pair of cells a pair kind of `puzzle` makes differ that holds one given symbol
    twice, or whose givens a pair kind with a relation forbids together (non-consecutive's
    4 and 5 side by side: `symbols` both, `clash` the registry's words for it), kind by kind
    in the rules' order, pairs in their kind's order."""
    shape, values = puzzle.shape, puzzle.cells
    n = shape.size
    found = []
    for letter in puzzle.rules.extras:
        kind = PAIR_RULES.get(letter)
        if kind is None:
            continue
        clash = RULE_KINDS[letter].clash if kind.forbids is not None else ""
        breaks = kind.forbids or (lambda one, other: one == other)
        for index, (first, second) in enumerate(kind.pairs(shape), start=1):
            one, other = values[first], values[second]
            if one and other and breaks(one, other):
                places = ((first // n + 1, first % n + 1), (second // n + 1, second % n + 1))
                symbols = (shape.symbol(one), shape.symbol(other)) if clash else ()
                symbol = shape.symbol(one)
                found.append(
                    Conflict(kind.name.lower(), index, symbol, places, symbols=symbols, clash=clash)
                )
    return tuple(found) + _mark_conflicts(puzzle) + _line_conflicts(puzzle)


def _line_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every two givens a puzzle's line relates (in turn on a thermometer) whose digits its
    kind's chain does not hold (5 then 3 up a thermometer), the nearer the line's start
    first, in the registry's words (`clash`), numbered by line."""
    shape, values = puzzle.shape, puzzle.cells
    found = []
    for index, line in enumerate(puzzle.rules.lines, start=1):
        kind = RULE_KINDS[line.letter]
        chain = kind.chain
        if chain is None:
            continue  # a sum line's (_sum_conflicts)
        for nearer, further in kind.line_pairs(line.cells):
            one, other = values[nearer], values[further]
            if one and other and not chain(shape.size, len(line.cells), one, other):
                found.append(
                    _givens_conflict(
                        shape, kind.name, index, ((nearer, one), (further, other)), kind.clash
                    )
                )
    return tuple(found)


def _sum_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every line sum (an arrow's) whose cells are all given and do not keep it, all its
    cells and digits in the line's order, in its kind's words (`clash`, with an outside clue's
    number for {value}), numbered by line."""
    shape, values = puzzle.shape, puzzle.cells
    found = []
    for each in puzzle.geometry.line_sums:
        cells = [cell for cell, _ in each.terms]
        if all(values[cell] for cell in cells) and not each.held(values):
            kind = RULE_KINDS[each.letter]
            givens = tuple((cell, values[cell]) for cell in cells)
            clash = kind.clash.replace("{value}", str(each.total))
            found.append(_givens_conflict(shape, kind.name, each.index, givens, clash))
    return tuple(found)


def _rule_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every line rule (a between line's) whose givens its kind's narrowing does not keep,
    with any digits in its open cells (3 and 4 at a between line's ends leave nothing
    between): its givens and their digits in the line's order, in its kind's words
    (`clash`), numbered by line."""
    shape, values = puzzle.shape, puzzle.cells
    every = (1 << shape.size) - 1
    found = []
    for each in puzzle.geometry.line_rules:
        masks = tuple(1 << (values[cell] - 1) if values[cell] else every for cell in each.cells)
        kept = each.narrowed(shape.size, masks)
        broken = any(not keep for keep in kept) or any(
            values[cell] and keep != mask
            for cell, mask, keep in zip(each.cells, masks, kept, strict=True)
        )
        if broken:
            kind = RULE_KINDS[each.letter]
            givens = tuple((cell, values[cell]) for cell in each.cells if values[cell])
            clash = kind.clash.replace("{value}", str(each.value))
            found.append(_givens_conflict(shape, kind.name, each.index, givens, clash))
    return tuple(found)


def _cell_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every given in a cell a puzzle marks that its kind does not allow (3 in an even cell),
    kind by kind in the rules' order, in the registry's words (`clash`), numbered by the
    cell's place among its kind's."""
    shape, values = puzzle.shape, puzzle.cells
    found = []
    for each in puzzle.rules.cells:
        kind = RULE_KINDS[each.letter]
        allows = kind.allows
        for index, cell in enumerate(each.cells, start=1):
            value = values[cell]
            if value and allows is not None and not allows(shape.size, value):
                given = ((cell, value),)
                found.append(_givens_conflict(shape, kind.name, index, given, kind.clash))
    return tuple(found)


def _mark_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every pair of givens a puzzle marks whose digits do not hold its mark's relation (3
    and 5 under a black dot), then, where all of a kind's marks are given, every unmarked
    side-by-side pair whose digits do (each relation of geometry.marked_relations, in
    order), in the registry's words (`clash`, `unmarked_clash`)."""
    shape, values = puzzle.shape, puzzle.cells
    found = []
    relations = iter(marked_relations(shape, puzzle.rules.marks))
    for each in puzzle.rules.marks:
        kind = RULE_KINDS[each.letter]
        said = [kind.clash]
        if each.all_given:
            said.append(kind.unmarked_clash)
        for clash in said:
            relation = next(relations)
            for index, (first, second) in enumerate(relation.pairs, start=1):
                one, other = values[first], values[second]
                if one and other and (one, other) in relation.forbidden:
                    found.append(
                        _givens_conflict(
                            shape, kind.name, index, ((first, one), (second, other)), clash
                        )
                    )
    return tuple(found)


def _givens_conflict(
    shape: Shape, name: str, index: int, givens: tuple[tuple[int, int], ...], clash: str
) -> Conflict:
    """The givens, each (cell, value), that break the `index`th line or mark of the kind
    `name` (two of a pair, every cell of a sum), said with `clash`."""
    n = shape.size
    places = tuple((cell // n + 1, cell % n + 1) for cell, _ in givens)
    symbols = tuple(shape.symbol(value) for _, value in givens)
    return Conflict(name.lower(), index, symbols[0], places, symbols=symbols, clash=clash)


def _cage_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """Every cage of `puzzle` holding a given symbol twice (each symbol, in value order), and
    then, for a cage without repeats, givens adding up to more than its sum, or filling
    it and adding up to another sum; in the order of the cages."""
    shape, values = puzzle.shape, puzzle.cells
    n = shape.size
    found = []
    for index, cage in enumerate(puzzle.rules.cages, start=1):
        at = (cage.cells[0] // n + 1, cage.cells[0] % n + 1)
        seen: dict[int, list[tuple[int, int]]] = {}
        for cell in cage.cells:
            if values[cell]:
                seen.setdefault(values[cell], []).append((cell // n + 1, cell % n + 1))
        repeats = [(value, places) for value, places in sorted(seen.items()) if len(places) > 1]
        for value, places in repeats:
            symbol = shape.symbol(value)
            found.append(Conflict(CAGE, index, symbol, tuple(places), at, cage.total))
        if repeats or cage.total is None:
            continue
        made = sum(seen)
        full = len(seen) == len(cage.cells)
        if made > cage.total or (full and made != cage.total):
            given = [cell for cell in cage.cells if values[cell]]
            spots = tuple((cell // n + 1, cell % n + 1) for cell in given)
            symbols = tuple(shape.symbol(values[cell]) for cell in given)
            found.append(Conflict(CAGE, index, "", spots, at, cage.total, made, full, symbols))
    return tuple(found)


def _total_conflicts(puzzle: Puzzle) -> tuple[Conflict, ...]:
    """The grid, then each unit in order, whose cages with a sum (those wholly inside it)
    add up to more than its digits do, or cover it and add up to another total."""
    n = puzzle.size
    summed = [cage for cage in puzzle.rules.cages if cage.total is not None]
    unit_total = n * (n + 1) // 2
    found = []
    made = sum(cage.total or 0 for cage in summed)
    covered = sum(len(cage.cells) for cage in summed) == n * n
    if made > n * unit_total or (covered and made != n * unit_total):
        found.append(Conflict(GRID, n, "", (), total=n * unit_total, made=made, full=covered))
    for unit in puzzle.geometry.units:
        inside = set(unit.cells)
        cages = [cage for cage in summed if inside.issuperset(cage.cells)]
        made = sum(cage.total or 0 for cage in cages)
        covered = sum(len(cage.cells) for cage in cages) == len(unit.cells)
        if made > unit_total or (covered and made != unit_total):
            places = tuple((cell // n + 1, cell % n + 1) for cell in unit.cells)
            found.append(
                Conflict(
                    unit.kind, unit.index, "", places, total=unit_total, made=made, full=covered
                )
            )
    return tuple(found)


def _repeats(values: tuple[int, ...], geometry: Geometry) -> bool:
    """True when some unit holds a value twice: every solve asks, and most answers are no.

    Only the filled cells are visited, each unit's values kept as one bitmask:
    a fifth of the time the detailed pass takes on a 9x9 puzzle.
    """
    used = [0] * len(geometry.units)
    unit_numbers = geometry.cell_unit_numbers
    for cell, value in enumerate(values):
        if value:
            bit = 1 << value
            for number in unit_numbers[cell]:
                if used[number] & bit:
                    return True
                used[number] |= bit
    return False
