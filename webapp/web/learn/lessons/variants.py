"""Variants' own techniques: what extra or irregular regions make true."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "variants",
    "Variants: X, Windoku, Jigsaw",
    "Extra units (diagonals, windows) bring no new technique, only more units for the old"
    " ones; irregular regions bring the law of leftovers.",
    (
        Lesson(
            "law-of-leftovers",
            "In a Jigsaw, the cells some lines leave outside their regions hold the same"
            " values as the regions' cells outside those lines.",
            builds_on=("hidden-single",),
        ),
    ),
)
