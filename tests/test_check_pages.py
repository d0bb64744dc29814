"""A learner's check: "Check my puzzle" beside Solve says whether the puzzle has one solution
and how hard it is, with Play and Explain, and keeps the answer behind "Show the solution"
(a details element: no script needed)."""

from __future__ import annotations

import re

import pytest

from webapp.sudoku import parse, solve
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_HARD1, SEED_EASY, SEED_EASY_SOLUTION

SEED_EASY_CODE = SEED_EASY.replace(".", "0")


def main_of(html: str) -> str:
    """The page's <main>: what it shows, without the header and footer."""
    return html[html.index("<main") : html.index("</main>")]


def test_both_forms_offer_a_check_beside_solve(client):
    html = client.get("/").text
    button = '<button type="submit" name="check" value="1" class="secondary">'
    assert html.count(button) == 2
    assert f"{button}Check my puzzle</button>" in html
    assert f"{button}Check pasted puzzle</button>" in html


@pytest.mark.parametrize(
    "data",
    [
        {"puzzle": SEED_EASY, "check": "1"},
        {
            "size": "9",
            "check": "1",
            **{f"r{i // 9 + 1}c{i % 9 + 1}": c for i, c in enumerate(SEED_EASY) if c != "."},
        },
    ],
    ids=["pasted", "typed"],
)
def test_a_check_goes_to_the_puzzles_check_page(client, data):
    response = client.post("/", data=data)
    assert response.status_code == 303
    assert response.location == f"/solve/{SEED_EASY_CODE}?check=1"


def test_the_check_page_says_one_solution_and_the_rating_and_hides_the_answer(client):
    html = main_of(client.get(f"/solve/{SEED_EASY_CODE}?check=1").text)
    assert ">It has one solution</h1>" in html
    assert "exactly one solution" in html
    assert re.search(r'<p class="rating">\w+: [0-9.]+ on Sudoku Explainer', html)
    assert f'href="/explain/{SEED_EASY_CODE}"' in html
    assert f'href="/play/{SEED_EASY_CODE}"' in html
    before, hidden = html.split('<details class="answer">\n<summary>Show the solution</summary>')
    hidden = hidden[: hidden.index("</details>")]
    # Every cell the solver filled is inside the details, none before it.
    cells = re.findall(r"<td class=\"([a-z]+)\">(\w?)<", hidden)
    assert "".join(symbol for _, symbol in cells) == SEED_EASY_SOLUTION
    assert '<td class="filled">' not in before
    # The check's links keep it a check: the candidates toggle and the share link.
    assert f"/solve/{SEED_EASY_CODE}?candidates=1&amp;check=1" in html
    assert f"/solve/{SEED_EASY_CODE}?check=1</a>" in html


def test_the_plain_result_still_shows_the_answer(client):
    html = main_of(client.get(f"/solve/{SEED_EASY_CODE}").text)
    assert '<details class="answer">' not in html and ">Solved</h1>" in html


def test_a_check_of_a_puzzle_with_more_than_one_solution_hides_them_too(client):
    code = "0" * 80 + "1"
    html = main_of(client.get(f"/solve/{code}?check=1").text)
    assert ">More than one solution</h1>" in html
    assert "<summary>Show two of its solutions</summary>" in html
    assert html.index("<details") < html.index('<td class="filled">')


def test_a_check_of_a_hard_puzzle_agrees_with_the_solver(client):
    code = NORVIG_HARD1.replace(".", "0")
    status = solve(Puzzle(parse(NORVIG_HARD1))).status
    html = main_of(client.get(f"/solve/{code}?check=1").text)
    heading = "It has one solution" if status == "solved" else "More than one solution"
    assert f">{heading}</h1>" in html
