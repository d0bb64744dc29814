"""Time budgets inside the logic engine: deadlines that nest, and searches that stop on them."""

from __future__ import annotations

import math
import time

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import STOPPED, Position, find_path, next_step
from webapp.sudoku.logic.budget import OutOfTime, check_time, time_left, time_limit
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines


def test_without_a_budget_there_is_no_deadline():
    assert time_left() == math.inf
    check_time()  # does not raise


def test_a_spent_budget_raises_and_the_block_ends_it():
    with time_limit(0.0):
        time.sleep(0.001)
        with pytest.raises(OutOfTime):
            check_time()
    assert time_left() == math.inf


def test_an_inner_budget_cannot_outlast_the_outer_one():
    with time_limit(1.0):
        with time_limit(1000.0):
            assert time_left() <= 1.0
        with time_limit(0.5):
            assert time_left() <= 0.5
        assert 0.5 < time_left() <= 1.0


def test_a_25x25_path_stops_honestly_when_its_budget_runs_out():
    grid = parse(data_lines("engine_25x25_answers.txt")[0][0])
    path = find_path(Puzzle(grid), seconds=0.2)
    assert path.status == STOPPED
    # every step it did take is a real one: applying them gives the position it ended at
    position = Position.from_puzzle(Puzzle(grid))
    for step in path.steps:
        position = step.apply(position)
    assert position == path.end


def test_a_hint_out_of_time_raises_instead_of_guessing():
    position = Position.from_puzzle(Puzzle(parse(data_lines("engine_25x25_answers.txt")[0][0])))
    with pytest.raises(OutOfTime):
        next_step(position, seconds=0.0)
