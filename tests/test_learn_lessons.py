"""The lessons' words (webapp/web/learn/lessons/): one lesson for every technique the engine
knows, real prose for the first families, and each lesson's links leading somewhere."""

from __future__ import annotations

from collections import Counter

import pytest

from webapp.sudoku.logic.techniques import LISTED
from webapp.web.learn.lessons import FAMILIES, LESSONS

SLUGS = sorted({slug for slug, _, _ in LISTED})
WRITTEN_FAMILIES = ("singles", "intersections", "subsets", "fish", "single-digit", "wings")


def test_every_technique_has_one_lesson() -> None:
    counted = Counter(lesson.slug for family in FAMILIES for lesson in family.lessons)
    assert sorted(counted.elements()) == SLUGS


@pytest.mark.parametrize(
    "slug",
    [
        lesson.slug
        for family in FAMILIES
        if family.key in WRITTEN_FAMILIES
        for lesson in family.lessons
    ],
)
def test_the_first_families_have_their_prose(slug: str) -> None:
    assert LESSONS[slug].written


@pytest.mark.parametrize("slug", SLUGS)
def test_a_lesson_builds_on_known_techniques(slug: str) -> None:
    assert set(LESSONS[slug].builds_on) <= set(LESSONS) - {slug}
