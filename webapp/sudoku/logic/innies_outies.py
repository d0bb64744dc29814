"""The rule of 45 (innies and outies): what some units hold, against the cages around them.

Every unit holds each value once, so k units that share no cell hold k times 1 + 2 +
... + N (45 on a 9x9: "the rule of 45"). Take such a group of units (a row, a box,
rows 1 to 3, two boxes side by side) and some cages with sums: the cells of the group
outside those cages (innies) and the cells of those cages outside the group (outies)
make up the difference:

    sum(outies) - sum(innies) = what the cages make - what the units hold.

Counting the cages wholly inside the group leaves innies alone ("rows 1 to 3 hold 135;
the cages wholly inside make 128; so r3c4 + r3c5 make 7"); counting every cage that
reaches into it leaves outies alone; counting the cages mostly inside leaves a few of
each ("r4c1 is 5 more than r3c3"). The open innies and outies must then take values
that balance it, different values where cells see each other: a candidate no such
filling gives its cell goes, and a lone open cell takes the one value left.

The groups and their counts are the same in every position of a geometry (worked out
once, per_geometry); a position decides only which counts have few enough open cells
to follow (MOST_OPEN).

Rated on Sudoku Explainer's scale by what a person has to add up and keep in mind: one
open cell in one unit, 2.0 (a single value worked out by subtraction, between a
hidden single, 1.5, and a naked single, 2.3); over several units, where the cages to
add up are more and the group is not drawn on the grid, 0.2 more. Two open cells
balance against one another, as a pair of cells do: 3.0, a locked pair's; three 3.2
and four 3.4, below the triples (3.6) whose reasoning they resemble.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..cages import Cage
from ..geometry import Geometry, Unit, per_geometry
from .position import Position, bits_of
from .step import TARGET, Step
from .unit_kinds import LINES, is_block

# By the count of open innies and outies; a group of several units adds SEVERAL.
RULE_OF_45 = {1: 2.0, 2: 3.0, 3: 3.2, 4: 3.4}
SEVERAL = 0.2
MOST_OPEN = max(RULE_OF_45)
# Counts of more innies and outies than this are not kept (open ones fewer than
# MOST_OPEN would be a count of mostly filled cells: rare, and long to say).
MOST_CELLS = 8
INNIE = "cage-innie"  # a cell of the units outside the cages counted
OUTIE = "cage-outie"  # a cell of a cage counted outside the units
# Balances worked out, by target and cells (a path asks the same ones step after step).
BALANCES_KEPT = 1 << 14


@dataclass(frozen=True)
class Count:
    """Units that share no cell, some cages with sums, and what is left over of each:
    sum(outies) - sum(innies) = counted - held."""

    units: tuple[Unit, ...]
    cages: tuple[int, ...]  # numbers in the geometry's cages
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    held: int  # what the units hold
    counted: int  # what the cages make
    mask: int  # the innies and outies as one mask


def groups(geometry: Geometry) -> list[tuple[Unit, ...]]:
    """The groups of units counted: each unit; 2 to N-1 consecutive rows, or columns; two
    blocks (boxes, a Jigsaw's regions) that touch side by side."""
    n = geometry.shape.size
    found: list[tuple[Unit, ...]] = [(unit,) for unit in geometry.units]
    for kind in LINES:
        lines = [unit for unit in geometry.units if unit.kind == kind]
        for count in range(2, n):
            found += [tuple(lines[start : start + count]) for start in range(n - count + 1)]
    blocks = [unit for unit in geometry.units if is_block(unit.kind) and unit.kind != "window"]
    for at, first in enumerate(blocks):
        near = _touching(n, first.mask)
        found += [(first, second) for second in blocks[at + 1 :] if second.mask & near]
    return found


def _touching(n: int, mask: int) -> int:
    """The cells beside, above or below a cell of `mask`."""
    found = 0
    for cell in bits_of(mask):
        row, col = divmod(cell, n)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < n and 0 <= c < n:
                found |= 1 << (r * n + c)
    return found


@per_geometry
def counts_of(geometry: Geometry) -> tuple[Count, ...]:
    """Every count of a group of units against the cages wholly inside it, every cage
    reaching into it, or the cages mostly inside it, with at most MOST_CELLS innies and
    outies; each pair of innies and outies once (fewest units first)."""
    n = geometry.shape.size
    per_unit = n * (n + 1) // 2
    cage_masks = [sum(1 << cell for cell in cells) for cells in geometry.cages]
    totals = geometry.cage_totals
    summed = [number for number, total in enumerate(totals) if total is not None]
    caged = 0
    for number in summed:
        caged |= cage_masks[number]
    found: dict[tuple[int, int], Count] = {}
    for units in groups(geometry):
        region = 0
        for unit in units:
            region |= unit.mask
        if region.bit_count() != n * len(units):
            continue  # units that overlap do not hold each value k times
        touching = [number for number in summed if cage_masks[number] & region]
        inside = [number for number in touching if not cage_masks[number] & ~region]
        mostly = [
            number
            for number in touching
            if 2 * (cage_masks[number] & region).bit_count() > cage_masks[number].bit_count()
        ]
        choices = [inside, mostly]
        if not region & ~caged:
            choices.append(touching)  # no innie left: every cell is in a cage with a sum
        for counted in choices:
            if not counted:
                continue  # a unit alone: what it holds, no more
            covered = 0
            for number in counted:
                covered |= cage_masks[number]
            innies, outies = region & ~covered, covered & ~region
            cells = innies | outies
            if not cells or cells.bit_count() > MOST_CELLS or (innies, outies) in found:
                continue
            found[innies, outies] = Count(
                tuple(units),
                tuple(counted),
                bits_of(innies),
                bits_of(outies),
                per_unit * len(units),
                sum(totals[number] or 0 for number in counted),
                cells,
            )
    return tuple(sorted(found.values(), key=lambda count: len(count.units)))


def applies(geometry: Geometry) -> bool:
    """True when `geometry` has a count to make: a Killer with cages with sums."""
    return bool(counts_of(geometry))


@lru_cache(maxsize=BALANCES_KEPT)
def balances(
    target: int, signs: tuple[int, ...], masks: tuple[int, ...], seen: tuple[int, ...]
) -> tuple[int, ...]:
    """For cells with candidates `masks` (bit v for value v), each counted with its sign
    (+1 or -1), and cell i seeing the cells of bit j in `seen[i]`: the values each cell
    takes in some filling whose signed sum is `target`, seeing cells holding different
    values."""
    count = len(masks)
    # the least and most the cells from each place on can still add
    low, high = [0] * (count + 1), [0] * (count + 1)
    for at in range(count - 1, -1, -1):
        values = bits_of(masks[at])
        if not values:
            return (0,) * count
        least, most = values[0] * signs[at], values[-1] * signs[at]
        low[at] = low[at + 1] + min(least, most)
        high[at] = high[at + 1] + max(least, most)
    allowed = [0] * count
    chosen = [0] * count

    def fill(at: int, total: int) -> bool:
        """Fill cells from `at` on, having added up `total`; mark what works."""
        if at == count:
            if total != target:
                return False
            for place in range(count):
                allowed[place] |= 1 << chosen[place]
            return True
        if not total + low[at] <= target <= total + high[at]:
            return False
        taken = 0
        for other in bits_of(seen[at] & ((1 << at) - 1)):
            taken |= 1 << chosen[other]
        worked = False
        for value in bits_of(masks[at] & ~taken):
            chosen[at] = value
            worked |= fill(at + 1, total + signs[at] * value)
        return worked

    fill(0, 0)
    return tuple(allowed)


def rule_of_45(
    position: Position, open_cells: int | None = None, several: bool | None = None
) -> Iterator[Step]:
    """Every count with `open_cells` open innies and outies (any up to MOST_OPEN when
    None) over one unit or `several` (either when None) that places a value or removes a
    candidate."""
    for count, open_count in open_counts(position, (1, MOST_OPEN), open_cells, several):
        allowed = balances(open_count.target, open_count.signs, open_count.masks, open_count.seen)
        if not all(allowed):
            continue  # no filling balances: a contradiction, for other steps to run into
        step = count_step(position, count, open_count.cells, allowed, open_count.filled)
        if step is not None:
            yield step


@dataclass(frozen=True)
class OpenCount:
    """A count's open innies and outies at a position: the `cells` (outies first), each's
    sign in the sum (+1 an outie, -1 an innie), the signed sum of values they must make
    (`target`), their candidates (`masks`), which of them each sees (`seen`, bits of places
    in `cells`), and the sums of the innies and outies already filled (`filled`)."""

    cells: list[int]
    signs: tuple[int, ...]
    target: int
    masks: tuple[int, ...]
    seen: tuple[int, ...]
    filled: tuple[int, int]


def open_counts(
    position: Position, within: tuple[int, int], open_cells: int | None, several: bool | None
) -> Iterator[tuple[Count, OpenCount]]:
    """Each count with `open_cells` open innies and outies (any number `within` the two
    bounds when None) over one unit or `several` (either when None), and its OpenCount."""
    values, candidates = position.values, position.candidates
    open_mask = position.open_cells
    peer_masks = position.geometry.peer_masks
    for count in counts_of(position.geometry):
        if several is not None and (len(count.units) > 1) != several:
            continue
        opened = (count.mask & open_mask).bit_count()
        if not within[0] <= opened <= within[1]:
            continue
        if open_cells is not None and opened != open_cells:
            continue
        cells = [cell for cell in count.outies + count.innies if not values[cell]]
        filled_in = sum(values[cell] for cell in count.innies)
        filled_out = sum(values[cell] for cell in count.outies)
        yield (
            count,
            OpenCount(
                cells,
                tuple(1 if cell in count.outies else -1 for cell in cells),
                count.counted - count.held - filled_out + filled_in,
                tuple(candidates[cell] for cell in cells),
                tuple(
                    sum(1 << at for at, other in enumerate(cells) if peer_masks[cell] >> other & 1)
                    for cell in cells
                ),
                (filled_in, filled_out),
            ),
        )


def count_step(
    position: Position,
    count: Count,
    cells: list[int],
    allowed: tuple[int, ...],
    filled: tuple[int, int],
    slug: str = "rule-of-45",
    ratings: dict[int, float] = RULE_OF_45,
) -> Step | None:
    """The step of a count whose open `cells` can take the values `allowed`, or None when
    that changes nothing: `slug`'s, rated by the count of open cells in `ratings`."""
    candidates = position.candidates
    placements: tuple[tuple[int, int], ...] = ()
    if len(cells) == 1:
        placements = ((cells[0], bits_of(allowed[0])[0]),)
        removed: tuple[tuple[int, int], ...] = ()
    else:
        removed = tuple(
            (cell, value)
            for cell, mask in zip(cells, allowed, strict=True)
            for value in bits_of(candidates[cell] & ~mask)
        )
        if not removed:
            return None
    geometry = position.geometry
    changed = dict.fromkeys(cell for cell, _ in placements + removed)
    difficulty = ratings[len(cells)] + (SEVERAL if len(count.units) > 1 else 0)
    return Step(
        slug,
        round(difficulty, 1),
        tuple(sorted({value for _, value in placements + removed})),
        tuple((cell, INNIE) for cell in count.innies)
        + tuple((cell, OUTIE) for cell in count.outies)
        + tuple((cell, TARGET) for cell in changed),
        tuple((unit.kind, unit.index) for unit in count.units)
        + tuple(("cage", number + 1) for number in count.cages),
        eliminations=removed,
        placements=placements,
        cages=tuple(
            Cage(geometry.cages[number], geometry.cage_totals[number]) for number in count.cages
        ),
        sums=(count.held, count.counted, *filled),
    )
