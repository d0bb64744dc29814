"""Killer techniques: cages with sums, and what sums and units make true together."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "killer",
    "Killer",
    "A Killer's cages give sums instead of givens: reason from the ways a sum can be made"
    " and from what whole units must add up to.",
    (
        Lesson(
            "cage-last-cell",
            "A cage's last empty cell takes its sum less the values already in it.",
            builds_on=("full-house",),
        ),
        Lesson(
            "cage-combinations",
            "Only some sets of values make a cage's sum: its cells keep only their values.",
            builds_on=("cage-last-cell",),
        ),
        Lesson(
            "rule-of-45",
            "A unit adds up to 45: the cells its cages leave over (or stick out with) make a"
            " known sum.",
            builds_on=("cage-combinations",),
        ),
        Lesson(
            "cage-unit-overlap",
            "A value a cage must hold, placed only where the cage meets one unit, leaves the"
            " unit's other cells.",
            builds_on=("cage-combinations", "pointing"),
        ),
        Lesson(
            "unit-cage-overlap",
            "A value a unit needs, possible only in one cage's cells, leaves that cage's other"
            " cells.",
            builds_on=("cage-unit-overlap", "claiming"),
        ),
        Lesson(
            "unit-combinations",
            "The cages of a unit together must make its values: combinations that cannot"
            " fit together go.",
            builds_on=("cage-combinations",),
        ),
        Lesson(
            "cage-splitting",
            "A unit cuts a cage in two: the part inside makes a known sum by the rule of 45.",
            builds_on=("rule-of-45",),
        ),
        Lesson(
            "split-combinations",
            "A split cage's parts each have a known sum: only combinations that make both survive.",
            builds_on=("cage-splitting",),
        ),
        Lesson(
            "cage-comparison",
            "Two cages over the same values compared: what one must hold, the other cannot.",
            builds_on=("split-combinations",),
        ),
        Lesson(
            "rule-of-45-combinations",
            "A rule-of-45 count's cells tried value by value: a value that balances the count"
            " but leaves a cage holding one of them no way of making its sum goes.",
            builds_on=("rule-of-45", "cage-combinations"),
        ),
    ),
)
