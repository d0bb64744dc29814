"""The engine's solve, held to the work budget the app's config sets."""

from __future__ import annotations

from flask import current_app

from .sudoku import Budget, Grid, SolveResult, solve


def solve_within_budget(grid: Grid) -> SolveResult:
    """Solve `grid`, looking for two solutions, within SOLVE_BUDGET_NODES/SECONDS."""
    config = current_app.config
    budget = Budget(
        nodes=int(config["SOLVE_BUDGET_NODES"]), seconds=float(config["SOLVE_BUDGET_SECONDS"])
    )
    return solve(grid, max_solutions=2, budget=budget)
