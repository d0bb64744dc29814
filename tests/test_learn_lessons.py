"""The lessons' words (webapp/web/learn/lessons/): one lesson for every technique the engine
knows, with its prose (or listed as coming), and each lesson's links leading somewhere."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from webapp.sudoku.logic.techniques import LISTED
from webapp.web.learn.lessons import COMING, FAMILIES, LESSONS

SLUGS = sorted({slug for slug, _, _ in LISTED})


def test_every_technique_has_one_lesson() -> None:
    counted = Counter(lesson.slug for family in FAMILIES for lesson in family.lessons)
    assert sorted(counted.elements()) == SLUGS


# Every lesson has its prose but those listed as coming (a technique newly added to the
# engine); and a listed one really is waiting, so the list cannot hide a written lesson.
@pytest.mark.parametrize("slug", SLUGS)
def test_every_lesson_has_its_prose_unless_listed_as_coming(slug: str) -> None:
    assert LESSONS[slug].written != (slug in COMING)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_lesson_builds_on_known_techniques(slug: str) -> None:
    assert set(LESSONS[slug].builds_on) <= set(LESSONS) - {slug}


TECHNIQUES_DOC = Path(__file__).parents[1] / "docs" / "techniques.md"


def test_the_techniques_page_gives_every_lessons_address() -> None:
    text = TECHNIQUES_DOC.read_text(encoding="utf-8")
    assert [slug for slug in SLUGS if f"`/learn/{slug}`" not in text] == []
