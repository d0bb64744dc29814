"""The learn pages and API (webapp/web/learn/): /learn, every lesson and every practice page
render with their boards drawn; answers are checked; bad input is a 4xx naming it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from html import unescape

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webapp.explanations.names import technique_name
from webapp.explanations.words import cell_name
from webapp.sudoku.logic.techniques import LISTED
from webapp.sudoku.parse import read_code
from webapp.web.learn.lessons import LESSONS, Lesson
from webapp.web.learn.shipped import PRACTICE_WANTED, SIZES, positions, shipped_bank, sizes_of
from webapp.web.learn.view import drawn_step

from puzzles import SEED_EASY

SLUGS = sorted({slug for slug, _, _ in LISTED})
PRACTISED = [(slug, size) for slug in SLUGS for size in sizes_of(slug)]


def labels(html: str) -> list[str]:
    """What a screen reader says for each cell of the page's boards."""
    return [unescape(label) for label in re.findall(r'class="visually-hidden">([^<]*)<', html)]


def removal_cells(slug: str, size: int) -> list[str]:
    """The names of the cells the first bank position's step removes from or places in."""
    entry = positions(slug, size)[0]
    shape = read_code(entry.puzzle).shape
    return sorted({cell_name(shape, cell) for cell, _ in (*entry.eliminations, *entry.placements)})


# The pages read here change nothing on the server, so the module shares one app: making
# one for each of its 361 tests took more CPU than the tests did.
@pytest.fixture(scope="module")
def client(make_app) -> FlaskClient:
    """A test client of one app for the whole module."""
    return make_app().test_client()


@pytest.fixture(scope="module")
def lesson_page(client) -> Callable[[str], TestResponse]:
    """The response to a lesson's page, asked once for the several tests that read it."""
    return cache(lambda slug: client.get(f"/learn/{slug}"))


def test_the_list_links_every_lesson(client) -> None:
    html = client.get("/learn").get_data(as_text=True)
    assert [slug for slug in SLUGS if f'href="/learn/{slug}"' not in html] == []


def test_the_list_says_how_many_practice_positions_a_technique_short_of_them_has(client) -> None:
    html = unescape(client.get("/learn").get_data(as_text=True))
    rows = re.findall(r'href="/learn/([a-z0-9-]+)">[^<]*</a></th>(.*?)</tr>', html, re.S)
    said = {slug: re.findall(r"only (\d+) practice positions? known", row) for slug, row in rows}
    short = {
        slug: [str(len(positions(slug, sizes_of(slug)[0])))]
        for slug in SLUGS
        if sizes_of(slug) and len(positions(slug, sizes_of(slug)[0])) < PRACTICE_WANTED
    }
    assert {slug: count for slug, count in said.items() if count} == short


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lesson_page_renders(lesson_page, slug: str) -> None:
    assert lesson_page(slug).status_code == 200


@pytest.mark.parametrize("slug", SLUGS)
def test_a_lesson_draws_its_examples_naming_the_steps_cells(lesson_page, slug: str) -> None:
    html = lesson_page(slug).get_data(as_text=True)
    said = " ".join(labels(html))
    expected = removal_cells(slug, sizes_of(slug)[0]) if sizes_of(slug) else []
    missing = [name for name in expected if not re.search(rf"{name}: [^;]*(removed|placed)", said)]
    assert missing == []


@pytest.mark.parametrize("slug", [slug for slug in SLUGS if len(positions(slug, 9)) >= 2])
def test_a_lesson_shows_two_examples_with_their_sentences(lesson_page, slug: str) -> None:
    html = unescape(lesson_page(slug).get_data(as_text=True))
    shown = [drawn_step(entry, "").sentence for entry in positions(slug, 9)[:2]]
    assert [sentence for sentence in shown if sentence not in html] == []


# A technique only a variant has is shown and practised on that variant's boards.
@pytest.mark.parametrize(
    ("slug", "board"),
    [
        ("law-of-leftovers", "a 9x9 Jigsaw"),
        ("rule-of-45", "a 9x9 Killer Sudoku"),
        ("cage-combinations", "a 6x6 Killer Sudoku"),
    ],
)
def test_a_variants_own_technique_has_examples_on_its_board(
    lesson_page, slug: str, board: str
) -> None:
    html = unescape(lesson_page(slug).get_data(as_text=True))
    assert f"{technique_name(slug)} on {board}, before the step" in html


@pytest.mark.parametrize("slug", ["law-of-leftovers", "rule-of-45", "unit-cage-overlap"])
def test_a_variants_own_technique_is_practised_on_a_9x9(slug: str) -> None:
    assert len(positions(slug, 9)) == 20


# A technique the classic board has too is shown in its lesson on each variant board where
# it reads differently (a single in a window or on a diagonal, a fin in a Jigsaw region).
@pytest.mark.parametrize(
    ("slug", "board"),
    [
        ("hidden-single", "a 9x9 Windoku"),
        ("hidden-single", "a 9x9 X-Sudoku"),
        ("pointing", "a 6x6 Jigsaw"),
        ("finned-x-wing", "a 9x9 Jigsaw"),
    ],
)
def test_a_lesson_shows_its_technique_on_a_variant_board(
    lesson_page, slug: str, board: str
) -> None:
    html = unescape(lesson_page(slug).get_data(as_text=True))
    assert f"{technique_name(slug)} on {board}, before the step" in html


# Every lesson is written now; a technique the engine gains ships with its summary alone
# (lessons.COMING), so a lesson stripped to its summary stands in for one.
def test_a_lesson_without_prose_says_it_is_coming(client, monkeypatch) -> None:
    monkeypatch.setitem(LESSONS, "x-wing", Lesson("x-wing", LESSONS["x-wing"].summary))
    assert "Lesson coming" in client.get("/learn/x-wing").get_data(as_text=True)


@pytest.mark.parametrize(("slug", "size"), PRACTISED)
def test_every_practice_page_renders_its_toggles(client, slug: str, size: int) -> None:
    html = client.get(f"/learn/{slug}/practice?size={size}&seed=0").get_data(as_text=True)
    assert 'type="checkbox" name="tick"' in html


@pytest.mark.parametrize(("slug", "size"), PRACTISED)
def test_a_practice_step_drawn_names_its_cells(client, slug: str, size: int) -> None:
    html = client.get(f"/learn/{slug}/practice?size={size}&seed=0&show=1").get_data(as_text=True)
    said = " ".join(labels(html))
    expected = removal_cells(slug, size)
    missing = [name for name in expected if not re.search(rf"{name}: [^;]*(removed|placed)", said)]
    assert missing == []


def ticks(slug: str, size: int, seed: int = 0) -> list[str]:
    """The form's ticks for the stored answer of a bank position."""
    entry = positions(slug, size)[seed]
    items = entry.placements if entry.placements and not entry.eliminations else entry.eliminations
    return [f"{cell}-{value}" for cell, value in items]


@pytest.mark.parametrize(
    ("slug", "headline"),
    [("x-wing", "Right: that is X-wing."), ("hidden-single", "Right: that is Hidden single.")],
)
def test_the_form_takes_a_right_answer(client, slug: str, headline: str) -> None:
    html = client.post(f"/learn/{slug}/practice?seed=0", data={"tick": ticks(slug, 9)})
    assert headline in unescape(html.get_data(as_text=True))


def test_the_form_tells_a_partial_answer_what_is_missing(client) -> None:
    first, *_ = ticks("x-wing", 9)
    html = client.post("/learn/x-wing/practice?seed=0", data={"tick": [first]})
    assert "Partly right" in html.get_data(as_text=True)


def test_the_form_refuses_a_true_candidate(client) -> None:
    entry = positions("x-wing", 9)[0]
    solution = client.post("/api/solve", json={"puzzle": entry.puzzle}).get_json()["solution"]
    cell = entry.progress.index("0")
    tick = f"{cell}-{solution[cell]}"
    html = client.post("/learn/x-wing/practice?seed=0", data={"tick": [tick]})
    assert "its cell&#39;s value in the solution" in html.get_data(as_text=True)


@pytest.mark.parametrize(
    ("url", "status", "named"),
    [
        ("/learn/no-such-thing", 404, "no-such-thing"),
        ("/learn/no-such-thing/practice", 404, "no-such-thing"),
        ("/learn/x-wing/practice?seed=abc", 400, "seed"),
        ("/learn/x-wing/practice?seed=99999", 404, "seed"),
        ("/learn/x-wing/practice?size=5", 400, "size"),
        ("/learn/x-wing/practice?size=4", 404, "size"),
        ("/api/learn/no-such-thing/practice", 404, "no-such-thing"),
        ("/api/learn/x-wing/practice?seed=-1", 400, "seed"),
        ("/api/learn/x-wing/practice?seed=99999", 404, "seed"),
    ],
)
def test_a_bad_address_is_a_4xx_naming_it(client, url: str, status: int, named: str) -> None:
    response = client.get(url)
    assert (response.status_code, named in response.get_data(as_text=True)) == (status, True)


@pytest.mark.parametrize(
    ("tick", "named"), [("81-1", "off the grid"), ("r1c1", "not a candidate"), ("0-10", "off")]
)
def test_a_bad_tick_is_a_400_naming_it(client, tick: str, named: str) -> None:
    response = client.post("/learn/x-wing/practice?seed=0", data={"tick": [tick]})
    assert (response.status_code, named in response.get_data(as_text=True)) == (400, True)


def test_the_api_answers_a_position_as_the_hint_api_takes_it(client) -> None:
    answer = client.get("/api/learn/x-wing/practice?seed=1").get_json()
    entry = positions("x-wing", 9)[1]
    assert (answer["puzzle"], answer["progress"], answer["marks"]) == (
        entry.puzzle,
        entry.progress,
        entry.marks,
    )


def test_the_api_position_gives_the_hint_apis_step(client) -> None:
    answer = client.get("/api/learn/x-wing/practice?seed=1").get_json()
    hint = client.post(
        "/api/hint",
        json={key: answer[key] for key in ("puzzle", "progress", "marks")},
    ).get_json()
    assert hint["step"]["technique"] == "x-wing"


def items(slug: str, seed: int = 0) -> list[list[object]]:
    """The stored removals of a 9x9 position as the API writes them."""
    entry = positions(slug, 9)[seed]
    return [[cell // 9 + 1, cell % 9 + 1, str(value)] for cell, value in entry.eliminations]


@pytest.mark.parametrize(
    ("chosen", "status"),
    [(slice(None), "right"), (slice(0, 1), "partial")],
)
def test_the_api_checks_an_answer(client, chosen: slice, status: str) -> None:
    body = {"seed": 0, "eliminations": items("x-wing")[chosen]}
    assert client.post("/api/learn/x-wing/practice", json=body).get_json()["status"] == status


def test_the_api_refuses_removing_a_true_candidate(client) -> None:
    entry = positions("x-wing", 9)[0]
    solution = client.post("/api/solve", json={"puzzle": entry.puzzle}).get_json()["solution"]
    cell = entry.progress.index("0")
    body = {"seed": 0, "eliminations": [[cell // 9 + 1, cell % 9 + 1, solution[cell]]]}
    answer = client.post("/api/learn/x-wing/practice", json=body).get_json()
    assert (answer["status"], answer["untrue"]["eliminations"]) == (
        "wrong",
        body["eliminations"],
    )


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"seed": "x"}, "seed"),
        ({"seed": 0, "eliminations": "r1c1"}, "eliminations"),
        ({"seed": 0, "placements": [[10, 1, "1"]]}, "placements item 1"),
        ({"seed": 0, "eliminations": [[1, 1]]}, "eliminations item 1"),
        ({"seed": 0, "size": 5}, "size"),
    ],
)
def test_the_api_refuses_a_bad_answer_naming_it(client, body: dict, named: str) -> None:
    response = client.post("/api/learn/x-wing/practice", json=body)
    assert (response.status_code, named in response.get_json()["error"]) == (400, True)


def test_a_practice_page_links_the_next_position(client) -> None:
    html = client.get("/learn/x-wing/practice?seed=0").get_data(as_text=True)
    assert "seed=1" in html


def test_the_bank_has_practice_on_every_first_size() -> None:
    assert {size for size in SIZES if shipped_bank().of(size, "hidden-single")} == {4, 6, 9}


def test_an_explained_step_links_its_lesson(client) -> None:
    code = SEED_EASY.replace(".", "0")
    html = client.get(f"/explain/{code}?step=1").get_data(as_text=True)
    slug = client.get(f"/api/explain/{code}").get_json()["steps"][0]["technique"]
    assert f'href="/learn/{slug}">Learn this technique</a>' in html
