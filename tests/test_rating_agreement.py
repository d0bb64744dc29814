"""Every page of a puzzle shows the same rating, or says which is which: a solve page rates
within RATING_BUDGET_WORK, an explanation within EXPLAIN_BUDGET_WORK (ten times more). Work
counts the same on every server, so a path that took more than the solve page's budget is
exactly one the solve page rates only up to an "at least"."""

from __future__ import annotations

import re

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import find_path
from webapp.sudoku.puzzle import Puzzle

from puzzles import TOP95_SEVENTH

CODE = TOP95_SEVENTH.replace(".", "0")
PATH = find_path(Puzzle(parse(TOP95_SEVENTH)), unique=True)


def rating_line(html: str) -> str:
    """The number a page rates the puzzle at, with its "at least" when it has one."""
    match = re.search(r"(at least )?(\d+\.\d) on Sudoku Explainer&#39;s scale", html)
    assert match, "no rating"
    return match.group(0)


@pytest.fixture
def short_client(make_app):
    """A client of an app whose solve pages rate within half the work TOP95_SEVENTH's path
    takes, while its explanation has all it needs: the two pages' ratings differ."""
    assert PATH.work < 100_000
    return make_app(RATING_BUDGET_WORK=PATH.work // 2, EXPLAIN_BUDGET_WORK=100_000).test_client()


def test_a_rating_cut_short_on_the_solve_page_says_which_is_which(short_client):
    solve_page = short_client.get(f"/solve/{CODE}").text
    explain = short_client.get(f"/explain/{CODE}").text
    quick, whole = rating_line(solve_page), rating_line(explain)
    assert quick.startswith("at least ") and not whole.startswith("at least ")
    assert whole == f"{PATH.rating:.1f} on Sudoku Explainer&#39;s scale"
    assert "That is this page&#39;s quick rating" in solve_page
    assert "its rating of the whole path is the one to go by" in solve_page
    assert (
        f"This path took {PATH.work:,} units of work; a solve page rates within"
        f" {PATH.work // 2:,}, so there it says only &#34;at least&#34;" in explain
    )


def test_with_enough_work_for_both_the_pages_agree_and_say_nothing_more(make_app):
    client = make_app(RATING_BUDGET_WORK=PATH.work, EXPLAIN_BUDGET_WORK=100_000).test_client()
    solve_page = client.get(f"/solve/{CODE}").text
    explain = client.get(f"/explain/{CODE}").text
    assert (
        rating_line(solve_page)
        == rating_line(explain)
        == f"{PATH.rating:.1f} on Sudoku Explainer&#39;s scale"
    )
    assert "quick rating" not in solve_page and "units of work" not in explain
