"""Every technique the logic engine knows, by slug, easiest first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from ..geometry import Geometry, per_geometry
from . import (
    als,
    chains,
    coloring,
    fish,
    forcing,
    intersections,
    leftovers,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from .position import Position
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

# (slug, difficulty, finder), listed by family.
LISTED: tuple[tuple[str, float, Finder], ...] = (
    ("full-house", singles.FULL_HOUSE, singles.full_houses),
    ("hidden-single", singles.HIDDEN_SINGLE_IN_BOX, partial(singles.hidden_singles, in_boxes=True)),
    ("hidden-single", singles.HIDDEN_SINGLE, partial(singles.hidden_singles, in_boxes=False)),
    ("naked-single", singles.NAKED_SINGLE, singles.naked_singles),
    ("pointing", intersections.POINTING, intersections.pointing),
    ("claiming", intersections.CLAIMING, intersections.claiming),
    *(
        ("law-of-leftovers", difficulty, partial(leftovers.law_of_leftovers, lines=lines))
        for lines, difficulty in leftovers.LAW_OF_LEFTOVERS.items()
    ),
    # a locked pair or triple is a naked one that clears two units: same rating, asked first
    ("locked-pair", subsets.LOCKED[2], partial(subsets.locked_subsets, size=2)),
    ("naked-pair", subsets.NAKED[2], partial(subsets.naked_subsets, size=2)),
    ("x-wing", fish.DIFFICULTY[2], partial(fish.basic_fish, size=2)),
    ("finned-x-wing", fish.FINNED[2], partial(fish.finned_fish, size=2, sashimi=False)),
    ("sashimi-x-wing", fish.SASHIMI[2], partial(fish.finned_fish, size=2, sashimi=True)),
    ("hidden-pair", subsets.HIDDEN[2], partial(subsets.hidden_subsets, size=2)),
    ("locked-triple", subsets.LOCKED[3], partial(subsets.locked_subsets, size=3)),
    ("naked-triple", subsets.NAKED[3], partial(subsets.naked_subsets, size=3)),
    ("swordfish", fish.DIFFICULTY[3], partial(fish.basic_fish, size=3)),
    ("finned-swordfish", fish.FINNED[3], partial(fish.finned_fish, size=3, sashimi=False)),
    ("sashimi-swordfish", fish.SASHIMI[3], partial(fish.finned_fish, size=3, sashimi=True)),
    ("hidden-triple", subsets.HIDDEN[3], partial(subsets.hidden_subsets, size=3)),
    ("skyscraper", single_digit.SKYSCRAPER, single_digit.named("skyscraper")),
    ("two-string-kite", single_digit.TWO_STRING_KITE, single_digit.named("two-string-kite")),
    ("turbot-fish", single_digit.TURBOT_FISH, single_digit.named("turbot-fish")),
    ("empty-rectangle", single_digit.EMPTY_RECTANGLE, single_digit.empty_rectangles),
    ("xy-wing", wings.XY_WING, wings.xy_wings),
    ("xyz-wing", wings.XYZ_WING, wings.xyz_wings),
    ("w-wing", wings.W_WING, wings.w_wings),
    ("naked-quad", subsets.NAKED[4], partial(subsets.naked_subsets, size=4)),
    ("jellyfish", fish.DIFFICULTY[4], partial(fish.basic_fish, size=4)),
    ("finned-jellyfish", fish.FINNED[4], partial(fish.finned_fish, size=4, sashimi=False)),
    ("sashimi-jellyfish", fish.SASHIMI[4], partial(fish.finned_fish, size=4, sashimi=True)),
    ("hidden-quad", subsets.HIDDEN[4], partial(subsets.hidden_subsets, size=4)),
    ("wxyz-wing", wings.WXYZ_WING, wings.wxyz_wings),
    *coloring.TECHNIQUES,
    *uniqueness.TECHNIQUES,
    *chains.TECHNIQUES,
    *als.TECHNIQUES,
    *forcing.TECHNIQUES,
)

# Raised whenever a change to the techniques, their order or their budgets can make a path
# take other steps: what servers keep of older paths (keyed by it) is then not served.
VERSION = 2

# Asked by name only, never by a path: every nice loop's removals are AICs' of no more
# nodes, which come first (see chains.aics).
BY_NAME_ONLY = frozenset({"nice-loop", "grouped-nice-loop"})

# The order a path looks in, as a person would: easiest first (ties keep the listed order).
TECHNIQUES = tuple(
    sorted(
        (technique for technique in LISTED if technique[0] not in BY_NAME_ONLY),
        key=lambda technique: technique[1],
    )
)

# Each slug's finder of every instance (hidden singles in boxes and elsewhere together).
BY_SLUG: dict[str, Finder] = {slug: finder for slug, _, finder in LISTED}
BY_SLUG["hidden-single"] = singles.hidden_singles
BY_SLUG["law-of-leftovers"] = leftovers.law_of_leftovers

# Techniques that only some geometries can use, with the test of a geometry: a path does
# not ask them (nor spend the work of asking) elsewhere, so a classic path is unchanged.
ONLY_WHERE: dict[str, Callable[[Geometry], bool]] = {"law-of-leftovers": leftovers.applies}


@per_geometry
def techniques_for(geometry: Geometry) -> tuple[tuple[str, float, Finder], ...]:
    """TECHNIQUES, but for those that cannot apply to `geometry` (ONLY_WHERE)."""
    return tuple(
        technique
        for technique in TECHNIQUES
        if technique[0] not in ONLY_WHERE or ONLY_WHERE[technique[0]](geometry)
    )
