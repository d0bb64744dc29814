"""Wings: a pivot and two pincers that force a value into one of two cells.

- XY-wing: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer
  {y, z}; whichever value the pivot takes, one pincer is z, so z goes from
  every cell that sees both pincers;
- XYZ-wing: the same with a pivot {x, y, z}, which may be z itself, so z goes
  only from cells that see the pivot and both pincers;
- W-wing: two cells {x, y} that do not see each other, joined by a strong link
  on x (a unit where x has just two places, one seeing each cell): one of the
  two cells is y, so y goes from every cell that sees both;
- WXYZ-wing: four cells, within two units that cross, holding just four
  values between them, where every value but one (z) is "restricted": its
  cells in the wing all see each other, so it fills at most one of them. The
  three restricted values fill at most three of the four cells, so z fills
  one: z goes from every cell that sees all the wing's z cells. Sukaku
  Explainer rates it 5.5 (HoDoKu has no cases of it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..geometry import Geometry, geometry_memo, per_geometry
from .memo import since_position
from .position import Position, bits_of
from .single_digit import strong_links
from .step import TARGET, Step

PIVOT = "pivot"
PINCER = "pincer"
LINK = "link"
XY_WING = 4.2
XYZ_WING = 4.4
W_WING = 4.4
WXYZ_WING = 5.5
WING = "wing"  # a WXYZ-wing's cells without the value it removes
WING_Z = "wing-z"  # a WXYZ-wing's cells with the value it removes


def _targets(position: Position, value: int, seeing: Sequence[int]) -> tuple[int, ...]:
    """The open cells, not among `seeing`, that see all of `seeing` and have `value`."""
    peers = position.geometry.peer_masks
    common = position.value_cells[value]  # no cell sees itself: `seeing` drops out
    for cell in seeing:
        common &= peers[cell]
    return bits_of(common)


def xy_wings(position: Position) -> Iterator[Step]:
    """Every XY-wing that removes a candidate."""
    return since_position("xy-wing", position, _xy_wings)


def _xy_wings(position: Position, changed: int | None) -> Iterator[Step]:
    """The XY-wings, skipped when no cell that is bivalue now changed since a position
    where none removed anything (`changed`, see `memo.since_position`): every wing here
    was a wing there, and what it removes can only have shrunk."""
    if changed is not None and not changed & position.cells_with(2, 2):
        return
    masks, peers = position.candidates, position.geometry.peers
    for pivot in bits_of(position.cells_with(2, 2)):
        mask = masks[pivot]
        pincers = [
            cell
            for cell in peers[pivot]
            if masks[cell].bit_count() == 2 and (masks[cell] & mask).bit_count() == 1
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                z = masks[first] & ~mask
                if masks[second] != (mask & ~masks[first]) | z:
                    continue
                value = z.bit_length() - 1
                removed = _targets(position, value, [first, second])
                if removed:
                    yield Step(
                        "xy-wing",
                        XY_WING,
                        tuple(bits_of(mask | z)),
                        ((pivot, PIVOT), (first, PINCER), (second, PINCER))
                        + tuple((cell, TARGET) for cell in removed),
                        (),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


def xyz_wings(position: Position) -> Iterator[Step]:
    """Every XYZ-wing that removes a candidate."""
    return since_position("xyz-wing", position, _xyz_wings)


def _xyz_wings(position: Position, changed: int | None) -> Iterator[Step]:
    """The XYZ-wings, skipped when no cell of two or three candidates now changed, as
    `_xy_wings` is."""
    if changed is not None and not changed & position.cells_with(2, 3):
        return
    masks, peers = position.candidates, position.geometry.peers
    for pivot in bits_of(position.cells_with(3, 3)):
        mask = masks[pivot]
        pincers = [
            cell
            for cell in peers[pivot]
            if masks[cell].bit_count() == 2 and masks[cell] & ~mask == 0
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                if masks[first] | masks[second] != mask or masks[first] == masks[second]:
                    continue
                value = (masks[first] & masks[second]).bit_length() - 1
                removed = _targets(position, value, [pivot, first, second])
                if removed:
                    yield Step(
                        "xyz-wing",
                        XYZ_WING,
                        tuple(bits_of(mask)),
                        ((pivot, PIVOT), (first, PINCER), (second, PINCER))
                        + tuple((cell, TARGET) for cell in removed),
                        (),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


def w_wings(position: Position) -> Iterator[Step]:
    """Every W-wing that removes a candidate."""
    masks, peers = position.candidates, position.geometry.peers
    pairs = [cell for cell, mask in enumerate(masks) if mask.bit_count() == 2]
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if masks[first] != masks[second] or second in peers[first]:
                continue
            for link_value in bits_of(masks[first]):
                other = (masks[first] & ~(1 << link_value)).bit_length() - 1
                removed = _targets(position, other, [first, second])
                if not removed:
                    continue
                for unit, (a, b), _ in strong_links(position, link_value, None):
                    if a in (first, second) or b in (first, second):
                        continue
                    if not (
                        (a in peers[first] and b in peers[second])
                        or (b in peers[first] and a in peers[second])
                    ):
                        continue
                    yield Step(
                        "w-wing",
                        W_WING,
                        tuple(bits_of(masks[first])),
                        ((first, PINCER), (second, PINCER), (a, LINK), (b, LINK))
                        + tuple((cell, TARGET) for cell in removed),
                        ((unit.kind, unit.index),),
                        eliminations=tuple((cell, other) for cell in removed),
                    )
                    break


@per_geometry
def crossing_units(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """For each pair of units sharing a cell, the cells of both, ascending."""
    cells = [frozenset(unit.cells) for unit in geometry.units]
    return tuple(
        tuple(sorted(first | second))
        for i, first in enumerate(cells)
        for second in cells[i + 1 :]
        if first & second
    )


@per_geometry
def _apart(geometry: Geometry, number: int) -> tuple[tuple[bool, ...], ...]:
    """For each two cells of one area (by their places in it), whether they do not see
    each other."""
    peers = geometry.peers
    area = crossing_units(geometry)[number]
    return tuple(tuple(other not in peers[cell] for other in area) for cell in area)


def wxyz_wings(position: Position) -> Iterator[Step]:
    """Every WXYZ-wing that removes a candidate."""
    return since_position("wxyz-wing", position, _wxyz_wings)


def _wxyz_wings(position: Position, changed: int | None) -> Iterator[Step]:
    """The WXYZ-wings, but for those whose four cells are all unchanged since a position
    where none removed anything (`changed`, see `memo.since_position`): such a wing was a
    wing there too, and what it removes can only have shrunk."""
    masks, geometry = position.candidates, position.geometry
    # only cells with two to four candidates can be in a wing: an area needs four
    small = position.cells_with(2, 4)
    seen: set[tuple[int, ...]] = set()
    for number, (area, area_mask) in enumerate(
        zip(crossing_units(geometry), crossing_masks(geometry), strict=True)
    ):
        if (area_mask & small).bit_count() < 4 or (changed is not None and not area_mask & changed):
            continue
        state = tuple([masks[c] for c in area])
        if changed is None:
            wings = _area_wings(geometry, number, state)
        else:
            wings = tuple(_area_wings_through(geometry, number, state, area_mask & changed & small))
        for wing, value, holders in wings:
            if wing in seen:
                continue
            seen.add(wing)
            removed = _targets(position, value, holders)
            if removed:
                a, b, c, d = wing
                yield Step(
                    "wxyz-wing",
                    WXYZ_WING,
                    tuple(bits_of(masks[a] | masks[b] | masks[c] | masks[d])),
                    tuple((cell, WING_Z if cell in holders else WING) for cell in wing)
                    + tuple((cell, TARGET) for cell in removed),
                    (),
                    eliminations=tuple((cell, value) for cell in removed),
                )


def _area_wings_through(
    geometry: Geometry, number: int, masks: tuple[int, ...], through: int
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """The wings `_area_wings` gives that use a cell of `through` (a cell mask), in the same
    order. Grown from each such cell, whose values alone leave room for few others: a
    path asks for these at every step, with a cell or two changed since it last asked."""
    area = crossing_units(geometry)[number]
    apart = _apart(geometry, number)
    places = [i for i, mask in enumerate(masks) if 2 <= mask.bit_count() <= 4]
    found: dict[tuple[int, ...], int] = {}  # each wing's places in the area -> its loose value
    for x in places:
        if not through >> area[x] & 1:
            continue
        own, far_x = masks[x], apart[x]
        # the other cells whose values and the cell's are four or fewer, and that leave
        # at most one value loose with it (but for the cells of `through` before it,
        # whose wings are found from them): then three of them, cut as in `_area_wings`
        others = []
        for p in places:
            if p == x or (p < x and through >> area[p] & 1):
                continue
            if (own | masks[p]).bit_count() <= 4:
                if (own & masks[p] if far_x[p] else 0).bit_count() <= 1:
                    others.append(p)
        count = len(others)
        for b in range(count - 2):
            j = others[b]
            second = masks[j]
            union2 = own | second
            loose2 = own & second if far_x[j] else 0
            far_j = apart[j]
            for c in range(b + 1, count - 1):
                k = others[c]
                third = masks[k]
                union3 = union2 | third
                if union3.bit_count() > 4:
                    continue
                loose3 = loose2 | third & ((own if far_x[k] else 0) | (second if far_j[k] else 0))
                if loose3.bit_count() > 1:
                    continue
                far_k = apart[k]
                for d in range(c + 1, count):
                    m = others[d]
                    fourth = masks[m]
                    if (union3 | fourth).bit_count() != 4:
                        continue
                    seen4 = (
                        (own if far_x[m] else 0)
                        | (second if far_j[m] else 0)
                        | (third if far_k[m] else 0)
                    )
                    loose = loose3 | fourth & seen4
                    if loose.bit_count() == 1:
                        found[tuple(sorted((x, j, k, m)))] = loose
    wings = []
    for quad in sorted(found):
        loose = found[quad]
        holders = tuple(area[p] for p in quad if masks[p] & loose)
        wings.append((tuple(area[p] for p in quad), loose.bit_length() - 1, holders))
    return wings


@per_geometry
def crossing_masks(geometry: Geometry) -> tuple[int, ...]:
    """crossing_units, each as a mask of cells."""
    return tuple(sum(1 << cell for cell in area) for area in crossing_units(geometry))


@geometry_memo
def _area_wings(
    geometry: Geometry, number: int, masks: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
    """The WXYZ-wings of one area (two crossing units) whose cells have `masks`: each
    wing's cells, its one loose value, and its cells holding that value. They depend on
    the area alone (what they remove does not), so a path finds them once per area.

    Four nested loops over the cells with two to four candidates, each cut as soon as
    the values so far pass four or the loose ones (in two cells that do not see each
    other) pass one: neither ever shrinks as cells are added.
    """
    area = crossing_units(geometry)[number]
    apart = _apart(geometry, number)
    places = [i for i, mask in enumerate(masks) if 2 <= mask.bit_count() <= 4]
    count = len(places)
    found = []
    for a in range(count - 3):
        i = places[a]
        first, far_i = masks[i], apart[i]
        for b in range(a + 1, count - 2):
            j = places[b]
            second = masks[j]
            union2 = first | second
            if union2.bit_count() > 4:
                continue
            loose2 = first & second if far_i[j] else 0
            if loose2.bit_count() > 1:
                continue
            far_j = apart[j]
            for c in range(b + 1, count - 1):
                k = places[c]
                third = masks[k]
                union3 = union2 | third
                if union3.bit_count() > 4:
                    continue
                seen3 = (first if far_i[k] else 0) | (second if far_j[k] else 0)
                loose3 = loose2 | third & seen3
                if loose3.bit_count() > 1:
                    continue
                far_k = apart[k]
                for d in range(c + 1, count):
                    m = places[d]
                    fourth = masks[m]
                    if (union3 | fourth).bit_count() != 4:
                        continue
                    seen4 = (
                        (first if far_i[m] else 0)
                        | (second if far_j[m] else 0)
                        | (third if far_k[m] else 0)
                    )
                    loose = loose3 | fourth & seen4
                    if loose.bit_count() == 1:
                        wing = (area[i], area[j], area[k], area[m])
                        holders = tuple(area[x] for x in (i, j, k, m) if masks[x] & loose)
                        found.append((wing, loose.bit_length() - 1, holders))
    return tuple(found)
