"""Sue de coq: two or three cells where a line crosses a box, with too many values to be
a locked set, made into one with a set of cells from the rest of the line and a set
from the rest of the box.

The crossing cells C hold V, at least |C| + 2 values. A set D of other cells of
the line and a set E of other cells of the box, with no value of D also in E,
together with C hold exactly as many values U as they have cells. A value of D
can only be placed in C or D (one line), a value of E only in C or E (one box),
any other value of U only in C: so each value of U appears at most once in the
|U| cells, and hence exactly once. The values of D, and those of V that E lacks,
are placed in the line's cells C + D, and go from the rest of the line; the
values of E, and those of V that D lacks, go from the rest of the box.

D and E must each hold a value of V and not be locked sets on their own (a set
with as many values outside V as cells takes no part). The line and the box
can be any two units sharing two or more cells (a diagonal and a box too, a row and a
Jigsaw's region, a box and a window): the argument only needs each side set to lie in
one unit with the crossing cells.
Rated 5.0: between the naked quad and the hidden quad, two naked subsets
sharing cells. D and E have at most 4 cells on 9x9, 2 on 16x16, 1 on 25x25.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import combinations

from ..geometry import Geometry, Unit, per_geometry
from .memo import since_position
from .position import Position, bits_of
from .step import TARGET, Step
from .unit_kinds import is_block

SUE_DE_COQ = 5.0
CORE = "intersection"
LINE_SET = "line-set"
BOX_SET = "box-set"


@per_geometry
def crossings(geometry: Geometry) -> tuple[tuple[Unit, Unit, frozenset[int]], ...]:
    """Each pair of units sharing two or more cells, a block (box, region or window; if
    either is one) second."""
    found = []
    units = geometry.units
    for i, first in enumerate(units):
        for second in units[i + 1 :]:
            shared = frozenset(first.cells) & frozenset(second.cells)
            if len(shared) >= 2:
                line, box = (second, first) if is_block(first.kind) else (first, second)
                found.append((line, box, shared))
    return tuple(found)


def _side_cells(position: Position) -> int:
    """How many cells the line set or the box set may have."""
    size = position.size
    return 4 if size <= 9 else 2 if size <= 16 else 1


def _subsets(
    cells: list[int], masks: tuple[int, ...], limit: int
) -> list[tuple[tuple[int, ...], int]]:
    """Each subset of `cells` of 1..limit cells, with its values."""
    found = []
    for count in range(1, min(limit, len(cells)) + 1):
        for group in combinations(cells, count):
            union = 0
            for cell in group:
                union |= masks[cell]
            found.append((group, union))
    return found


def _removals(position: Position, unit: Unit, keep: set[int], values: int) -> list[tuple[int, int]]:
    """(cell, v) for each cell of `unit` outside `keep` and each of its candidates in `values`."""
    masks = position.candidates
    return [
        (cell, value)
        for cell in unit.cells
        if cell not in keep and masks[cell] & values
        for value in bits_of(masks[cell] & values)
    ]


def sue_de_coqs(position: Position) -> Iterator[Step]:
    """Every sue de coq that removes a candidate."""
    return since_position("sue-de-coq", position, _changed_crossings)


def _changed_crossings(position: Position, changed: int | None) -> Iterator[Step]:
    """The sue de coqs of the crossings with a cell changed since a position where none
    removed anything (`changed`, see `memo.since_position`); of every crossing without it.
    A crossing whose line and box are as they were has the same ones, which removed
    nothing."""
    for number, (line, box, _) in enumerate(crossings(position.geometry)):
        if changed is None or (line.mask | box.mask) & changed:
            yield from _at_crossing(position, number)


def _at_crossing(position: Position, number: int) -> Iterator[Step]:
    """The sue de coqs of one crossing of a line and a box: they read nothing else."""
    masks = position.candidates
    limit = _side_cells(position)
    line, box, shared = crossings(position.geometry)[number]
    core_cells = [cell for cell in line.cells if cell in shared and masks[cell]]
    if len(core_cells) < 2:
        return
    # the cores: two or three crossing cells with at least two values more than cells
    cores = []
    for count in (2, 3):
        for core in combinations(core_cells, count):
            values = 0
            for cell in core:
                values |= masks[cell]
            spare = values.bit_count() - count
            if spare >= 2:
                cores.append((core, values, spare))
    if not cores:
        return
    line_rest = [cell for cell in line.cells if cell not in shared and masks[cell]]
    box_rest = [cell for cell in box.cells if cell not in shared and masks[cell]]
    line_sets = _subsets(line_rest, masks, limit)
    box_sets = _subsets(box_rest, masks, limit)
    for core, values, spare in cores:
        # a side set's slack: its cells less its values outside V. Each is at least
        # one, and the whole is locked when the two slacks add up to V's spare values
        by_slack: dict[int, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
        for group, union in box_sets:
            slack = len(group) - (union & ~values).bit_count()
            if union & values and slack >= 1:
                by_slack[slack].append((group, union))
        for line_group, line_values in line_sets:
            slack = len(line_group) - (line_values & ~values).bit_count()
            if not line_values & values or slack < 1:
                continue
            for box_group, box_values in by_slack.get(spare - slack, ()):
                if line_values & box_values:
                    continue
                yield from _found(
                    position, line, box, core, values, line_group, line_values,
                    box_group, box_values,
                )  # fmt: skip


def _found(
    position: Position,
    line: Unit,
    box: Unit,
    core: tuple[int, ...],
    values: int,
    line_group: tuple[int, ...],
    line_values: int,
    box_group: tuple[int, ...],
    box_values: int,
) -> Iterator[Step]:
    """The step of one sue de coq, if it removes anything."""
    removed = _removals(
        position, line, {*core, *line_group}, (values | line_values) & ~box_values
    ) + _removals(position, box, {*core, *box_group}, (values | box_values) & ~line_values)
    if not removed:
        return
    removed = sorted(set(removed))
    cells = (
        tuple((cell, CORE) for cell in core)
        + tuple((cell, LINE_SET) for cell in line_group)
        + tuple((cell, BOX_SET) for cell in box_group)
        + tuple((cell, TARGET) for cell in sorted({cell for cell, _ in removed}))
    )
    yield Step(
        "sue-de-coq",
        SUE_DE_COQ,
        tuple(bits_of(values)),
        cells,
        ((line.kind, line.index), (box.kind, box.index)),
        eliminations=tuple(removed),
    )
