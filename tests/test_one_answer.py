"""One link, one answer: two servers with stores of their own, one of them busy, show the same
explanation and rating of a puzzle, since their budgets count work, not seconds."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from webapp import create_app

from puzzles import data_lines

HARDEST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
RATED = sorted(data_lines("se_rated_sample.txt"), key=lambda row: -float(row[1]))
PUZZLES = [RATED[0][0].replace(".", "0"), RATED[1][0].replace(".", "0"), HARDEST]
RATING = re.compile(r'<p class="rating">(.*?)</p>', re.S)


def shown(client, code: str) -> tuple[object, ...]:
    """What a server shows of `code`: its explanation's steps in words and where it ended,
    the explanation page's last step, and the solve page's rating."""
    record = client.get(f"/api/explain/{code}").json
    steps = [step["text"] for step in record["steps"]]
    last = client.get(f"/explain/{code}?step={len(steps)}").text
    solve_page = client.get(f"/solve/{code}").text
    return (
        steps,
        record["rating"],
        record["complete"],
        record.get("stopped"),
        _main(last),
        RATING.findall(solve_page),
    )


def _main(html: str) -> str:
    """The page's <main>: what it shows of the puzzle, without the per-request nonce."""
    return html[html.index("<main") : html.index("</main>")]


@pytest.fixture
def apps(tmp_path):
    """Two apps, each with a job store (and so shared results) of its own, whose explanations
    stop at a fifth of the default work, past forcing chains: each puzzle needs more, so
    where a path is cut short must be the same on both."""
    return [
        create_app(
            {
                "TESTING": True,
                "JOB_STORE": f"sqlite:///{tmp_path}/{name}.sqlite3",
                "EXPLAIN_BUDGET_WORK": 20_000,
            }
        )
        for name in ("a", "b")
    ]


def test_two_servers_one_busy_show_the_same_explanations_and_ratings(apps):
    quiet, busy = (app.test_client() for app in apps)
    expected = {code: shown(quiet, code) for code in PUZZLES}
    assert any(not answer[2] for answer in expected.values())  # one cut short, at least
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert {code: shown(busy, code) for code in PUZZLES} == expected
    finally:
        burner.kill()
        burner.wait()
