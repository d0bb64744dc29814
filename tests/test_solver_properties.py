"""Properties that hold for every grid: valid answers, symmetry, and the budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sudoku import MULTIPLE, SOLVED, Budget, Grid, is_solution, parse, solve
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines


def answer_pairs(name: str) -> list[tuple[Grid, Grid]]:
    """(puzzle, solution) pairs of the unique puzzles in an answers file."""
    return [
        (parse(fields[0]), parse(fields[2]))
        for fields in data_lines(name)
        if len(fields) >= 3 and fields[1] == "1"
    ]


UNIQUE = answer_pairs("engine_9x9_answers.txt") + answer_pairs("engine_16x16_answers.txt")[:10]


@st.composite
def blanked(draw) -> tuple[Grid, Grid]:
    """A known solution with a random set of its cells blanked (any number of solutions)."""
    _, solution = draw(st.sampled_from(UNIQUE))
    cells = list(solution.cells)
    keep = draw(st.lists(st.booleans(), min_size=len(cells), max_size=len(cells)))
    return Grid(
        solution.shape, tuple(v if k else 0 for v, k in zip(cells, keep, strict=True))
    ), solution


@settings(max_examples=150, deadline=None)
@given(blanked())
def test_a_solution_is_a_full_valid_grid_keeping_every_given(case: tuple[Grid, Grid]) -> None:
    puzzle, known = case
    result = solve(Puzzle(puzzle), budget=Budget(nodes=1_000_000, ceiling_seconds=30))
    assert result.status in (SOLVED, MULTIPLE)
    assert all(is_solution(found, Puzzle(puzzle)) for found in result.solutions)
    if result.status == SOLVED:
        assert result.solution == known


def relabel(grid: Grid, labels: list[int]) -> Grid:
    """Every value v becomes labels[v - 1]."""
    return Grid(grid.shape, tuple(labels[v - 1] if v else 0 for v in grid.cells))


def reorder_rows(grid: Grid, order: list[int]) -> Grid:
    """Row i of the result is row order[i] of the grid."""
    rows = grid.rows()
    return Grid(grid.shape, tuple(v for r in order for v in rows[r]))


def transpose(grid: Grid) -> Grid:
    """Rows become columns (boxes stay boxes only when they are square)."""
    n = grid.size
    return Grid(grid.shape, tuple(grid.value(c, r) for r in range(n) for c in range(n)))


@st.composite
def symmetries(draw, grid: Grid):
    """A random composition of validity-preserving transformations, as one function."""
    shape = grid.shape
    n = shape.size
    labels = draw(st.permutations(range(1, n + 1)))
    bands = draw(st.permutations(range(n // shape.box_rows)))
    within = [draw(st.permutations(range(shape.box_rows))) for _ in bands]
    order = [
        band * shape.box_rows + within[i][r]
        for i, band in enumerate(bands)
        for r in range(shape.box_rows)
    ]
    flip = draw(st.booleans()) and shape.box_rows == shape.box_cols

    def apply(g: Grid) -> Grid:
        g = reorder_rows(relabel(g, list(labels)), order)
        return transpose(g) if flip else g

    return apply


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_symmetric_puzzles_get_symmetric_answers(data) -> None:
    puzzle, solution = data.draw(st.sampled_from(UNIQUE))
    transform = data.draw(symmetries(puzzle))
    result = solve(Puzzle(transform(puzzle)), budget=Budget(nodes=1_000_000, ceiling_seconds=30))
    assert result.status == SOLVED
    assert result.solution == transform(solution)


@settings(max_examples=100, deadline=None)
@given(blanked(), st.integers(min_value=1, max_value=200))
def test_the_node_budget_is_never_exceeded(case: tuple[Grid, Grid], nodes: int) -> None:
    puzzle, _ = case
    result = solve(Puzzle(puzzle), budget=Budget(nodes=nodes, ceiling_seconds=30))
    assert result.nodes <= nodes
    if not result.exhausted and len(result.solutions) < 2:
        assert result.status == "gave_up"
