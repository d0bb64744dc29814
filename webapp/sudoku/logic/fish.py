"""Basic fish: a value confined, in k rows, to k columns (or the reverse).

If the places left for a value in k rows all lie in the same k columns, each
of those rows takes the value in one of those columns, and the k rows fill
all k columns with it: the value can go nowhere else in those columns.
X-wing (k = 2), swordfish (3), jellyfish (4). The rows are the base units,
the columns the cover units, and the same with rows and columns swapped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import combinations

from ..geometry import Geometry, Unit, geometry_memo, per_geometry
from .memo import each_value_since
from .position import Position, bits_of
from .step import BASE, TARGET, Step
from .unions import small_unions
from .work import check_ceiling

NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
DIFFICULTY = {2: 3.2, 3: 3.8, 4: 5.2}
LINES = (("row", "column"), ("column", "row"))


def basic_fish(position: Position, size: int) -> Iterator[Step]:
    """Every fish of `size` base lines that removes a candidate."""
    return each_value_since(("fish", size), position, partial(_basic_fish, size=size))


def _basic_fish(position: Position, value: int, before: int | None, size: int) -> Iterator[Step]:
    """The fish of one value, rows as bases first. A group of base lines whose places are
    all as in `before` (see `memo.each_value_since`) is skipped: its cover lines are the
    same, and what it removes can only have shrunk since it removed nothing."""
    check_ceiling()  # a memo may skip this search: it spends nothing (see work.py)
    has = position.value_cells[value]
    for base_kind, _ in LINES:
        layout = _layout(position.geometry, base_kind)
        cover_of, cover_masks = layout.cover_of, layout.cover_masks
        # each line with 2 to `size` places: its unit, places, cover lines (as a mask of
        # cover numbers), and whether its places changed since `before`
        lines = []
        for unit, mask in zip(layout.bases, layout.base_masks, strict=True):
            cells = has & mask
            if 2 <= cells.bit_count() <= size and not position.holds(unit, value):
                reach = 0
                for cell in bits_of(cells):
                    reach |= 1 << cover_of[cell]
                fresh = before is None or before & mask != cells
                lines.append((unit, cells, reach, fresh))
        for picks in small_unions([reach for _, _, reach, _ in lines], size, size):
            group = [lines[i] for i in picks]
            base_cells = reach = 0
            fresh = False
            for _, cells, covers, changed in group:
                base_cells |= cells
                reach |= covers
                fresh |= changed
            if not fresh or reach.bit_count() != size:
                continue
            chosen = bits_of(reach)
            removed = [
                cell for cover in chosen for cell in bits_of(cover_masks[cover] & has & ~base_cells)
            ]
            if removed:
                yield Step(
                    NAMES[size],
                    DIFFICULTY[size],
                    (value,),
                    tuple((cell, BASE) for cell in bits_of(base_cells))
                    + tuple((cell, TARGET) for cell in removed),
                    tuple((unit.kind, unit.index) for unit, _, _, _ in group)
                    + tuple((layout.covers[i].kind, layout.covers[i].index) for i in chosen),
                    eliminations=tuple((cell, value) for cell in removed),
                )


# Finned fish: a fish but for a few extra base cells (fins), all in one box. Either the
# fish holds, or a fin takes the value; so the value goes from the cover cells that share
# the fins' box. Sashimi: a base line with at most one place in the covers besides fins.
# The argument only needs the fins' box to be a unit (a cover cell in it sees every fin)
# and the boxes to split the grid (each base cell in exactly one), so a Jigsaw's regions
# serve as its boxes. Windows and diagonals do not split the grid, and an X-Sudoku or a
# Windoku has its boxes: their fins stay in boxes.
FIN_UNITS = ("box", "region")
FINNED = {2: 3.4, 3: 4.0, 4: 5.4}
SASHIMI = {2: 3.5, 3: 4.1, 4: 5.5}
FIN = "fin"


# One base line of a value: the unit, its places as a cell mask, per box the cover lines
# (as a mask of cover numbers) of its places outside that box and inside it, the boxes
# its places are in (a mask of box numbers), the line's cells as a mask, and all the
# cover lines of its places.
BaseLine = tuple[Unit, int, list[int], list[int], int, int, int]


@dataclass(frozen=True)
class FishUnits:
    """The units every finned fish of one orientation (rows as bases, or columns) reads."""

    bases: tuple[Unit, ...]
    base_masks: tuple[int, ...]  # each base line's cells as a mask
    boxes: tuple[int, ...]  # each box's cells as a mask (a Jigsaw's regions: see FIN_UNITS)
    box_of: dict[int, int]  # cell -> its box's number
    box_units: tuple[Unit, ...]
    # the most cover lines one box crosses: the fins, all in one box, reach no more
    box_width: int
    covers: tuple[Unit, ...]
    cover_of: dict[int, int]  # cell -> its cover line's number
    cover_masks: tuple[int, ...]  # each cover line's cells as a mask
    # the boxes crossing the same cover lines (a stack of boxes, for rows as bases): those
    # cover lines as a mask of cover numbers, and the boxes as a mask of box numbers
    stacks: tuple[tuple[int, int], ...]


@per_geometry
def _layout(geometry: Geometry, base_kind: str) -> FishUnits:
    """The layout of fish with `base_kind` lines as bases."""
    cover_kind = "column" if base_kind == "row" else "row"
    box_units = _fin_units(geometry)
    covers = tuple(unit for unit in geometry.units if unit.kind == cover_kind)
    bases = tuple(unit for unit in geometry.units if unit.kind == base_kind)
    box_covers = tuple(
        sum(1 << number for number, cover in enumerate(covers) if set(cover.cells) & set(box.cells))
        for box in box_units
    )
    stacks: dict[int, int] = {}  # each box's cover lines -> the boxes with those
    for number, crossing in enumerate(box_covers):
        stacks[crossing] = stacks.get(crossing, 0) | 1 << number
    return FishUnits(
        bases=bases,
        base_masks=tuple(sum(1 << cell for cell in unit.cells) for unit in bases),
        boxes=tuple(sum(1 << cell for cell in unit.cells) for unit in box_units),
        box_of={cell: number for number, unit in enumerate(box_units) for cell in unit.cells},
        box_units=box_units,
        box_width=max((crossing.bit_count() for crossing in box_covers), default=0),
        covers=covers,
        cover_of={cell: i for i, unit in enumerate(covers) for cell in unit.cells},
        cover_masks=tuple(sum(1 << cell for cell in unit.cells) for unit in covers),
        stacks=tuple(stacks.items()),
    )


def _fin_units(geometry: Geometry) -> tuple[Unit, ...]:
    """The units fins are kept in: the boxes, or a Jigsaw's regions (FIN_UNITS)."""
    for kind in FIN_UNITS:
        units = tuple(unit for unit in geometry.units if unit.kind == kind)
        if units:
            return units
    return ()


@geometry_memo
def _lines_of(geometry: Geometry, base_kind: str, has: int, placed: int) -> tuple[BaseLine, ...]:
    """The base lines, not holding it yet, of a value with places `has` and placed cells
    `placed` (cell masks): the fish of sizes 2 to 4 read the same."""
    layout = _layout(geometry, base_kind)
    lines = []
    cover_of, box_of = layout.cover_of, layout.box_of
    for unit, mask in zip(layout.bases, layout.base_masks, strict=True):
        places = has & mask
        if not places or placed & mask:
            continue
        # a line and a cover line share at most one cell, so the cover lines of
        # the places inside a box and outside it never overlap
        through = boxes = 0
        inside = [0] * len(layout.boxes)
        for cell in bits_of(places):
            through |= 1 << cover_of[cell]
            inside[box_of[cell]] |= 1 << cover_of[cell]
            boxes |= 1 << box_of[cell]
        outside = [through & ~part for part in inside]
        lines.append((unit, places, outside, inside, boxes, mask, through))
    return tuple(lines)


def finned_fish(position: Position, size: int, sashimi: bool) -> Iterator[Step]:
    """Every finned (or sashimi) fish of `size` base lines that removes a candidate."""
    # one search finds both kinds: the two finders mostly ask the same positions
    found = each_value_since(("finned-fish", size), position, partial(_finned_fish, size=size))
    return (step for step in found if (step.technique.startswith("sashimi")) == sashimi)


def _finned_fish(position: Position, value: int, before: int | None, size: int) -> Iterator[Step]:
    """The finned and sashimi fish of one value, rows as bases first.

    Cells are bits of one int. The fins fix the box: for each box the base cells
    reach, the cover lines of every base cell outside it are required, and the rest
    are chosen among the lines through the box; what they leave uncovered are the fins.
    A group of base lines whose places are all as in `before` is skipped, as in
    `_basic_fish`: its fins and covers are the same, its removals no more.
    """
    has = position.value_cells[value]
    check_ceiling()  # a memo may skip this search: it spends nothing (see work.py)
    for base_kind, _ in LINES:
        layout = _layout(position.geometry, base_kind)
        # fins lie in one box, so they reach at most a box's width of cover lines
        widest = size + layout.box_width
        covers, cover_masks, stacks = layout.covers, layout.cover_masks, layout.stacks
        lines = _lines_of(position.geometry, base_kind, has, position.placed_cells[value])
        if before is not None and all(before & line[5] == line[1] for line in lines):
            continue  # every line as in `before`
        for group in combinations(lines, size):
            if before is not None:
                for _, cells, _, _, _, mask, _ in group:
                    if before & mask != cells:
                        break
                else:
                    continue  # every line of the group as in `before`
            reach = base_cells = touched = 0
            for _, cells, _, _, boxes, _, through in group:
                reach |= through
                base_cells |= cells
                touched |= boxes
            if not size < reach.bit_count() <= widest:
                continue  # a basic fish or less (no fin), or fins beyond one box
            # the fin box: one whose missing cover lines are not already too many
            fitting = 0
            for crossing, boxes in stacks:
                if (reach & ~crossing).bit_count() <= size:
                    fitting |= boxes
            touched &= fitting
            while touched:
                low = touched & -touched
                touched ^= low
                number = low.bit_length() - 1
                box, fin_box = layout.boxes[number], layout.box_units[number]
                if not box & has & ~base_cells:
                    continue  # nothing in the box to remove
                required = through = 0
                for _, _, outside, inside, _, _, _ in group:
                    required |= outside[number]
                    through |= inside[number]
                if required.bit_count() > size:
                    continue
                optional = bits_of(through & ~required)
                chosen_first = bits_of(required)
                for extra in combinations(optional, size - len(chosen_first)):
                    chosen = sorted(chosen_first + extra)
                    covered = 0
                    for index in chosen:
                        covered |= cover_masks[index]
                    fins = base_cells & ~covered
                    if not fins:
                        continue
                    removed = covered & box & has & ~base_cells
                    if not removed:
                        continue
                    fewest = min((line[1] & covered).bit_count() for line in group)
                    sashimi = fewest <= 1
                    kind = "sashimi" if sashimi else "finned"
                    targets = bits_of(removed)
                    yield Step(
                        f"{kind}-{NAMES[size]}",
                        (SASHIMI if sashimi else FINNED)[size],
                        (value,),
                        tuple((cell, BASE) for cell in bits_of(base_cells & covered))
                        + tuple((fin, FIN) for fin in bits_of(fins))
                        + tuple((cell, TARGET) for cell in targets),
                        tuple((line[0].kind, line[0].index) for line in group)
                        + tuple((covers[i].kind, covers[i].index) for i in chosen)
                        + ((fin_box.kind, fin_box.index),),
                        eliminations=tuple((cell, value) for cell in targets),
                    )
