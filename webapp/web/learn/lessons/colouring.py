"""Colouring: one value's strong links coloured in two alternating colours."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "colouring",
    "Colouring",
    "Follow one value's strong links and colour each cell in turn: one colour holds the"
    " value everywhere, the other nowhere.",
    (
        Lesson(
            "simple-colors",
            "Colour a value's chain of strong links in two colours: a colour that sees itself"
            " is false, and a cell seeing both colours loses the value.",
            builds_on=("x-wing", "skyscraper"),
        ),
        Lesson(
            "multi-colors",
            "Two coloured clusters of one value that see each other: what one colour rules"
            " out crosses to the other cluster.",
            builds_on=("simple-colors",),
        ),
    ),
)
