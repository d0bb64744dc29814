"""The contract of the Puzzle value: a new kind of unit is one entry in the registry of rule
kinds, and every layer (engine, share codes, CLI, API, pages, jobs, caches) honours it
unchanged.

The kind registered here exists only in this test: the centre cell of every box ("centre
dot" Sudoku), a unit of N cells at every size. Nothing outside rulebook.RULE_KINDS is told
about it.
"""

from __future__ import annotations

import json

import pytest
from job_apps import job_app
from sudoku_rules import valid_solution

from webapp.sudoku import (
    MULTIPLE,
    NO_SOLUTION,
    SOLVED,
    Puzzle,
    Rules,
    count_solutions_of,
    find_conflicts,
    parse,
    read_code,
    solve,
)
from webapp.sudoku.geometry import Unit
from webapp.sudoku.logic import find_path
from webapp.sudoku.rulebook import RULE_KINDS, RuleKind
from webapp.sudoku.shape import Shape

from puzzles import NORVIG_EASY


def centres(shape: Shape) -> tuple[Unit, ...]:
    """The centre cell of each box, as one unit."""
    n = shape.size
    cells = []
    for box in range(n):
        row, col = shape.box_cells(box)[
            (shape.box_rows // 2) * shape.box_cols + shape.box_cols // 2
        ]
        cells.append(row * n + col)
    return (Unit("centre dot", 1, tuple(sorted(cells))),)


@pytest.fixture
def centre_dot(monkeypatch):
    """The rules of centre-dot Sudoku, registered for the test alone."""
    monkeypatch.setitem(RULE_KINDS, "c", RuleKind("c", "Centre dot", ("centre-dot",), centres))
    return Rules(("c",))


def classic_solution_breaks(rules: Rules) -> Puzzle:
    """NORVIG_EASY under `rules`: its one classic solution repeats a digit in the centres."""
    grid = parse(NORVIG_EASY)
    answer = solve(Puzzle(grid)).solution
    assert answer is not None
    centre_cells = centres(grid.shape)[0].cells
    assert len({answer.cells[cell] for cell in centre_cells}) < 9  # so the rules change it
    return Puzzle(grid, rules)


def test_the_engine_solves_under_the_new_unit(centre_dot):
    puzzle = classic_solution_breaks(centre_dot)
    assert solve(Puzzle(puzzle.grid)).status == SOLVED
    assert solve(puzzle).status == NO_SOLUTION
    assert count_solutions_of(puzzle).count == 0


def test_an_empty_grid_under_the_new_unit_has_solutions_that_keep_it(centre_dot):
    empty = Puzzle(parse("." * 81), centre_dot)
    result = solve(empty)
    assert result.status == MULTIPLE
    for solution in result.solutions:
        values = {solution.cells[cell] for cell in centres(solution.shape)[0].cells}
        assert values == set(range(1, 10)) and valid_solution(solution.line, "." * 81, 3, 3)


def test_clashing_givens_in_the_new_unit_are_named(centre_dot):
    cells = [0] * 81
    cells[10] = cells[13] = 5  # r2c2 and r2c5: the centres of boxes 1 and 2
    puzzle = Puzzle(parse("".join(map(str, cells))), centre_dot)
    clashes = find_conflicts(puzzle)
    assert [(c.unit, c.symbol, c.cells) for c in clashes] == [
        ("row", "5", ((2, 2), (2, 5))),
        ("centre dot", "5", ((2, 2), (2, 5))),
    ]
    assert find_conflicts(Puzzle(puzzle.grid)) == clashes[:1]


def test_the_share_code_names_the_rules_and_reads_back(centre_dot):
    puzzle = classic_solution_breaks(centre_dot)
    assert puzzle.code == puzzle.grid.code + "-c"
    assert read_code(puzzle.code) == puzzle
    assert read_code(puzzle.grid.code) == Puzzle(puzzle.grid)


def test_paths_take_the_new_unit_into_account(centre_dot):
    # Placing a digit rules it out of every other centre: the path of the empty grid with one
    # given in a centre differs from the classic one's candidates at once.
    cells = ["."] * 81
    cells[10] = "5"
    grid = parse("".join(cells))
    classic = find_path(Puzzle(grid), work=2_000)
    dotted = find_path(Puzzle(grid, centre_dot), work=2_000)
    assert classic.end.candidates != dotted.end.candidates or classic.steps != dotted.steps


def test_the_cli_solves_under_the_rules(centre_dot, sudoku):
    code = classic_solution_breaks(centre_dot).code
    _, out = sudoku("solve", "--json", stdin=code + "\n")
    assert json.loads(out)["status"] == NO_SOLUTION
    _, out = sudoku("solve", "--json", stdin=code.removesuffix("-c") + "\n")
    assert json.loads(out)["status"] == SOLVED


def test_the_api_answers_under_the_rules_and_says_them(centre_dot, client):
    code = classic_solution_breaks(centre_dot).code
    answer = client.post("/api/solve", json={"puzzle": code}).json
    assert answer["status"] == NO_SOLUTION and answer["rules"] == "c"
    plain = client.post("/api/solve", json={"puzzle": code.removesuffix("-c")}).json
    assert plain["status"] == SOLVED and "rules" not in plain


def test_pages_and_their_caches_keep_the_two_puzzles_apart(centre_dot, client):
    code = classic_solution_breaks(centre_dot).code
    classic = client.get(f"/solve/{code.removesuffix('-c')}")
    dotted = client.get(f"/solve/{code}")
    again = client.get(f"/solve/{code.removesuffix('-c')}")
    assert classic.status_code == dotted.status_code == again.status_code == 200
    assert "No solution" in dotted.text and "No solution" not in classic.text
    assert again.text == classic.text


def test_a_job_works_on_the_puzzle_with_its_rules(centre_dot, tmp_path):
    app = job_app(tmp_path)
    client = app.test_client()
    code = classic_solution_breaks(centre_dot).code
    started = client.post("/api/jobs", json={"kind": "solve", "puzzle": code})
    assert started.status_code == 202
    job = client.get(f"/api/jobs/{started.json['id']}").json
    assert job["state"] == "done" and job["outcome"] == NO_SOLUTION
    assert job["result_url"].endswith(f"/solve/{code}")
    classic = client.post("/api/jobs", json={"kind": "solve", "puzzle": code.removesuffix("-c")})
    assert classic.json["id"] != started.json["id"]
    assert client.get(f"/api/jobs/{classic.json['id']}").json["outcome"] == SOLVED
