"""Single-digit patterns: one value's strong links chained into a short pattern."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "single-digit",
    "Single-digit patterns",
    "Short patterns of one value built from strong links: a unit where the value has"
    " exactly two places, so one of them holds it.",
    (
        Lesson(
            "skyscraper",
            "Two strong links on one value whose bases share a line: a cell seeing both tops"
            " loses the value.",
            builds_on=("x-wing",),
        ),
        Lesson(
            "two-string-kite",
            "A row's and a column's strong links on one value meeting in a box: a cell seeing"
            " both free ends loses it.",
            builds_on=("skyscraper",),
        ),
        Lesson(
            "turbot-fish",
            "Two strong links on one value joined by a weak one: a cell seeing both ends loses it.",
            builds_on=("skyscraper",),
        ),
        Lesson(
            "empty-rectangle",
            "A box's places for a value form a cross, with a strong link that ends on it:"
            " the value leaves where they meet.",
            builds_on=("two-string-kite",),
        ),
    ),
)
