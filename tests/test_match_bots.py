"""The reference bots against a real server on a loopback port: `sudoku bot` (the engine)
and the example client of docs/api.md (plain backtracking, the standard library only) play a
match of 9x9 and 16x16 rounds with one that has no solution, each to its end; and the
example client in the documents is the file that is run, under 80 lines."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import QuietHandler
from werkzeug.serving import make_server

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "match_bot.py"
API_DOC = ROOT / "docs" / "api.md"
# The whole match's ceiling: three rounds of at most 20 s each, and the bots' start.
MATCH_SECONDS = 120


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a real server on 127.0.0.1: its address."""
    from webapp import create_app

    store = f"sqlite:///{tmp_path_factory.mktemp('bots')}/jobs.sqlite3"
    app = create_app({"TESTING": True, "JOB_STORE": store})
    served = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{served.server_port}"
    served.shutdown()
    thread.join(timeout=10)


def post(url: str, body: dict[str, object], token: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def played(server: str) -> tuple[Any, list[subprocess.CompletedProcess[str]]]:
    """A match of three rounds (9x9, 16x16, then a 9x9 with no solution) between the engine
    in seat 1 and the example client in seat 2, played out: its result and the bots' runs."""
    setting = {
        "sizes": [9, 16],
        "rounds": 3,
        "seconds": 20,
        "seats": 2,
        "no_solution_rounds": [3],
        "seed": 39,
    }
    opened = post(f"{server}/api/matches", setting)
    tokens = [seat["token"] for seat in opened["seats"]]
    commands = [
        [sys.executable, "-m", "webapp", "bot", server, tokens[0]],
        [sys.executable, str(EXAMPLE), server, tokens[1]],
    ]
    bots = [subprocess.Popen(c, stdout=subprocess.PIPE, text=True, cwd=ROOT) for c in commands]
    runs = []
    for bot, command in zip(bots, commands, strict=True):
        out, _ = bot.communicate(timeout=MATCH_SECONDS)
        runs.append(subprocess.CompletedProcess(command, bot.returncode, out))
    with urllib.request.urlopen(f"{server}/api/matches/{opened['match']}", timeout=10) as got:
        return json.load(got), runs


def test_both_bots_play_the_match_to_its_end(played: tuple[Any, list[Any]]) -> None:
    _, runs = played
    assert [run.returncode for run in runs] == [0, 0]


def test_every_round_is_won_by_one_of_the_bots(played: tuple[Any, list[Any]]) -> None:
    result, _ = played
    assert [r["winner"] in (1, 2) for r in result["rounds"]] == [True, True, True]


def test_the_round_with_no_solution_is_won_saying_so(played: tuple[Any, list[Any]]) -> None:
    result, _ = played
    won = [a["type"] for a in result["rounds"][2]["answers"] if a["verdict"] == "won"]
    assert won == ["no-solution"]


def test_the_16x16_round_is_won_with_its_solution(played: tuple[Any, list[Any]]) -> None:
    result, _ = played
    round_two = result["rounds"][1]
    won = [a["rows"] for a in round_two["answers"] if a["verdict"] == "won"]
    assert won == [round_two["solution"]]


def test_the_example_client_is_under_80_lines() -> None:
    assert len(EXAMPLE.read_text().splitlines()) < 80


def test_the_documents_show_the_example_client_as_it_is_run() -> None:
    assert f"```python\n{EXAMPLE.read_text()}```" in API_DOC.read_text()
