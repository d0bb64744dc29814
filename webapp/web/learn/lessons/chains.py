"""Chains and loops: alternating strong and weak links, whose ends cannot both be false."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "chains",
    "Chains and loops",
    "A chain alternates strong links (one end true) and weak ones (not both true): its two"
    " ends cannot both be false, so whatever sees both ends is ruled out.",
    (
        Lesson(
            "x-chain",
            "A chain of one value's strong and weak links: a cell seeing both ends loses the"
            " value.",
            builds_on=("skyscraper", "simple-colors"),
        ),
        Lesson(
            "xy-chain",
            "A chain of two-candidate cells: a cell seeing both ends loses the value they share.",
            builds_on=("xy-wing",),
        ),
        Lesson(
            "remote-pair",
            "A chain of cells with the same pair: two cells an odd number of links apart"
            " hold both values, so cells seeing both lose them.",
            builds_on=("xy-chain",),
        ),
        Lesson(
            "aic",
            "An alternating inference chain over values and cells: its ends cannot both be false.",
            builds_on=("x-chain", "xy-chain"),
        ),
        Lesson(
            "nice-loop",
            "A chain that closes on itself: its weak links become strong, and each clears"
            " its unit.",
            builds_on=("aic",),
        ),
        Lesson(
            "grouped-aic",
            "An alternating chain whose nodes may be a group of cells in a box and a line.",
            builds_on=("aic", "pointing"),
        ),
        Lesson(
            "grouped-nice-loop",
            "A closed chain with grouped nodes.",
            builds_on=("nice-loop", "grouped-aic"),
        ),
    ),
)
