"""A Killer's cages sent beside a grid to every JSON route and command that takes a variant:
/api/hint, /api/jobs and /api/solve/batch, and `sudoku explain|rate|hint --cages FILE`, each
reading the same puzzle its share code names, and a bad cage answered 422 by name."""

from __future__ import annotations

import json

import pytest
from test_killer_pages import FOUR

from webapp.cli import main
from webapp.sudoku.parse import read

PUZZLE = read(FOUR).puzzle
GRID = PUZZLE.grid.code
CAGES = [
    {"cells": [f"r{cell // 4 + 1}c{cell % 4 + 1}" for cell in cage.cells], "sum": cage.total}
    for cage in PUZZLE.rules.cages
]
BAD = [{"cells": ["r1c1", "r1c2"], "sum": 9}]
BAD_SAID = "cages: Cage at r1c1 (sum 9): 2 different digits add up to at most 7"


def test_the_hint_api_gives_a_hint_for_the_killer_it_is_sent(client):
    sent = {"puzzle": GRID, "progress": GRID, "variant": "killer"}
    answer = client.post("/api/hint", json={**sent, "cages": CAGES})
    assert answer.status_code == 200
    assert PUZZLE.code in answer.get_json()["play_url"]
    bad = client.post("/api/hint", json={**sent, "cages": BAD})
    assert bad.status_code == 422 and bad.get_json()["error"] == BAD_SAID


def test_a_job_takes_the_cages_too(client):
    sent = {"kind": "solve", "puzzle": GRID, "variant": "killer"}
    job = client.post("/api/jobs", json={**sent, "cages": CAGES})
    assert job.status_code == 202
    assert job.get_json()["result_url"].endswith(f"/solve/{PUZZLE.code}")
    bad = client.post("/api/jobs", json={**sent, "cages": BAD})
    assert bad.status_code == 422 and bad.get_json()["error"] == BAD_SAID


def test_a_batch_puts_every_puzzle_under_the_cages_it_is_sent(client):
    body = {"puzzles": [GRID, PUZZLE.code, "2" + GRID[1:]], "variant": "killer", "cages": CAGES}
    rows = client.post("/api/solve/batch", json=body).get_json()["results"]
    assert [row["status"] for row in rows] == ["solved", "solved", "no_solution"]
    assert rows[0]["code"] == rows[1]["code"] == PUZZLE.code  # the Killer, cages and all
    bad = client.post("/api/solve/batch", json={**body, "cages": BAD})
    assert bad.status_code == 422 and bad.get_json()["error"] == BAD_SAID


def test_a_batch_without_cages_keeps_the_code_it_had_before_killers():
    """A Jigsaw's or X-Sudoku's batch code is the digest of what it was before cages came."""
    from webapp.jobs.batches import batch_code
    from webapp.sudoku.batch import read_puzzles

    entries = read_puzzles([GRID])
    assert batch_code(entries, ("x", None, None)) == "1-" + _digest(
        [[entries[0].line, entries[0].text], ["x", None]]
    )
    assert batch_code(entries, ("killer", None, CAGES)) != batch_code(
        entries, ("killer", None, None)
    )


def _digest(content) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(content).encode()).hexdigest()[:24]


@pytest.mark.parametrize("command", ["explain", "rate", "hint"])
def test_explain_rate_and_hint_take_a_cage_file(capsys, tmp_path, command):
    cages, puzzles = tmp_path / "cages.json", tmp_path / "puzzles.txt"
    cages.write_text(json.dumps(CAGES))
    puzzles.write_text(f"{GRID}\n")
    assert (
        main([command, "--json", str(puzzles), "--variant", "killer", "--cages", str(cages)]) == 0
    )
    with_cages = json.loads(capsys.readouterr().out)
    puzzles.write_text(f"{PUZZLE.code}\n")  # a share code names its cages: no option needed
    assert main([command, "--json", str(puzzles)]) == 0
    from_code = json.loads(capsys.readouterr().out)
    skip = ("ms", "puzzle", "position")
    assert {k: v for k, v in with_cages.items() if k not in skip} == {
        k: v for k, v in from_code.items() if k not in skip
    }
    assert with_cages.get("status") != "invalid"
    cages.write_text(json.dumps(BAD))
    puzzles.write_text(f"{GRID}\n")
    main([command, "--json", str(puzzles), "--variant", "killer", "--cages", str(cages)])
    assert BAD_SAID in capsys.readouterr().out
