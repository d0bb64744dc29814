"""/print: a sheet of 4 or 6 generated puzzles (puzzle i from seed S+i-1) and their answers,
the same sheet for the same query; a random seed when none is given; a page that reloads
itself while puzzles are still being made; 400 naming a parameter that is wrong.
tests/test_browser_print.py prints it to PDF."""

from __future__ import annotations

import re

import pytest

from webapp.sudoku.generator import generate, levels_of
from webapp.web.http_caching import DECIDED_SECONDS


@pytest.fixture
def client(make_app):
    """A client of an app whose jobs wait for a consumer."""
    return make_app().test_client()


def boards(html: str) -> list[str]:
    """Each board on the page as a code: its cells in reading order, 0 for a blank."""
    tables = re.findall(r"<table class=\"board .*?</table>", html, re.S)
    return ["".join(cell or "0" for cell in re.findall(r"<td[^>]*>(\w?)</td>", t)) for t in tables]


@pytest.mark.parametrize(
    ("size", "level", "count"), [(9, "medium", 4), (6, "hard", 6), (4, "easy", 4)]
)
def test_a_sheet_holds_its_puzzles_then_their_answers(client, size, level, count):
    answer = client.get(f"/print?size={size}&level={level}&count={count}&seed=40")
    assert answer.status_code == 200
    assert answer.cache_control.public and answer.cache_control.max_age == DECIDED_SECONDS
    made = [generate(size, level, seed=40 + i) for i in range(count)]
    assert boards(answer.text) == [m.puzzle.code for m in made] + [m.solution.code for m in made]
    html = answer.text
    assert f'<h1 id="sheet-title">{count} {level} {size}x{size} puzzles</h1>' in html
    assert f"seeds 40 to {40 + count - 1}; the answers are on the next page." in html
    for number, m in enumerate(made, start=1):
        assert f"<span>Puzzle {number}: {level}, {m.rating:.1f}</span>" in html
        assert (
            f'href="/new/{size}/{level}/rotational/{40 + number - 1}">Play puzzle {number}' in html
        )
    assert "/static/print.css?v=" in html


def test_without_a_seed_the_sheet_gets_a_random_one(client):
    answer = client.get("/print?size=6&level=easy")
    assert answer.status_code == 303 and answer.headers["Cache-Control"] == "no-store"
    location = answer.headers["Location"]
    assert re.fullmatch(r"/print\?size=6&level=easy&symmetry=rotational&count=4&seed=\d+", location)


def test_a_sheet_still_being_made_says_so_and_reloads_itself(make_app):
    client = make_app(GENERATE_SECONDS=0).test_client()
    answer = client.get("/print?size=9&level=easy&count=6&seed=1")
    assert answer.status_code == 202 and answer.headers["Cache-Control"] == "no-store"
    assert '<meta http-equiv="refresh" content="2">' in answer.text
    assert "0 of the 6 puzzles of this sheet are ready" in answer.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("size=25&seed=1", "size must be one of 4, 6, 9, 12, 16 for a printed sheet, not 25."),
        ("size=25", "size must be one of 4, 6, 9, 12, 16 for a printed sheet, not 25."),
        ("size=7&seed=1", "This sheet cannot be made: size must be one of 4, 6, 9, 12, 16, 25"),
        ("level=insane&seed=1", "This sheet cannot be made: level must be one of easy, medium"),
        ("symmetry=spiral&seed=1", "This sheet cannot be made: symmetry must be one of none"),
        ("seed=-4", "This sheet cannot be made: seed must be a whole number from 0"),
        ("seed=x", "This sheet cannot be made: seed must be a whole number from 0"),
        ("seed=9223372036854775807", "seed must be at most 9223372036854775803 for a sheet."),
        ("count=5&seed=1", "count must be 4 or 6 puzzles to a sheet, not &#39;5&#39;."),
        ("count=many", "count must be 4 or 6 puzzles to a sheet, not &#39;many&#39;."),
        ("size=4&level=hard&seed=1", "level: 4x4 puzzles come at level easy only."),
    ],
)
def test_a_parameter_that_is_wrong_is_a_400_naming_it(client, query, message):
    answer = client.get(f"/print?{query}")
    assert answer.status_code == 400
    assert message in answer.text


def test_a_sheet_offers_another_of_any_level_and_count_of_its_size(client):
    html = client.get("/print?size=6&level=hard&symmetry=mirror&count=6&seed=40").text
    form = html[html.index('<form class="sheet-links new-form"') :]
    form = form[: form.index("</form>")]
    assert 'method="get" action="/print"' in form
    assert '<input type="hidden" name="size" value="6">' in form
    assert '<input type="hidden" name="symmetry" value="mirror">' in form
    levels = re.findall(r'<option value="(\w+)"( selected)?>', form.split('name="count"')[0])
    assert [value for value, _ in levels] == list(levels_of(6))
    assert [value for value, chosen in levels if chosen] == ["hard"]
    assert '<option value="4">4</option><option value="6" selected>6</option>' in form


def test_the_sheet_form_answers_with_a_sheet_of_the_level_and_count_chosen(client):
    answer = client.get("/print?size=9&symmetry=rotational&level=expert&count=6")
    assert answer.status_code == 303
    assert "level=expert" in answer.location and "count=6" in answer.location
