"""The lessons' words, as data: one module per family, each a FAMILY of Lessons in rating order.

Prose is the product's own. A lesson not written yet has its summary only: its page
says so ("lesson coming") and still shows the bank's examples and practice; its slug is
then listed in COMING, so that a technique added to the engine can ship before its words
and no written lesson loses them unnoticed. FAMILIES
lists the families in the order a learner meets them; tests/test_learn_lessons.py
checks that every technique the engine knows has exactly one lesson.
"""

from __future__ import annotations

from . import (
    als,
    chains,
    colouring,
    fish,
    forcing,
    intersections,
    killer,
    single_digit,
    singles,
    subsets,
    uniqueness,
    variants,
    wings,
)
from .family import Family, Lesson

FAMILIES: tuple[Family, ...] = (
    singles.FAMILY,
    intersections.FAMILY,
    subsets.FAMILY,
    fish.FAMILY,
    single_digit.FAMILY,
    colouring.FAMILY,
    wings.FAMILY,
    uniqueness.FAMILY,
    chains.FAMILY,
    als.FAMILY,
    forcing.FAMILY,
    variants.FAMILY,
    killer.FAMILY,
)

# Techniques whose lesson is only its summary for now (see the docstring).
COMING: frozenset[str] = frozenset()

LESSONS: dict[str, Lesson] = {
    lesson.slug: lesson for family in FAMILIES for lesson in family.lessons
}
FAMILY_OF: dict[str, Family] = {
    lesson.slug: family for family in FAMILIES for lesson in family.lessons
}

__all__ = ["COMING", "FAMILIES", "FAMILY_OF", "LESSONS", "Family", "Lesson"]
