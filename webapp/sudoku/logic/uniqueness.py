"""Uniqueness: unique rectangles (types 1 to 4), hidden rectangles and BUG+1.

Every one of them reasons that the puzzle has exactly one solution, so each finder
yields nothing unless `position.unique` says that is known.

A deadly rectangle is four open cells a, b / c, d (a and b in one row, c and d
in another, a and c in one column) such that every unit holding any of them
holds exactly one side of it ({a, b}, {c, d}, {a, c} or {b, d}): on a 9x9
grid, two rows, two columns and two boxes. If the solution put u and v on it
crosswise, swapping them would give a second solution (open cells are never
givens), so the solution does not. The arguments work on the unique solution,
so a corner missing one of the pair (HoDoKu's "missing candidates") is fine;
each corner must still have u or v, and one must have just the two.
Units come from the geometry: a diagonal through one corner spoils a rectangle.

- type 1: three corners are only u or v; the fourth cannot be either;
- type 2: the floors are only u or v, the roofs (two, side by side or across,
  or three) have one extra candidate x besides them: one of them is x,
  so x goes from every cell that sees all of them (HoDoKu's type 5 included);
- type 3: two side-by-side roofs have extras; one of them holds an extra, so
  together they act as one cell holding their extras, which with other cells
  of a unit they share makes a naked subset;
- type 4: two side-by-side roofs, and u can go nowhere else in a unit they
  share: one of them is u, so neither can be v;
- hidden rectangle: a corner is only u or v, and in the opposite corner's row
  and column u has no place outside the rectangle: that corner cannot be v.

A step's digits are the pair (a type 3 adds its subset's values after them);
its cells are the corners, as floors (only the pair) or roofs, then any subset
cells, then the targets.

Difficulties, on Sudoku Explainer's scale (it rates rectangles 4.5 and up):
type 1 4.5, type 2 and type 4 4.6, type 3 4.5 plus 0.1 per cell of its subset
(a pair with the pseudo-cell 4.6, a quad 4.8), hidden rectangle 4.7 (not in
SE: rated here just above the types it resembles), BUG+1 5.6 (SE's BUG type 1).
Timings over tests/positions.py's stuck positions (9x9): under a millisecond
per finder on average, from a per-geometry index of each cell's rectangles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..geometry import Geometry, Unit, per_geometry
from . import bug
from .position import Position, bits_of
from .step import TARGET, Step

Finder = Callable[[Position], Iterator[Step]]

FLOOR = "floor"  # a corner holding only the pair's values
ROOF = "roof"  # a corner with other candidates too
SUBSET = "subset"  # a cell of a type 3's naked subset besides the roofs

TYPE_1 = 4.5
TYPE_2 = 4.6
TYPE_3 = 4.5  # plus 0.1 per cell of the subset besides the roofs
TYPE_3_PAIR = 4.6  # the easiest type 3, where the path looks for all of them
TYPE_4 = 4.6
HIDDEN_RECTANGLE = 4.7
LARGEST_SUBSET = 4  # type 3: the roofs' pseudo-cell and up to three cells

Corners = tuple[int, int, int, int]


def _swappable(units_of: list[frozenset[int]], corners: Corners) -> bool:
    """True when every unit holding a corner holds just that corner and one of its two sides."""
    a, b, c, d = corners
    for corner, side, other_side, across in (
        (a, b, c, d),
        (b, a, d, c),
        (c, d, a, b),
        (d, c, b, a),
    ):
        for unit in units_of[corner]:
            if unit in units_of[across] or (unit in units_of[side]) == (
                unit in units_of[other_side]
            ):
                return False
    return True


@per_geometry
def rectangles(geometry: Geometry) -> tuple[Corners, ...]:
    """Every (a, b, c, d) in two rows and two columns whose values could swap."""
    n = geometry.shape.size
    units_of = [frozenset(numbers) for numbers in geometry.cell_unit_numbers]
    unit_cells = [frozenset(unit.cells) for unit in geometry.units]
    found = []
    for top in range(n):
        for bottom in range(top + 1, n):
            for left in range(n):
                a, c = top * n + left, bottom * n + left
                # each unit of a without c must hold b: that narrows b down quickly
                places = frozenset(top * n + right for right in range(left + 1, n))
                for unit in units_of[a] - units_of[c]:
                    places &= unit_cells[unit]
                for b in sorted(places):
                    corners = (a, b, c, c + b - a)
                    if _swappable(units_of, corners):
                        found.append(corners)
    return tuple(sorted(found))


@per_geometry
def rectangles_at(geometry: Geometry) -> tuple[tuple[Corners, ...], ...]:
    """For each cell, its rectangles as (the cell, its row side, its column side, across)."""
    found: list[list[Corners]] = [[] for _ in range(geometry.shape.cell_count)]
    for a, b, c, d in rectangles(geometry):
        for turned in ((a, b, c, d), (b, a, d, c), (c, d, a, b), (d, c, b, a)):
            found[turned[0]].append(turned)
    return tuple(tuple(cells) for cells in found)


@dataclass(frozen=True)
class Rectangle:
    """Four corners that could be deadly on `pair` (a mask): floors within it, roofs not."""

    corners: Corners
    pair: int
    floors: tuple[int, ...]
    roofs: tuple[int, ...]

    @property
    def digits(self) -> tuple[int, ...]:
        """The pair's two values."""
        return tuple(bits_of(self.pair))

    def cells(self) -> tuple[tuple[int, str], ...]:
        """The corners with their roles, in reading order."""
        return tuple((cell, FLOOR if cell in self.floors else ROOF) for cell in self.corners)


def candidate_rectangles(position: Position) -> tuple[Rectangle, ...]:
    """Each rectangle of open cells, on each pair some corner holds, that has a roof.

    Unique rectangles of types 1 to 4 are asked one after another on the same position,
    so the last few positions' rectangles are kept."""
    if not position.unique:
        return ()
    return _rectangles(position)


@lru_cache(maxsize=4)
def _rectangles(position: Position) -> tuple[Rectangle, ...]:
    return tuple(_each_rectangle(position))


def _each_rectangle(position: Position) -> Iterator[Rectangle]:
    """candidate_rectangles, one at a time."""
    masks = position.candidates
    at = rectangles_at(position.geometry)
    for cell, pair in enumerate(masks):
        if pair.bit_count() != 2:
            continue
        for turned in at[cell]:
            _, side, other_side, across = turned
            side_mask, other_mask, across_mask = masks[side], masks[other_side], masks[across]
            # every corner open and able to join the swap (holding a value of the pair)
            if not (side_mask & pair and other_mask & pair and across_mask & pair):
                continue
            # a rectangle and pair are met once, from their first corner holding just the pair
            if (
                (side_mask == pair and side < cell)
                or (other_mask == pair and other_side < cell)
                or (across_mask == pair and across < cell)
            ):
                continue
            top_left, top_right, bottom_left, bottom_right = sorted(turned)
            corners = (top_left, top_right, bottom_left, bottom_right)
            floors = tuple(corner for corner in corners if masks[corner] & ~pair == 0)
            roofs = tuple(corner for corner in corners if masks[corner] & ~pair)
            if roofs:  # four floors: the position already contradicts uniqueness
                yield Rectangle(corners, pair, floors, roofs)


def _seeing_all(position: Position, cells: tuple[int, ...], value: int) -> list[int]:
    """The open cells, not among `cells`, that see every one of them and have `value`."""
    peers = position.geometry.peers
    common = set(peers[cells[0]])
    for cell in cells[1:]:
        common &= peers[cell]
    return sorted(cell for cell in common if position.has(cell, value))


def _step(
    slug: str,
    difficulty: float,
    rect: Rectangle,
    removed: list[tuple[int, int]],
    extra: tuple[tuple[int, str], ...] = (),
    units: tuple[tuple[str, int], ...] = (),
    values: tuple[int, ...] = (),
) -> Step:
    """A rectangle's step: the pair (and `values`), its corners, any `extra` cells, targets."""
    targets = tuple(dict.fromkeys((cell, TARGET) for cell, _ in removed))
    return Step(
        slug,
        difficulty,
        rect.digits + values,
        rect.cells() + extra + targets,
        units,
        eliminations=tuple(removed),
    )


def type_1(position: Position) -> Iterator[Step]:
    """Unique rectangles of type 1: the one roof can hold neither value of the pair."""
    for rect in candidate_rectangles(position):
        if len(rect.roofs) == 1:
            (roof,) = rect.roofs
            removed = [(roof, value) for value in bits_of(position.candidates[roof] & rect.pair)]
            yield _step("unique-rectangle-1", TYPE_1, rect, removed)


def type_2(position: Position) -> Iterator[Step]:
    """Unique rectangles of type 2: the roofs share one extra value, which one of them holds."""
    masks = position.candidates
    for rect in candidate_rectangles(position):
        if len(rect.roofs) < 2:
            continue
        extras = {masks[roof] & ~rect.pair for roof in rect.roofs}
        if len(extras) != 1 or (extra := extras.pop()).bit_count() != 1:
            continue
        value = extra.bit_length() - 1
        removed = [(cell, value) for cell in _seeing_all(position, rect.roofs, value)]
        if removed:
            yield _step("unique-rectangle-2", TYPE_2, rect, removed)


def _shared_units(position: Position, first: int, second: int) -> list[Unit]:
    """The units holding both cells."""
    return [unit for unit in position.geometry.cell_units[first] if second in unit.cells]


def _side_roofs(position: Position) -> Iterator[tuple[Rectangle, int, int]]:
    """Rectangles with two roofs side by side (in one row, column or other unit)."""
    for rect in candidate_rectangles(position):
        if len(rect.roofs) == 2 and rect.roofs[1] in position.geometry.peers[rect.roofs[0]]:
            yield rect, rect.roofs[0], rect.roofs[1]


def type_3(position: Position) -> Iterator[Step]:
    """Unique rectangles of type 3: the roofs' extras and cells of a unit make a naked subset."""
    masks = position.candidates
    for rect, first, second in _side_roofs(position):
        pseudo = (masks[first] | masks[second]) & ~rect.pair
        for unit in _shared_units(position, first, second):
            others = [cell for cell in unit.cells if masks[cell] and cell not in rect.roofs]
            # a subset cell has no more candidates than the largest subset has values
            fitting = [cell for cell in others if masks[cell].bit_count() <= LARGEST_SUBSET]
            for count in range(1, LARGEST_SUBSET):
                for subset in combinations(fitting, count):
                    values = pseudo
                    for cell in subset:
                        values |= masks[cell]
                    if values.bit_count() != count + 1:
                        continue
                    removed = [
                        (cell, value)
                        for cell in others
                        if cell not in subset
                        for value in bits_of(masks[cell] & values)
                    ]
                    if removed:
                        yield _step(
                            "unique-rectangle-3",
                            round(TYPE_3 + 0.1 * count, 1),
                            rect,
                            removed,
                            tuple((cell, SUBSET) for cell in subset),
                            ((unit.kind, unit.index),),
                            tuple(bits_of(values)),
                        )


def _only_places(position: Position, unit: Unit, value: int, cells: tuple[int, ...]) -> bool:
    """True when `value` still has to go in `unit` and every place left for it is among `cells`."""
    places = position.value_cells[value] & unit.mask
    outside = places
    for cell in cells:
        outside &= ~(1 << cell)
    return bool(places) and not outside and not position.holds(unit, value)


def type_4(position: Position) -> Iterator[Step]:
    """Unique rectangles of type 4: a pair value must be in a roof, so no roof is the other."""
    for rect, first, second in _side_roofs(position):
        for linked in rect.digits:
            other = (rect.pair & ~(1 << linked)).bit_length() - 1
            unit = next(
                (
                    u
                    for u in _shared_units(position, first, second)
                    if _only_places(position, u, linked, rect.roofs)
                ),
                None,
            )
            removed = [(roof, other) for roof in rect.roofs if position.has(roof, other)]
            if unit is not None and removed:
                yield _step(
                    "unique-rectangle-4", TYPE_4, rect, removed, (), ((unit.kind, unit.index),)
                )


def hidden_rectangles(position: Position) -> Iterator[Step]:
    """Hidden rectangles: u's strong links from the corner across from a bivalue corner."""
    if not position.unique:
        return
    masks = position.candidates
    at = rectangles_at(position.geometry)
    for pair_corner, pair in enumerate(masks):
        if pair.bit_count() != 2:
            continue
        for _, side, other_side, across in at[pair_corner]:
            if not (masks[side] and masks[other_side] and masks[across]):
                continue
            for linked in bits_of(pair):
                other = (pair & ~(1 << linked)).bit_length() - 1
                if not position.has(across, other):
                    continue
                links = []
                for neighbour in (side, other_side):
                    link = next(
                        (
                            u
                            for u in _shared_units(position, across, neighbour)
                            if _only_places(position, u, linked, (across, neighbour))
                        ),
                        None,
                    )
                    if link is None:
                        break
                    links.append((link.kind, link.index))
                if len(links) == 2:
                    # the bivalue corner, the two linked corners in the links' order, the target
                    yield Step(
                        "hidden-rectangle",
                        HIDDEN_RECTANGLE,
                        tuple(bits_of(pair)),
                        ((pair_corner, FLOOR), (side, ROOF), (other_side, ROOF), (across, ROOF))
                        + ((across, TARGET),),
                        tuple(links),
                        eliminations=((across, other),),
                    )


# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = (
    ("unique-rectangle-1", TYPE_1, type_1),
    ("unique-rectangle-2", TYPE_2, type_2),
    ("unique-rectangle-4", TYPE_4, type_4),
    ("unique-rectangle-3", TYPE_3_PAIR, type_3),
    ("hidden-rectangle", HIDDEN_RECTANGLE, hidden_rectangles),
    ("bug-plus-1", bug.BUG_PLUS_1, bug.bug_plus_one),
)
