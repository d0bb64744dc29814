"""Solving for the web: the engine held to the budget in the app's config."""

from __future__ import annotations

from webapp import create_app
from webapp.sudoku import parse
from webapp.web.cache import solve_within_budget


def test_the_node_budget_comes_from_config(impossible_puzzle):
    puzzle = parse(impossible_puzzle.puzzle)
    with create_app({"SOLVE_BUDGET_NODES": 20}).app_context():
        stingy = solve_within_budget(puzzle)
    with create_app({"SOLVE_BUDGET_SECONDS": 30.0}).app_context():
        patient = solve_within_budget(puzzle)
    assert stingy.status == "gave_up"
    assert patient.status == "no_solution"


def test_it_looks_for_a_second_solution(app, multiple_puzzle):
    with app.app_context():
        result = solve_within_budget(parse(multiple_puzzle.puzzle))
    assert result.status == "multiple"
    assert len(result.solutions) == 2
