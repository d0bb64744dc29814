"""/solve/<code> for a puzzle with one solution: its rating, the explanation and play links,
and its candidates on request."""

from __future__ import annotations

import pytest
from job_apps import job_app

from webapp.sudoku import parse
from webapp.sudoku.logic import Position, find_path
from webapp.sudoku.puzzle import Puzzle
from webapp.web.http_caching import PENDING_SECONDS

from puzzles import NORVIG_EASY_CODE, TOP95_SEVENTH


@pytest.mark.parametrize("puzzle", [NORVIG_EASY_CODE, TOP95_SEVENTH.replace(".", "0")])
def test_the_rating_and_the_ways_on(client, puzzle):
    html = client.get(f"/solve/{puzzle}").text
    path = find_path(Puzzle(parse(puzzle)), unique=True)
    assert f": {path.rating:.1f} on Sudoku Explainer&#39;s scale" in html
    assert f'href="/explain/{puzzle}">Explain the solution</a>' in html
    assert f'href="/play/{puzzle}">Play this puzzle</a>' in html
    assert f'href="/solve/{puzzle}?candidates=1">Show candidates</a>' in html
    assert '<span class="marks"' not in html


def test_the_candidates_view_marks_every_open_cell(client):
    html = client.get(f"/solve/{NORVIG_EASY_CODE}?candidates=1").text
    grid = parse(NORVIG_EASY_CODE)
    assert html.count('<span class="marks"') == 81 - grid.givens
    position = Position.from_puzzle(Puzzle(grid))
    shown = ", ".join(str(v) for v in range(1, 10) if position.has(0, v))
    assert f"r1c1: candidates {shown.rsplit(', ', 1)[0]} and {shown.rsplit(', ', 1)[1]}" in html
    assert f'href="/solve/{NORVIG_EASY_CODE}">Hide candidates</a>' in html


def test_a_rating_cut_short_says_at_least_and_how_far_and_is_kept_only_for_a_moment(make_app):
    client = make_app(RATING_BUDGET_WORK=200).test_client()
    response = client.get(f"/solve/{TOP95_SEVENTH.replace('.', '0')}")
    path = find_path(Puzzle(parse(TOP95_SEVENTH)), work=200, unique=True)
    assert f": at least {path.rating:.1f} on Sudoku Explainer&#39;s scale" in response.text
    assert f"after {len(path.steps)} steps" in response.text
    assert "the explanation works longer" in response.text
    assert response.cache_control.max_age == 0  # pending: a job may rate it in full
    assert response.cache_control.s_maxage == PENDING_SECONDS


HARDEST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


@pytest.mark.parametrize(
    ("work", "says"),
    [
        (0, "Not rated within a page&#39;s work: its first step needs more than that"),
        # a page's 10,000 units (the default) reach its first step, a forcing chain, on
        # every server
        (None, "Extreme: at least 8.8 on Sudoku Explainer&#39;s scale after 1 step;"),
    ],
)
def test_the_hardest_puzzle_never_says_0_or_none(tmp_path, work, says):
    config = {} if work is None else {"RATING_BUDGET_WORK": work}
    client = job_app(tmp_path, **config).test_client()
    html = client.get(f"/solve/{HARDEST}").text
    assert says in html
    assert " 0.0 " not in html and "is none" not in html
    assert "Keep explaining" in html or work is None


def test_a_rating_past_the_ceiling_says_the_server_stopped_it_and_is_not_kept(make_app):
    client = make_app(RATING_CEILING_SECONDS=0.0).test_client()
    response = client.get(f"/solve/{TOP95_SEVENTH.replace('.', '0')}")
    assert "Not rated: the server stopped rating it to stay responsive" in response.text
    assert "Sudoku Explainer" not in response.text
    assert "no-store" in response.headers["Cache-Control"]


def test_a_puzzle_with_several_solutions_has_no_rating(client, multiple_sample):
    html = client.get(f"/solve/{multiple_sample.code}").text
    assert "Explain the solution" not in html and "Sudoku Explainer" not in html
