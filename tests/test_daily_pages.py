"""/daily: one puzzle of each level, the same for everyone on a UTC day, each with its board
and a Play link to its stable link, kept by caches until the next midnight UTC."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from webapp.sudoku.generator import LEVEL_NAMES, generate
from webapp.web.daily.routes import seconds_to_midnight


def todays_seed() -> int:
    """The day's seed, as the page takes it: the UTC date as YYYYMMDD."""
    return int(f"{datetime.now(UTC):%Y%m%d}")


def boards(html: str) -> list[str]:
    """The givens of each board on the page, in reading order, one string per board."""
    tables = re.findall(r"<table class=\"board .*?</table>", html, re.S)
    return ["".join(re.findall(r'<td class="given">(\w)', table)) for table in tables]


def test_todays_puzzles_are_the_same_for_everyone_all_day(make_app):
    first = make_app().test_client().get("/daily")
    second = make_app().test_client().get("/daily")
    assert first.status_code == second.status_code == 200
    assert len(boards(first.text)) == 5 and boards(first.text) == boards(second.text)
    seed = todays_seed()
    for level in LEVEL_NAMES:
        assert f'href="/new/9/{level}/rotational/{seed}">Play the {level} puzzle' in first.text
    easy = generate(9, "easy", seed=seed).puzzle
    assert boards(first.text)[0] == "".join(symbol for symbol in easy.grid.symbols if symbol)


def test_a_complete_day_may_be_kept_until_midnight_utc(make_app):
    # Time enough to make all five on a busy machine: a day made in part is not kept.
    answer = make_app(GENERATE_SECONDS=120).test_client().get("/daily?size=6")
    now = datetime.now(UTC)
    assert answer.status_code == 200 and answer.cache_control.public
    assert 0 < answer.cache_control.max_age <= seconds_to_midnight(now, now)
    assert '<a href="/daily?size=6" aria-current="page">6×6</a>' in answer.text


def test_levels_the_budget_does_not_reach_get_their_link_and_the_page_is_not_kept(make_app):
    answer = make_app(GENERATE_SECONDS=0).test_client().get("/daily")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert boards(answer.text) == []
    assert answer.text.count("Being made: follow its link to play it once it is ready.") == 5
    assert f'href="/new/9/extreme/rotational/{todays_seed()}"' in answer.text


@pytest.mark.parametrize("size", ["4", "25", "x", "", "9.0"])
def test_a_size_the_day_has_no_puzzles_of_is_refused_by_name(make_app, size):
    answer = make_app().test_client().get(f"/daily?size={size}")
    assert answer.status_code == 400
    assert "size must be one of 6, 9, 12, 16 for the puzzles of the day." in answer.text


DAY = datetime(2026, 11, 23, 23, 59, 58, tzinfo=UTC)


@pytest.mark.parametrize(
    ("day", "now", "seconds"),
    [
        (
            datetime(2026, 11, 23, 0, 0, 0, tzinfo=UTC),
            datetime(2026, 11, 23, 0, 0, 0, tzinfo=UTC),
            86_400,
        ),
        (
            datetime(2026, 12, 31, 12, 0, 0, tzinfo=UTC),
            datetime(2026, 12, 31, 12, 0, 0, tzinfo=UTC),
            43_200,
        ),
        (DAY, DAY, 2),
        (DAY, datetime(2026, 11, 23, 23, 59, 59, 900_000, tzinfo=UTC), 0),
        (DAY, datetime(2026, 11, 24, 0, 0, 1, tzinfo=UTC), 0),  # the page was made past midnight
    ],
)
def test_seconds_to_midnight(day, now, seconds):
    assert seconds_to_midnight(day, now) == seconds
