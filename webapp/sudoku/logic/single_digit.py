"""Single-digit patterns: two strong links on one value, joined by a weak link.

A strong link is a unit where a value has exactly two places: one of them
holds it. If one end of a strong link sees one end of another, those two
cannot both hold the value, so one of the two far ends does: the value goes
from every cell that sees both far ends. Named by where the links lie:
- skyscraper: both links in rows (or both in columns), their near ends in one
  column (row);
- two-string kite: one link in a row, one in a column, the near ends in one box (or
  any block: a Jigsaw's region, a window);
- turbot fish: any other pair (a link in a box, for one).
Sudoku Explainer has none of these by name (it rates them as short chains);
the difficulties here are this engine's, between wings and chains.

Empty rectangle (HoDoKu 0402; Sukaku Explainer rates it 4.3): in a box, every
place for the value lies in one row or one column of the box, neither line
alone holding them all (the rest of the box is the "empty rectangle"). So the
box's value is in that row or in that column. A strong link in a line (a
conjugate pair) with one end a on the box's row, outside the box: if a holds
the value, the box's row cannot, so the box's value is in its column; if not,
the link's other end b does. Either way a cell of the box's column, outside the
box, that sees b cannot hold the value (and the same with rows and columns
swapped). Nothing in that needs the box to be a box: any unit crossed by the row
and the column serves, so a Jigsaw's regions and Windoku's windows are tried too
(unit_kinds.BLOCKS; a diagonal's places never make the shape).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..geometry import Geometry, Unit, geometry_memo, per_geometry
from .memo import each_value_since
from .position import Position, bits_of
from .step import TARGET, Step
from .unit_kinds import LINES, is_block

SKYSCRAPER = 4.0
TWO_STRING_KITE = 4.1
TURBOT_FISH = 4.2
EMPTY_RECTANGLE = 4.3
DIFFICULTY = {
    "skyscraper": SKYSCRAPER,
    "two-string-kite": TWO_STRING_KITE,
    "turbot-fish": TURBOT_FISH,
}
LINK = "link"
RECTANGLE = "rectangle"  # the box's places for the value, in an empty rectangle
Finder = Callable[[Position], Iterator[Step]]


def _name(first: Unit, second: Unit, near: tuple[int, int], position: Position) -> str:
    """Which pattern two strong links make, given their near ends."""
    a, b = near
    # the kinds of unit that hold both near ends: the weak link between them
    shared = {unit.kind for unit in position.geometry.cell_units[a] if b in unit.cells}
    if first.kind == second.kind and first.kind in LINES and shared & set(LINES):
        return "skyscraper"
    if {first.kind, second.kind} == set(LINES) and any(is_block(kind) for kind in shared):
        return "two-string-kite"
    return "turbot-fish"


def single_digit_patterns(position: Position) -> Iterator[Step]:
    """Every skyscraper, two-string kite and turbot fish that removes a candidate."""
    return each_value_since("single-digit", position, _patterns)


def strong_links(
    position: Position, value: int, before: int | None, kinds: tuple[str, ...] | None = None
) -> list[tuple[Unit, tuple[int, int], bool]]:
    """The units (of `kinds`, or all) where `value` has exactly two places and is not placed
    yet: each with its two places, and whether they differ from those in `before` (see
    `memo.each_value_since`; True when there is no `before`)."""
    found = _strong_links(
        position.geometry, position.value_cells[value], position.placed_cells[value]
    )
    return [
        (unit, ends, before is None or before & unit.mask != places)
        for unit, ends, places in found
        if kinds is None or unit.kind in kinds
    ]


@geometry_memo
def _strong_links(
    geometry: Geometry, has: int, placed: int
) -> tuple[tuple[Unit, tuple[int, int], int], ...]:
    """The strong links of a value with places `has` and placed cells `placed` (cell masks):
    skyscrapers, empty rectangles, colourings and x-chains all read them."""
    found = []
    for unit in geometry.units:
        places = has & unit.mask
        if places.bit_count() != 2 or placed & unit.mask:
            continue
        low = places & -places
        found.append((unit, (low.bit_length() - 1, (places ^ low).bit_length() - 1), places))
    return tuple(found)


def _patterns(position: Position, value: int, before: int | None) -> Iterator[Step]:
    """The skyscrapers, two-string kites and turbot fish of one value.

    Two strong links both as in `before` are skipped: they are the same links, and
    what they remove can only have shrunk since they removed nothing."""
    peers, has = position.geometry.peer_masks, position.value_cells[value]
    links = strong_links(position, value, before)
    seen: set[frozenset[int]] = set()
    for i, (first, (a1, a2), fresh) in enumerate(links):
        ends = 1 << a1 | 1 << a2
        for second, (b1, b2), other_fresh in links[i + 1 :]:
            if not (fresh or other_fresh) or ends & (1 << b1 | 1 << b2):
                continue  # as in `before`, or the two links share a cell
            for far_a, near_a in ((a1, a2), (a2, a1)):
                for near_b, far_b in ((b1, b2), (b2, b1)):
                    if not peers[near_a] >> near_b & 1 or peers[far_a] >> far_b & 1:
                        continue
                    # what sees both far ends, but for the near ones
                    seeing = peers[far_a] & peers[far_b] & has & ~(1 << near_a | 1 << near_b)
                    key = frozenset((far_a, far_b, near_a, near_b))
                    if not seeing or key in seen:
                        continue
                    seen.add(key)
                    removed = bits_of(seeing)
                    name = _name(first, second, (near_a, near_b), position)
                    yield Step(
                        name,
                        DIFFICULTY[name],
                        (value,),
                        tuple((cell, LINK) for cell in (far_a, near_a, near_b, far_b))
                        + tuple((cell, TARGET) for cell in removed),
                        ((first.kind, first.index), (second.kind, second.index)),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


def named(name: str) -> Finder:
    """The finder of one of the three patterns."""

    def find(position: Position) -> Iterator[Step]:
        return (step for step in single_digit_patterns(position) if step.technique == name)

    return find


def empty_rectangles(position: Position) -> Iterator[Step]:
    """Every empty rectangle with a conjugate pair in a line that removes a candidate."""
    return each_value_since("empty-rectangle", position, _empty_rectangles)


def _empty_rectangles(position: Position, value: int, before: int | None) -> Iterator[Step]:
    """The empty rectangles of one value. A box whose places are as in `before` is only
    tried with the strong links that are not (see `_patterns`)."""
    links = strong_links(position, value, before, LINES)
    changed = [link for link in links if link[2]]
    has = position.value_cells[value]
    for box, rows, columns in _box_lines(position.geometry):
        held = has & box.mask
        same = before is not None and before & box.mask == held
        tried = changed if same else links
        if held.bit_count() < 2 or not tried:
            continue
        # the row and the column must each hold a place, or one line holds them all
        for row in rows:
            in_row = held & row.mask
            if not in_row:
                continue
            for column in columns:
                in_column = held & column.mask
                # in the row or the column, but not all in either one
                if not in_column or in_row | in_column != held or held in (in_row, in_column):
                    continue
                for near, far in ((row, column), (column, row)):
                    yield from _rectangle_steps(
                        position, value, box, (near, far), bits_of(held), tried, set(box.cells)
                    )


@per_geometry
def _box_lines(geometry: Geometry) -> tuple[tuple[Unit, tuple[Unit, ...], tuple[Unit, ...]], ...]:
    """Each block (box, region, window) with the rows and the columns crossing it, in order."""
    return tuple(
        (
            box,
            tuple(unit for unit in geometry.units if unit.kind == "row" and unit.mask & box.mask),
            tuple(
                unit for unit in geometry.units if unit.kind == "column" and unit.mask & box.mask
            ),
        )
        for box in geometry.units
        if is_block(box.kind)
    )


def _rectangle_steps(
    position: Position,
    value: int,
    box: Unit,
    lines: tuple[Unit, Unit],
    places: tuple[int, ...],
    links: list[tuple[Unit, tuple[int, int], bool]],
    inside: set[int],
) -> Iterator[Step]:
    """The empty rectangle's steps whose link has an end on the `near` line, targets on `far`."""
    near, far = lines
    peers = position.geometry.peers
    on_near = set(near.cells)
    for link, (p, q), _ in links:
        if link.kind == near.kind:
            continue
        for a, b in ((p, q), (q, p)):
            if a not in on_near or a in inside or b in inside:
                continue
            removed = [
                cell
                for cell in far.cells
                if cell not in inside
                and cell != a
                and cell in peers[b]
                and position.has(cell, value)
            ]
            if not removed:
                continue
            yield Step(
                "empty-rectangle",
                EMPTY_RECTANGLE,
                (value,),
                tuple((cell, RECTANGLE) for cell in places)
                + ((a, LINK), (b, LINK))
                + tuple((cell, TARGET) for cell in removed),
                tuple((unit.kind, unit.index) for unit in (box, near, far, link)),
                eliminations=tuple((cell, value) for cell in removed),
            )
