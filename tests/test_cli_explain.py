"""`sudoku explain` end to end: numbered sentences, the rating, JSON, and honest stops."""

from __future__ import annotations

import json

import pytest

from webapp.sudoku import parse
from webapp.sudoku.puzzle import Puzzle, is_solution

from puzzles import (
    CLASHING,
    NORVIG_EASY,
    NORVIG_EASY_SOLUTION,
    NORVIG_HARD1,
    TOP95_SEVENTH,
    TOP1465_FIRST,
)


def test_a_puzzle_is_explained_step_by_step_then_rated(sudoku):
    code, out = sudoku("explain", stdin=NORVIG_EASY + "\n")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == NORVIG_EASY
    assert lines[1].startswith("1. ")
    assert lines[-1].startswith("Rating ")
    assert "(easy, hardest: " in lines[-1] or "(medium, hardest: " in lines[-1]
    # one numbered line per empty cell, each placing a value: singles all the way
    assert len(lines) - 2 == NORVIG_EASY.count(".")


def test_json_steps_replay_to_the_solution(sudoku):
    code, out = sudoku("explain", "--json", stdin=NORVIG_EASY + "\n")
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


def test_a_path_out_of_budget_stops_and_says_why(sudoku):
    _, out = sudoku("explain", "--budget-work", "100", stdin=TOP95_SEVENTH + "\n")
    last = out.splitlines()[-1]
    assert last.startswith("Stopped after ")
    assert "the next step needs more work than the budget" in last


def test_a_hard_path_ends_in_forcing_chains_that_name_their_dead_end(sudoku):
    _, out = sudoku("explain", stdin=TOP1465_FIRST + "\n")
    chains = [line for line in out.splitlines() if "Forcing chain: if " in line]
    assert chains
    assert all("would have no" in line for line in chains)
    assert out.splitlines()[-1].startswith("Rating ")


@pytest.mark.parametrize(
    ("puzzle", "status"),
    [(NORVIG_HARD1, "multiple"), (CLASHING, "no_solution"), ("12x4", "invalid")],
)
def test_a_puzzle_without_one_solution_gets_its_status(sudoku, puzzle, status):
    _, out = sudoku("explain", "--json", stdin=puzzle + "\n")
    record = json.loads(out)
    assert record["status"] == status
    assert record["steps"] == []
    assert record["error"]


def test_several_solutions_come_with_two_that_differ(sudoku):
    _, out = sudoku("explain", "--json", stdin=NORVIG_HARD1 + "\n")
    first, second = (parse(line) for line in json.loads(out)["solutions"])
    puzzle = parse(NORVIG_HARD1)
    assert first != second
    assert is_solution(first, Puzzle(puzzle)) and is_solution(second, Puzzle(puzzle))
    _, text = sudoku("explain", stdin=NORVIG_HARD1 + "\n")
    assert text.splitlines()[-2:] == [first.line, second.line]


def test_clashing_givens_are_named(sudoku):
    _, out = sudoku("explain", "--json", stdin=CLASHING + "\n")
    row, box = json.loads(out)["conflicts"]  # the two 5s share row 1 and box 1
    assert row.startswith("Row 1 has two 5s") and box.startswith("Box 1 has two 5s")
