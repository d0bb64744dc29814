"""find_conflicts: which givens clash, worded for a person, for every grid shape."""

from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku.conflicts import Conflict, find_conflicts
from webapp.sudoku.grid import Grid
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.shape import SHAPES
from webapp.wording import conflict_message


def grid_with(size: int, givens: dict[tuple[int, int], int]) -> Grid:
    """A grid of `size` holding only `givens`, keyed by 1-based (row, column)."""
    cells = [0] * size * size
    for (row, column), value in givens.items():
        cells[(row - 1) * size + column - 1] = value
    return Grid(SHAPES[size], tuple(cells))


def row_of(row: int, value: int, columns: range) -> dict[tuple[int, int], int]:
    """`value` in each of `columns` of one row."""
    return {(row, column): value for column in columns}


@pytest.mark.parametrize(
    ("size", "givens", "messages"),
    [
        pytest.param(9, {(1, 1): 5, (2, 4): 5, (9, 9): 5}, [], id="no conflict"),
        pytest.param(9, {(3, 2): 5, (3, 7): 5}, ["Row 3 has two 5s (columns 2 and 7)"], id="row"),
        pytest.param(
            9, {(1, 4): 7, (6, 4): 7}, ["Column 4 has two 7s (rows 1 and 6)"], id="column"
        ),
        pytest.param(
            9, {(4, 4): 2, (5, 6): 2}, ["Box 5 has two 2s (r4c4 and r5c6)"], id="box only"
        ),
        pytest.param(
            9,
            {(1, 1): 5, (1, 2): 5},
            ["Row 1 has two 5s (columns 1 and 2)", "Box 1 has two 5s (r1c1 and r1c2)"],
            id="row and box",
        ),
        pytest.param(
            9,
            {(3, 7): 5, (3, 2): 5, (3, 5): 5},
            ["Row 3 has three 5s (columns 2, 5 and 7)"],
            id="three in a row, listed in reading order",
        ),
        pytest.param(
            9,
            {(2, 1): 9, (2, 9): 9, (2, 3): 1, (2, 5): 1, (7, 8): 4, (9, 8): 4},
            [
                "Row 2 has two 1s (columns 3 and 5)",
                "Row 2 has two 9s (columns 1 and 9)",
                "Column 8 has two 4s (rows 7 and 9)",
                "Box 9 has two 4s (r7c8 and r9c8)",
            ],
            id="rows then columns then boxes, values in order",
        ),
        pytest.param(
            9,
            row_of(1, 5, range(1, 8)),
            [
                "Row 1 has seven 5s (columns 1, 2, 3, 4, 5, 6 and 7)",
                "Box 1 has three 5s (r1c1, r1c2 and r1c3)",
                "Box 2 has three 5s (r1c4, r1c5 and r1c6)",
            ],
            id="seven, in words",
        ),
        pytest.param(4, {(1, 1): 4, (2, 2): 4}, ["Box 1 has two 4s (r1c1 and r2c2)"], id="4x4"),
        pytest.param(
            6, {(1, 1): 3, (2, 3): 3}, ["Box 1 has two 3s (r1c1 and r2c3)"], id="6x6 box is 2x3"
        ),
        pytest.param(
            6, {(1, 4): 3, (2, 6): 3}, ["Box 2 has two 3s (r1c4 and r2c6)"], id="6x6 second box"
        ),
        pytest.param(
            6, {(3, 1): 6, (4, 3): 6}, ["Box 3 has two 6s (r3c1 and r4c3)"], id="6x6 second band"
        ),
        pytest.param(
            12,
            {(1, 1): 12, (3, 4): 12},
            ["Box 1 has two Cs (r1c1 and r3c4)"],
            id="12x12 box is 3x4",
        ),
        pytest.param(
            12, {(4, 5): 10, (6, 8): 10}, ["Box 5 has two As (r4c5 and r6c8)"], id="12x12 box 5"
        ),
        pytest.param(
            16, {(2, 1): 16, (2, 16): 16}, ["Row 2 has two Gs (columns 1 and 16)"], id="16x16"
        ),
        pytest.param(
            25,
            {(21, 21): 25, (25, 25): 25},
            ["Box 25 has two Ps (r21c21 and r25c25)"],
            id="25x25 last box",
        ),
    ],
)
def test_conflict_messages(size, givens, messages):
    assert [
        conflict_message(conflict) for conflict in find_conflicts(Puzzle(grid_with(size, givens)))
    ] == messages


def test_a_solved_grid_with_one_wrong_digit():
    """The last digit of a solved grid changed from 3 to 4 (a published special case)."""
    line = "417369825632158947958724316825437169791586432346912758289643571573291684164875294"
    grid = Grid.from_values([int(char) for char in line])
    assert [conflict_message(c) for c in find_conflicts(Puzzle(grid))] == [
        "Row 9 has two 4s (columns 3 and 9)",
        "Column 9 has two 4s (rows 8 and 9)",
        "Box 9 has two 4s (r8c9 and r9c9)",
    ]


def test_a_whole_row_of_one_symbol_is_counted_in_words():
    (conflict, *_) = find_conflicts(Puzzle(grid_with(25, row_of(1, 1, range(1, 26)))))
    assert conflict_message(conflict).startswith("Row 1 has twenty-five 1s (columns 1, 2,")


def test_conflicts_carry_their_unit_and_cells():
    assert find_conflicts(Puzzle(grid_with(9, {(3, 2): 5, (3, 7): 5}))) == (
        Conflict("row", 3, "5", ((3, 2), (3, 7))),
    )


def expected_conflicts(grid: Grid) -> list[tuple[str, int, str, tuple[tuple[int, int], ...]]]:
    """An independent oracle: group the givens by row, column and box (via Shape.box_of)."""
    shape = grid.shape
    n = shape.size
    givens = [(i // n, i % n, v) for i, v in enumerate(grid.cells) if v]
    keys = (
        ("row", lambda r, c: r),
        ("column", lambda r, c: c),
        ("box", shape.box_of),
    )
    found = []
    for kind, key in keys:
        groups = defaultdict(list)
        for r, c, v in givens:
            groups[(key(r, c), v)].append((r + 1, c + 1))
        found += [
            (kind, unit + 1, shape.symbol(v), tuple(places))
            for (unit, v), places in sorted(groups.items())
            if len(places) > 1
        ]
    return found


@st.composite
def sparse_grids(draw) -> Grid:
    """A grid of any size with a few givens, often clashing: few values in few rows."""
    size = draw(st.sampled_from(sorted(SHAPES)))
    n = size * size
    places = draw(st.lists(st.integers(0, n - 1), max_size=3 * size, unique=True))
    cells = [0] * n
    for place in places:
        cells[place] = draw(st.integers(1, min(size, 3)))
    return Grid(SHAPES[size], tuple(cells))


@given(sparse_grids())
def test_find_conflicts_agrees_with_the_oracle(grid):
    found = [(c.unit, c.index, c.symbol, c.cells) for c in find_conflicts(Puzzle(grid))]
    assert found == expected_conflicts(grid)
