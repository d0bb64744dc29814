"""`sudoku explain` end to end: numbered sentences, the rating, JSON, and honest stops."""

from __future__ import annotations

import io
import json
import sys

import pytest

from webapp.cli import main

from puzzles import CLASHING, NORVIG_EASY, NORVIG_EASY_SOLUTION, NORVIG_HARD1

# From Norvig's top95: after 41 steps it needs more than singles, subsets and fish.
BEYOND_FISH = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."


@pytest.fixture
def explain(capsys, monkeypatch):
    """Run `sudoku explain` on the given stdin: its exit status and output."""

    def run(*argv: str, stdin: str) -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(["explain", *argv])
        return code, capsys.readouterr().out

    return run


def test_a_puzzle_is_explained_step_by_step_then_rated(explain):
    code, out = explain(stdin=NORVIG_EASY + "\n")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == NORVIG_EASY
    assert lines[1].startswith("1. ")
    assert lines[-1].startswith("Rating ")
    assert "(easy, hardest: " in lines[-1] or "(medium, hardest: " in lines[-1]
    # one numbered line per empty cell, each placing a value: singles all the way
    assert len(lines) - 2 == NORVIG_EASY.count(".")


def test_json_steps_replay_to_the_solution(explain):
    code, out = explain("--json", stdin=NORVIG_EASY + "\n")
    record = json.loads(out)
    assert code == 0
    assert set(record) >= {"puzzle", "status", "rating", "level", "complete", "steps"}
    assert record["status"] == "solved" and record["complete"]
    cells = list(NORVIG_EASY)
    for step in record["steps"]:
        assert set(step) == {
            "technique",
            "difficulty",
            "digits",
            "cells",
            "eliminations",
            "placements",
            "text",
        }
        for row, col, symbol in step["placements"]:
            cells[(row - 1) * 9 + col - 1] = symbol
    assert "".join(cells) == NORVIG_EASY_SOLUTION
    assert record["rating"] == max(step["difficulty"] for step in record["steps"])


def test_a_path_that_needs_more_stops_and_says_why(explain):
    _, out = explain(stdin=BEYOND_FISH + "\n")
    assert out.splitlines()[-1].startswith("Stopped after 41 steps")
    assert "a technique the engine does not have yet" in out


@pytest.mark.parametrize(
    ("puzzle", "status"),
    [(NORVIG_HARD1, "multiple"), (CLASHING, "no_solution"), ("12x4", "invalid")],
)
def test_a_puzzle_without_one_solution_gets_its_status(explain, puzzle, status):
    _, out = explain("--json", stdin=puzzle + "\n")
    record = json.loads(out)
    assert record["status"] == status
    assert record["steps"] == []
