"""Uniqueness: patterns that would allow two solutions, so a proper puzzle cannot end in them."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "uniqueness",
    "Uniqueness",
    "A puzzle with one solution cannot end in a pattern whose values could be swapped:"
    " whatever would lead there is false. These hold only for puzzles proven to have one"
    " solution, and never in a Killer.",
    (
        Lesson(
            "unique-rectangle-1",
            "Three corners of a rectangle over two boxes hold the same pair: the fourth"
            " corner cannot be either value.",
            builds_on=("naked-pair",),
        ),
        Lesson(
            "unique-rectangle-2",
            "A rectangle's pair plus one extra value in two corners: that extra value leaves"
            " the cells seeing both.",
            builds_on=("unique-rectangle-1",),
        ),
        Lesson(
            "unique-rectangle-3",
            "A rectangle's extra values act as one cell, making a naked set with the unit's"
            " other cells.",
            builds_on=("unique-rectangle-2", "naked-triple"),
        ),
        Lesson(
            "unique-rectangle-4",
            "A strong link on one of the rectangle's values along its roof: the other value"
            " leaves the roof.",
            builds_on=("unique-rectangle-2",),
        ),
        Lesson(
            "hidden-rectangle",
            "A rectangle with strong links along two of its sides: one corner loses a value.",
            builds_on=("unique-rectangle-4",),
        ),
        Lesson(
            "bug-plus-1",
            "Every open cell has two candidates but one: that cell must take the value that"
            " appears three times in its units.",
            builds_on=("unique-rectangle-1",),
        ),
    ),
)
