"""The unit list: what the standard units are, and that extra units (X-Sudoku) just work.

The engine reads every rule from a Geometry's units. These tests check the
standard units against an independent construction, and prove the
generality with X-Sudoku: the exact solver, the conflict check, is_solution
and the baseline all obey the diagonals without any other change.
"""

from __future__ import annotations

import pytest

from webapp.sudoku import (
    MULTIPLE,
    NO_SOLUTION,
    SHAPES,
    SOLVED,
    Conflict,
    Geometry,
    Grid,
    Unit,
    baseline,
    find_conflicts,
    is_solution,
    parse,
    solve,
    standard_geometry,
    x_sudoku,
)
from webapp.sudoku.puzzle import Puzzle, Rules

from puzzles import data_lines

X_RULES = Rules(("x",))

SIZES = sorted(SHAPES)


def x_cases() -> list[tuple[str, ...]]:
    """(puzzle, answer) pairs of tests/data/x_sudoku.txt."""
    return [tuple(fields) for fields in data_lines("x_sudoku.txt")]


def holds_every_symbol(values: list[int], n: int) -> bool:
    """True when `values` are 1..n, each once."""
    return sorted(values) == list(range(1, n + 1))


def obeys_x_rules(grid: Grid) -> bool:
    """Rows, columns, boxes and both diagonals, checked without the engine's geometry."""
    n = grid.size
    shape = grid.shape
    rows = [[grid.value(r, c) for c in range(n)] for r in range(n)]
    columns = [[grid.value(r, c) for r in range(n)] for c in range(n)]
    boxes = [[grid.value(r, c) for r, c in shape.box_cells(b)] for b in range(n)]
    diagonals = [[grid.value(i, i) for i in range(n)], [grid.value(i, n - 1 - i) for i in range(n)]]
    return all(holds_every_symbol(unit, n) for unit in rows + columns + boxes + diagonals)


@pytest.mark.parametrize("size", SIZES)
def test_the_standard_units_are_rows_columns_and_boxes(size):
    shape = SHAPES[size]
    geometry = standard_geometry(shape)
    n = size
    rows = {frozenset(r * n + c for c in range(n)) for r in range(n)}
    columns = {frozenset(r * n + c for r in range(n)) for c in range(n)}
    boxes = {
        frozenset(r * n + c for r in range(n) for c in range(n) if shape.box_of(r, c) == b)
        for b in range(n)
    }
    by_kind = {
        kind: {frozenset(u.cells) for u in geometry.units if u.kind == kind}
        for kind in geometry.kinds
    }
    assert geometry.kinds == ("row", "column", "box")
    assert by_kind == {"row": rows, "column": columns, "box": boxes}
    assert [u.index for u in geometry.units] == list(range(1, n + 1)) * 3


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_is_in_three_units_and_has_its_peers(size):
    shape = SHAPES[size]
    geometry = standard_geometry(shape)
    n, h, w = size, shape.box_rows, shape.box_cols
    # a row's and a column's others, plus the box cells in neither
    expected_peers = 2 * (n - 1) + (h - 1) * (w - 1)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        sharing = {
            other
            for other in range(n * n)
            if other // n == r
            or other % n == c
            or shape.box_of(*divmod(other, n)) == shape.box_of(r, c)
        }
        assert geometry.peers[cell] == sharing - {cell}
        assert len(geometry.peers[cell]) == expected_peers
        assert [u.kind for u in geometry.cell_units[cell]] == ["row", "column", "box"]
        assert [geometry.units[k] for k in geometry.cell_unit_numbers[cell]] == list(
            geometry.cell_units[cell]
        )
    if size == 9:
        assert all(len(peers) == 20 for peers in geometry.peers)  # Norvig's figure


def test_x_sudoku_adds_the_two_diagonals_after_the_standard_units():
    geometry = x_sudoku(SHAPES[9])
    assert geometry.kinds == ("row", "column", "box", "diagonal")
    first, second = geometry.units[-2:]
    assert first == Unit("diagonal", 1, (0, 10, 20, 30, 40, 50, 60, 70, 80))
    assert second == Unit("diagonal", 2, (8, 16, 24, 32, 40, 48, 56, 64, 72))
    centre = [u.kind for u in geometry.cell_units[40]]
    assert centre == ["row", "column", "box", "diagonal", "diagonal"]
    assert len(geometry.peers[40]) == 20 + 12  # each diagonal adds the 6 cells outside its box


@pytest.mark.parametrize("cells", [(0, 1, 2), (0, 0, 1, 2, 3, 4, 5, 6, 7), tuple(range(80, 89))])
def test_a_unit_must_be_n_distinct_cells_of_the_grid(cells):
    with pytest.raises(ValueError, match="is not 9 distinct cells"):
        standard_geometry(SHAPES[9]).with_units([Unit("window", 1, cells)])


@pytest.mark.parametrize(("puzzle", "answer"), x_cases())
def test_the_exact_solver_obeys_the_diagonals(puzzle, answer):
    grid, expected = parse(puzzle), parse(answer)
    assert obeys_x_rules(expected)
    assert all(g in (0, a) for g, a in zip(grid.cells, expected.cells, strict=True))
    result = solve(Puzzle(grid, X_RULES))
    assert result.status == SOLVED
    assert result.solution == expected
    # Without the diagonals the same givens leave more than one way to fill the grid.
    assert solve(Puzzle(grid)).status == MULTIPLE


@pytest.mark.parametrize(
    ("puzzle", "answer"), [case for case in x_cases() if case[0].count(".") < 55]
)
def test_the_baseline_agrees_on_x_sudoku(puzzle, answer):
    result = baseline.solve(Puzzle(parse(puzzle), X_RULES))
    assert (result.status, result.solution) == (SOLVED, parse(answer))


@pytest.mark.parametrize(("puzzle", "answer"), x_cases())
def test_is_solution_checks_the_diagonals_too(puzzle, answer):
    grid, solved = parse(puzzle), parse(answer)
    assert is_solution(solved, Puzzle(grid, X_RULES))
    # Swapping two whole rows inside a band keeps rows, columns and boxes valid but
    # moves digits off the diagonals.
    n = grid.size
    rows = [solved.cells[r * n : (r + 1) * n] for r in range(n)]
    rows[0], rows[1] = rows[1], rows[0]
    swapped = Grid(grid.shape, tuple(v for row in rows for v in row))
    blank = Grid(grid.shape, (0,) * (n * n))
    assert is_solution(swapped, Puzzle(blank))
    assert not is_solution(swapped, Puzzle(blank, X_RULES))


def test_a_clash_on_a_diagonal_is_a_conflict_of_the_diagonal():
    # 5 at r1c1 and r9c9: no shared row, column or box, but the same main diagonal.
    cells = [0] * 81
    cells[0] = cells[80] = 5
    grid = Grid(SHAPES[9], tuple(cells))
    assert find_conflicts(Puzzle(grid)) == ()
    expected = (Conflict("diagonal", 1, "5", ((1, 1), (9, 9))),)
    assert find_conflicts(Puzzle(grid, X_RULES)) == expected
    result = solve(Puzzle(grid, X_RULES))
    assert (result.status, result.conflicts, result.nodes) == (NO_SOLUTION, expected, 0)


def test_an_anti_diagonal_clash_names_the_second_diagonal():
    cells = [0] * 16
    cells[3] = cells[12] = 2  # r1c4 and r4c1 of a 4x4
    grid = Grid(SHAPES[4], tuple(cells))
    assert find_conflicts(Puzzle(grid, X_RULES)) == (
        Conflict("diagonal", 2, "2", ((1, 4), (4, 1))),
    )


def test_geometries_are_values():
    shape = SHAPES[9]
    assert standard_geometry(shape) == Geometry(shape, standard_geometry(shape).units)
    assert hash(x_sudoku(shape)) == hash(
        standard_geometry(shape).with_units(x_sudoku(shape).units[27:])
    )
