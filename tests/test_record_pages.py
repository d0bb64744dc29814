"""The player's own record as the server sends it: a page the same for everyone that says
without script why it shows nothing, and the day's puzzles named for the daily streak."""

from __future__ import annotations

from datetime import UTC, datetime

from webapp.sudoku.generator import generate


def test_the_record_page_says_without_script_that_it_needs_script(client):
    html = client.get("/record").text
    assert "This browser's record is read by the page's script, which is off" in html


def test_the_day_s_page_names_its_puzzles_for_the_streak(make_app):
    html = make_app(GENERATE_SECONDS=120).test_client().get("/daily?size=6").text
    easy = generate(6, "easy", seed=int(f"{datetime.now(UTC):%Y%m%d}")).puzzle
    assert f'data-day="{datetime.now(UTC):%Y-%m-%d}" data-codes="{easy.code} ' in html
