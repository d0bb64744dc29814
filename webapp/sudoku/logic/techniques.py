"""Every technique the logic engine knows, by slug, easiest first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from ..geometry import Geometry, per_geometry
from . import (
    als,
    cage_combinations,
    cage_comparison,
    cage_overlap,
    cage_splitting,
    cell_rules,
    chains,
    coloring,
    count_combinations,
    fish,
    forcing,
    innies_outies,
    intersections,
    leftovers,
    line_rules,
    line_sums,
    relations,
    single_digit,
    singles,
    split_combinations,
    subsets,
    uniqueness,
    unit_combinations,
    wings,
)
from .position import Position
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

# (slug, difficulty, finder), listed by family.
LISTED: tuple[tuple[str, float, Finder], ...] = (
    ("full-house", singles.FULL_HOUSE, singles.full_houses),
    ("cage-last-cell", cage_combinations.CAGE_LAST_CELL, cage_combinations.cage_last_cells),
    *(
        (
            "cage-combinations",
            difficulty,
            partial(cage_combinations.cage_combinations, open_cells=count),
        )
        for count, difficulty in cage_combinations.CAGE_COMBINATIONS.items()
    ),
    ("hidden-single", singles.HIDDEN_SINGLE_IN_BOX, partial(singles.hidden_singles, in_boxes=True)),
    ("hidden-single", singles.HIDDEN_SINGLE, partial(singles.hidden_singles, in_boxes=False)),
    *(
        (
            "rule-of-45",
            round(difficulty + (innies_outies.SEVERAL if several else 0), 1),
            partial(innies_outies.rule_of_45, open_cells=count, several=several),
        )
        for count, difficulty in innies_outies.RULE_OF_45.items()
        for several in (False, True)
    ),
    ("naked-single", singles.NAKED_SINGLE, singles.naked_singles),
    ("relation-pair", relations.RELATION_PAIR, relations.relation_pairs),
    ("cell-rule", cell_rules.CELL_RULE, cell_rules.cell_rules),
    ("line-sum", line_sums.LINE_SUM, line_sums.line_sums),
    ("line-rule", line_rules.LINE_RULE, line_rules.line_rules),
    ("pointing", intersections.POINTING, intersections.pointing),
    ("claiming", intersections.CLAIMING, intersections.claiming),
    ("cage-unit-overlap", cage_overlap.CAGE_UNIT_OVERLAP, cage_overlap.cage_unit_overlaps),
    ("unit-cage-overlap", cage_overlap.UNIT_CAGE_OVERLAP, cage_overlap.unit_cage_overlaps),
    *(
        ("law-of-leftovers", difficulty, partial(leftovers.law_of_leftovers, lines=lines))
        for lines, difficulty in leftovers.LAW_OF_LEFTOVERS.items()
    ),
    # a locked pair or triple is a naked one that clears two units: same rating, asked first
    ("unit-combinations", unit_combinations.UNIT_COMBINATIONS, unit_combinations.unit_combinations),
    *(
        (
            "cage-splitting",
            round(cage_splitting.CAGE_SPLITTING + (innies_outies.SEVERAL if several else 0), 1),
            partial(cage_splitting.cage_splits, several=several),
        )
        for several in (False, True)
    ),
    ("cage-comparison", cage_comparison.CAGE_COMPARISON, cage_comparison.cage_comparisons),
    (
        "split-combinations",
        split_combinations.SPLIT_COMBINATIONS,
        split_combinations.split_combinations,
    ),
    *(
        (
            "rule-of-45-combinations",
            round(difficulty + (innies_outies.SEVERAL if several else 0), 1),
            partial(count_combinations.rule_of_45_combinations, open_cells=count, several=several),
        )
        for count, difficulty in count_combinations.RULE_OF_45_COMBINATIONS.items()
        for several in (False, True)
    ),
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
VERSION = 5

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
BY_SLUG["cage-combinations"] = cage_combinations.cage_combinations
BY_SLUG["rule-of-45"] = innies_outies.rule_of_45
BY_SLUG["cage-splitting"] = cage_splitting.cage_splits
BY_SLUG["rule-of-45-combinations"] = count_combinations.rule_of_45_combinations


# A Killer's techniques: they read cages with sums, and nothing else has any.
CAGE_TECHNIQUES = frozenset(
    {
        "cage-last-cell",
        "cage-combinations",
        "rule-of-45",
        "cage-unit-overlap",
        "unit-cage-overlap",
        "unit-combinations",
        "split-combinations",
        "cage-splitting",
        "cage-comparison",
        "rule-of-45-combinations",
    }
)


def has_sums(geometry: Geometry) -> bool:
    """True when `geometry` has a Killer's cage with a sum: the cage techniques' ground."""
    return any(total is not None for total in geometry.cage_totals)


def has_relations(geometry: Geometry) -> bool:
    """True when `geometry` binds pairs of cells by a relation (a Kropki dot, an X or a V,
    a non-consecutive rule): the related pairs' ground."""
    return bool(geometry.relations)


def has_line_sums(geometry: Geometry) -> bool:
    """True when `geometry` has lines whose digits make a sum (an arrow): the sum lines'
    ground."""
    return bool(geometry.line_sums)


def has_line_rules(geometry: Geometry) -> bool:
    """True when `geometry` has lines that keep a rule of their own (a between line): the
    line rules' ground."""
    return bool(geometry.line_rules)


def has_marked_cells(geometry: Geometry) -> bool:
    """True when `geometry` has cells a puzzle marks (an even cell): the cell rules' ground."""
    return bool(geometry.cells)


def without_cages(geometry: Geometry) -> bool:
    """True when `geometry` has no Killer's cages."""
    return not geometry.cages


# Techniques that only some geometries can use, with the test of a geometry: a path does
# not ask them (nor spend the work of asking) elsewhere, so a classic path is unchanged.
ONLY_WHERE: dict[str, Callable[[Geometry], bool]] = {
    "law-of-leftovers": leftovers.applies,
    "relation-pair": has_relations,
    "line-sum": has_line_sums,
    "line-rule": has_line_rules,
    "cell-rule": has_marked_cells,
    **dict.fromkeys(CAGE_TECHNIQUES, has_sums),
    "rule-of-45": innies_outies.applies,
    "rule-of-45-combinations": innies_outies.applies,
    # Uniqueness techniques reason that swapping two values around a deadly pattern gives a
    # second solution; in a Killer the swap can break a cage's sum, so the pattern is not
    # deadly and their removals can be wrong (Position also never calls a Killer unique).
    **dict.fromkeys((slug for slug, _, _ in uniqueness.TECHNIQUES), without_cages),
}


@per_geometry
def techniques_for(geometry: Geometry) -> tuple[tuple[str, float, Finder], ...]:
    """TECHNIQUES, but for those that cannot apply to `geometry` (ONLY_WHERE)."""
    return tuple(
        technique
        for technique in TECHNIQUES
        if technique[0] not in ONLY_WHERE or ONLY_WHERE[technique[0]](geometry)
    )
