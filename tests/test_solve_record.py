"""One solve record: `sudoku solve --json` and the solve API show the same fields the same way."""

from __future__ import annotations

import pytest

from webapp.cli.solve import solve_record
from webapp.records.solve import in_order
from webapp.sudoku import Budget

from puzzles import CLASHING, NORVIG_EASY, NORVIG_IMPOSSIBLE, data_lines

SEED_FIVE = next(fields[0] for fields in data_lines("seed_examples.txt") if fields[1] == "5")
PROVEN_IMPOSSIBLE = "12345678." + "........9" + "." * 63
# Few enough nodes that Norvig's impossible puzzle (2,600 nodes to prove) is not decided.
FEW_NODES = 50
# What both outputs say of a solve, under the same names.
SHARED = ("status", "solution", "solutions", "nodes", "engine", "sat_conflicts", "alphabet")


@pytest.mark.parametrize(
    ("puzzle", "status", "nodes"),
    [
        (NORVIG_EASY, "solved", 250_000),
        (SEED_FIVE, "multiple", 250_000),
        (CLASHING, "no_solution", 250_000),
        (PROVEN_IMPOSSIBLE, "no_solution", 250_000),
        (NORVIG_IMPOSSIBLE, "gave_up", FEW_NODES),
    ],
    ids=["solved", "multiple", "clash", "no-solution", "gave-up"],
)
def test_the_cli_and_the_api_agree_on_every_field_they_share(make_app, puzzle, status, nodes):
    # the same work budget, and a ceiling far beyond it, so both stop at the same node
    budget = Budget(nodes=nodes, ceiling_seconds=60.0)
    app = make_app(SOLVE_BUDGET_NODES=nodes, SOLVE_CEILING_SECONDS=budget.ceiling_seconds)
    api = app.test_client().post("/api/solve", json={"puzzle": puzzle}).json
    cli = solve_record(puzzle, budget=budget).to_json()
    assert api["status"] == cli["status"] == status
    assert {field: api[field] for field in SHARED} == {field: cli[field] for field in SHARED}
    assert api["written"]["givens"] == cli["puzzle"]
    assert [conflict["message"] for conflict in api["conflicts"]] == cli.get("conflicts", [])
    assert api.get("solution_count") == cli.get("solution_count")
    assert ("solution_count" in cli) == (status == "multiple")


def test_an_output_cannot_leave_out_a_field_unnoticed():
    assert list(in_order({"b": 2, "a": 1}, ("a", "b", "c"))) == ["a", "b"]
    with pytest.raises(ValueError, match="no place in the order: d"):
        in_order({"a": 1, "d": 4}, ("a", "b"))
