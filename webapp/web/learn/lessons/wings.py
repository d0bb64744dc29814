"""Wings: a pivot cell and its pincers, whose values force a removal wherever they end."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "wings",
    "Wings",
    "A few cells of two or three candidates around a pivot: however the pivot is filled,"
    " one pincer holds the same value, so the cells seeing every pincer lose it.",
    (
        Lesson(
            "xy-wing",
            "A pivot XY and pincers XZ and YZ: a cell seeing both pincers cannot be Z.",
            builds_on=("naked-pair",),
        ),
        Lesson(
            "xyz-wing",
            "A pivot XYZ with pincers XZ and YZ: a cell seeing all three cannot be Z.",
            builds_on=("xy-wing",),
        ),
        Lesson(
            "w-wing",
            "Two cells with the same pair, joined by a strong link on one of its values: the"
            " other value leaves the cells seeing both.",
            builds_on=("xy-wing", "skyscraper"),
        ),
        Lesson(
            "wxyz-wing",
            "Four cells holding four values, only one of which can be seen across them: it"
            " leaves the cells seeing every place it has.",
            builds_on=("xyz-wing",),
        ),
    ),
)
