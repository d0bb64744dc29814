"""Almost locked sets and the restricted commons that link them: the ground the ALS
techniques (als.py, death_blossom.py) stand on.

An almost locked set (ALS) is k open cells of one unit whose candidates together
are k + 1 values: if any one value is taken from them, the other k are locked
in. A bivalue cell is an ALS of one cell.

A restricted common (RC) of two ALSs A and B, which share no cell, is a value x
of both whose every place in A sees every place in B: x can be in at most one
of them, so one of them lacks x and is locked on its other values.

Cells and sets of cells are bit masks over the grid (bit c = cell c), so "sees
every place" is a single AND. The search is bounded by the number of cells an
ALS may have (`max_als_cells`), smaller on big grids, where the combinations
explode.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..geometry import Geometry, Unit, geometry_memo
from .position import Position, bits_of
from .step import TARGET, Step


@dataclass(frozen=True, slots=True)
class Als:
    """k cells of `unit` with k + 1 candidates between them."""

    cells: tuple[int, ...]
    members: int  # the cells as a bit mask
    values: int  # the candidates together, as a value mask
    where: tuple[int, ...]  # for each value v, the member cells with v (a cell mask)
    seeing: tuple[int, ...]  # for each value v of the set, the cells that see all of where[v]
    unit: Unit


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells set in a cell mask, lowest first."""
    return bits_of(mask)


def max_als_cells(position: Position) -> int:
    """How many cells an ALS may have: any number up to 9x9, fewer where units are larger."""
    size = position.size
    return size - 1 if size <= 9 else 4 if size <= 12 else 3 if size <= 16 else 2


def almost_locked_sets(position: Position, max_cells: int | None = None) -> list[Als]:
    """Every ALS of up to `max_cells` cells, each cell set once (under its first unit)."""
    limit = max_cells if max_cells is not None else max_als_cells(position)
    geometry, states = position.geometry, position.unit_states
    found: list[Als] = []
    seen: set[int] = set()
    for number in range(len(geometry.units)):
        for als in _unit_sets(geometry, number, states[number], limit):
            if als.members not in seen:
                seen.add(als.members)
                found.append(als)
    return found


@geometry_memo
def _unit_sets(
    geometry: Geometry, number: int, state: tuple[int, ...], limit: int
) -> tuple[Als, ...]:
    """The ALSs of up to `limit` cells in one unit, whose state (Position.unit_states) is
    all they depend on: a path finds a unit's sets again only when its cells change."""
    unit = geometry.units[number]
    size = geometry.shape.size
    masks = dict(zip(unit.cells, state, strict=False))  # the state's first half: candidates
    peers = geometry.peer_masks
    found: list[Als] = []

    def make(cells: tuple[int, ...], union: int) -> Als:
        where = [0] * (size + 1)
        seeing = [0] * (size + 1)
        for value in bits_of(union):
            common = -1
            for cell in cells:
                if masks[cell] >> value & 1:
                    where[value] |= 1 << cell
                    common &= peers[cell]
            seeing[value] = common
        members = sum(1 << cell for cell in cells)
        return Als(cells, members, union, tuple(where), tuple(seeing), unit)

    open_cells = [cell for cell in unit.cells if masks[cell]]
    chosen: list[int] = []
    # depth first over the unit's open cells in order, so each subset comes once
    stack = [(0, 0)]  # (next index to try, values so far) for each depth
    while stack:
        index, union = stack[-1]
        if index >= len(open_cells):
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        stack[-1] = (index + 1, union)
        cell = open_cells[index]
        grown = union | masks[cell]
        count = grown.bit_count()
        # each added cell grows the set by one and its values by at least none,
        # so a union above limit + 1 values can never come down to cells + 1
        if count > limit + 1:
            continue
        chosen.append(cell)
        if count == len(chosen) + 1:
            found.append(make(tuple(chosen), grown))
        if len(chosen) < limit:
            stack.append((index + 1, grown))
        else:
            chosen.pop()
    return tuple(found)


def restricted_commons(a: Als, b: Als) -> int:
    """The values (a mask) that are restricted commons of two ALSs.

    The sets may share cells, but not cells with the common value: "every x of B
    sees every x of A" rules that out, as no cell sees itself.
    """
    found = 0
    for value in bits_of(a.values & b.values):
        if b.where[value] & ~a.seeing[value] == 0:
            found |= 1 << value
    return found


def links(sets: list[Als], places: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    """For each ALS, the (other ALS's index, restricted commons mask) of every ALS it links to."""
    # which ALSs have value v in cell c, so each ALS looks only at those with its
    # value in the cells that see all of its value
    having: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, als in enumerate(sets):
        for value in bits_of(als.values):
            for cell in bits_of(als.where[value]):
                having[cell, value].append(index)
    commons: list[dict[int, int]] = [{} for _ in sets]
    for i, a in enumerate(sets):
        for value in bits_of(a.values):
            around = a.seeing[value] & places[value]
            for cell in bits_of(around):
                for j in having.get((cell, value), ()):
                    if j > i and sets[j].where[value] & ~around == 0:
                        commons[i][j] = commons[i].get(j, 0) | 1 << value
    found: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, linked in enumerate(commons):
        for j, mask in linked.items():
            found[i].append((j, mask))
            found[j].append((i, mask))
    return [sorted(around) for around in found]


@dataclass(frozen=True)
class AlsContext:
    """What every ALS finder needs of a position, worked out once."""

    sets: list[Als]
    links: list[list[tuple[int, int]]]  # per ALS: (other ALS, restricted commons mask)
    places: tuple[int, ...]  # per value: the open cells with it


@lru_cache(maxsize=4)
def als_context(position: Position) -> AlsContext:
    """The ALSs of a position, their links and its value places (the path asks several
    ALS finders in turn about the same position, so this is kept for a few positions)."""
    sets = almost_locked_sets(position)
    places = position.value_cells
    return AlsContext(sets, links(sets, places), places)


def make_step(
    slug: str,
    difficulty: float,
    digits: Sequence[int],
    sets: list[Als],
    roles: list[str],
    removed: list[tuple[int, int]],
) -> Step:
    """A step over `sets` (each cell tagged with its set's role) removing `removed`."""
    cells = tuple((cell, role) for als, role in zip(sets, roles, strict=True) for cell in als.cells)
    targets = tuple((cell, TARGET) for cell in sorted({cell for cell, _ in removed}))
    return Step(
        slug,
        difficulty,
        tuple(digits),
        cells + targets,
        tuple((als.unit.kind, als.unit.index) for als in sets),
        eliminations=tuple(sorted(removed)),
    )


def common_removals(
    first: Als, second: Als, values: int, places: tuple[int, ...]
) -> list[tuple[int, int]]:
    """(cell, z) for each z in `values` and each cell with z seeing all z of both sets."""
    removed = []
    for value in bits_of(values):
        targets = first.seeing[value] & second.seeing[value] & places[value]
        removed += [(cell, value) for cell in cells_of(targets)]
    return removed


def locked_removals(als: Als, values: int, places: tuple[int, ...]) -> list[tuple[int, int]]:
    """(cell, v) for each v in `values` locked in `als`: cells outside it seeing all its v."""
    removed = []
    for value in bits_of(values):
        targets = als.seeing[value] & places[value] & ~als.members
        removed += [(cell, value) for cell in cells_of(targets)]
    return removed
