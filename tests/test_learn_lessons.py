"""The lessons' words (webapp/web/learn/lessons/): one lesson for every technique the engine
knows, with its prose (or listed as coming), and each lesson's links leading somewhere."""

from __future__ import annotations

from collections import Counter
from html import unescape
from pathlib import Path

import pytest

from webapp.sudoku.logic.techniques import LISTED
from webapp.web.learn.lessons import COMING, FAMILIES, LESSONS
from webapp.web.learn.shipped import EXAMPLES, WITHOUT_EXAMPLES, examples_of

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


# A lesson works through at least two real positions, or is listed as one the bank's sources
# never reach, with the reason its page gives; the list holds no lesson that has them.
@pytest.mark.parametrize("slug", SLUGS)
def test_a_lesson_has_two_worked_examples_or_says_why_not(slug: str) -> None:
    assert (len(examples_of(slug)) >= EXAMPLES) != (slug in WITHOUT_EXAMPLES)


def test_a_lesson_short_of_examples_says_why_on_its_page(client) -> None:
    html = unescape(client.get("/learn/remote-pair").get_data(as_text=True))
    assert WITHOUT_EXAMPLES["remote-pair"] in html
