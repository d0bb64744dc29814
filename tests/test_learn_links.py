"""Every mention of a technique links to its lesson: a hint's tier 2, the techniques table of
an explained path, a rating's hardest step and the batch table's hardest step."""

from __future__ import annotations

import re
from io import BytesIO

from job_apps import job_app

from webapp.sudoku import parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.puzzle import Puzzle

from puzzles import DATA, NORVIG_EASY_CODE, RATED_5_7, RATED_5_7_CODE, TOP95_SEVENTH

LESSON_LINK = r'<a href="/learn/([a-z0-9-]+)">'


def test_a_hints_second_tier_links_the_lesson_of_its_step(client) -> None:
    html = client.get(f"/play/{NORVIG_EASY_CODE}?hint=2").get_data(as_text=True)
    hint = client.post("/api/hint", json={"puzzle": NORVIG_EASY_CODE}).get_json()
    slug = re.findall(rf"<dt>What it is</dt><dd>[^<]* {LESSON_LINK}Lesson: ", html)[0]
    assert slug == hint["step"]["technique"]


def test_the_techniques_table_of_a_path_links_each_techniques_lesson(client) -> None:
    code = TOP95_SEVENTH.replace(".", "0")
    html = client.get(f"/explain/{code}").get_data(as_text=True)
    start = html.index('class="technique-counts"')
    table = html[start : html.index("</table>", start)]
    path = find_path(Puzzle(parse(TOP95_SEVENTH)), unique=True)
    assert set(re.findall(LESSON_LINK, table)) == {step.technique for step in path.steps}


def test_a_ratings_hardest_step_links_its_lesson(client) -> None:
    html = client.get(f"/solve/{RATED_5_7_CODE}").get_data(as_text=True)
    hardest = max(
        find_path(Puzzle(parse(RATED_5_7)), unique=True).steps, key=lambda s: s.difficulty
    )
    rating = html[html.index('<p class="rating">') :]
    assert re.findall(rf"{LESSON_LINK}Learn the hardest step", rating)[0] == hardest.technique


def test_the_batch_tables_hardest_steps_link_their_lessons(tmp_path) -> None:
    client = job_app(tmp_path).test_client()
    upload = (BytesIO((DATA / "two_9x9.sdm").read_bytes()), "puzzles.sdm")
    form = {"source": "paste", "size": "9", "puzzle": "", "upload": upload}
    html = client.post("/", data=form, content_type="multipart/form-data").get_data(as_text=True)
    cells = re.findall(r'<td data-label="Hardest step">(.*?)</td>', html)
    named = [cell for cell in cells if cell]
    assert (len(named), [cell for cell in named if not re.match(LESSON_LINK, cell)]) == (2, [])
