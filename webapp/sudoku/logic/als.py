"""Almost locked sets (N cells with N+1 candidates): ALS-XZ, ALS-XY-wing, ALS chains,
death blossoms (death_blossom.py), and sue de coq (sue_de_coq.py).

An ALS that loses one of its values is locked on the others; two ALSs linked by
a restricted common x (als_sets.py) cannot both keep x, so one of them is
locked. Each technique strings that fact along:

- ALS-XZ: A and B linked by x; whichever loses x is locked, so a value z of
  both (not x) is in A or in B: z goes from every cell that sees all the z of
  A and of B. With two restricted commons x1 and x2 (doubly linked) each ALS
  loses one of them, so both are locked on the rest: every other value of A
  goes from the cells that see all its places in A (likewise B), and x1 and x2
  from the cells that see all their places in both;
- ALS-XY-wing: A-C linked by x and B-C by y (x != y); C cannot lose both, so A
  loses x or B loses y, and a value z of A and B (neither x nor y) is in A or B;
- ALS chain (als_chain.py): A1-A2-...-An, each link a restricted common
  different from the one before.

Difficulties (Sudoku Explainer has none of these by name; chosen beside its
chains, whose reasoning they shorten): ALS-XZ 7.5 (like a short AIC),
ALS-XY-wing 8.0, ALS chain 8.1 for four ALSs plus 0.1 for each more, death
blossom 8.5, sue de coq 5.0 (a pair of naked subsets sharing cells, between
the naked quad and the hidden quad).

ALSs may share cells (HoDoKu's "with overlap" cases) but never a cell holding
the value that links them, which is all the reasoning needs.

Bounds: an ALS has any number of cells on 9x9, at most 4 on 12x12, 3 on 16x16
and 2 on 25x25 (als_sets.py); the XY-wing search tries at most XY_WING_BUDGET
pairs of wings, the chain search a budget of its own (als_chain.py), the death
blossom one too: no finder can hang on a 25x25 grid.

Steps: `digits` are the linking values (for a chain in order, for a death
blossom the stem's values, for sue de coq the crossing cells' values); the
values removed are the eliminations'. Roles: "als-a", "als-b" (and "als-c",
the XY-wing's pivot set), "als-1".."als-n" along a chain, "stem" and
"petal-1".."petal-k" (one per stem value, in `digits` order), and for sue de
coq "intersection", "line-set", "box-set"; then "target". `units` give each
set's unit in the same order (for sue de coq: the line, then the box).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from . import als_chain, death_blossom, sue_de_coq
from .als_sets import als_context, common_removals, locked_removals, make_step
from .position import Position, bits_of
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

ALS_XZ = 7.5
ALS_XY_WING = 8.0
XY_WING_BUDGET = 100000  # pairs of wings tried in one call: dense big grids have millions
ROLES = ("als-a", "als-b", "als-c")


def als_xz(position: Position) -> Iterator[Step]:
    """Every ALS-XZ (singly or doubly linked) that removes a candidate."""
    context = als_context(position)
    sets, linked, places = context.sets, context.links, context.places
    for i, a in enumerate(sets):
        for j, commons in linked[i]:
            if j < i:
                continue
            b = sets[j]
            count = commons.bit_count()
            if count == 1:
                removed = common_removals(a, b, a.values & b.values & ~commons, places)
            elif count == 2:
                removed = common_removals(a, b, commons, places)
                removed += locked_removals(a, a.values & ~commons, places)
                removed += locked_removals(b, b.values & ~commons, places)
                removed = sorted(set(removed))
            else:
                continue  # three commons cannot be kept apart by two sets: a broken position
            if removed:
                yield make_step(
                    "als-xz", ALS_XZ, bits_of(commons), [a, b], ["als-a", "als-b"], removed
                )


def als_xy_wings(position: Position) -> Iterator[Step]:
    """Every ALS-XY-wing: A and B each linked to a pivot C, by different values (one pivot
    for each pair of wings and values removed; at most XY_WING_BUDGET pairs tried)."""
    context = als_context(position)
    sets, linked, places = context.sets, context.links, context.places
    # for each pair of ALSs, the shared values some cell outside sees everywhere in both
    useful: dict[tuple[int, int], int] = {}

    def removable(i: int, j: int) -> int:
        key = (i, j) if i < j else (j, i)
        if key not in useful:
            a, b = sets[i], sets[j]
            found = 0
            for value in bits_of(a.values & b.values):
                if a.seeing[value] & b.seeing[value] & places[value]:
                    found |= 1 << value
            useful[key] = found
        return useful[key]

    # the same two wings removing the same values through another pivot say nothing new
    shown: set[tuple[int, int, int]] = set()
    budget = XY_WING_BUDGET
    for c_index, c in enumerate(sets):
        around = linked[c_index]
        budget -= len(around) * (len(around) - 1) // 2
        if budget < 0:
            return
        for n, (a_index, a_commons) in enumerate(around):
            for b_index, b_commons in around[n + 1 :]:
                shared = removable(a_index, b_index)
                if not shared:
                    continue
                a, b = sets[a_index], sets[b_index]
                for x in bits_of(a_commons):
                    for y in bits_of(b_commons & ~(1 << x)):
                        zs = shared & ~(1 << x | 1 << y)
                        wings = (min(a_index, b_index), max(a_index, b_index), zs)
                        if zs and wings not in shown:
                            shown.add(wings)
                            removed = common_removals(a, b, zs, places)
                            yield make_step(
                                "als-xy-wing", ALS_XY_WING, [x, y], [a, b, c], list(ROLES), removed
                            )


TECHNIQUES: tuple[tuple[str, float, Finder], ...] = (
    ("sue-de-coq", sue_de_coq.SUE_DE_COQ, sue_de_coq.sue_de_coqs),
    ("als-xz", ALS_XZ, als_xz),
    ("als-xy-wing", ALS_XY_WING, als_xy_wings),
    ("als-chain", als_chain.ALS_CHAIN, als_chain.als_chains),
    ("death-blossom", death_blossom.DEATH_BLOSSOM, death_blossom.death_blossoms),
)
