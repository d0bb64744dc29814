"""The Grid value: its share code and line forms, its accessors, and is_solution."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku.errors import PuzzleError
from webapp.sudoku.grid import Grid
from webapp.sudoku.puzzle import Puzzle, is_solution
from webapp.sudoku.shape import SHAPES

from puzzles import SEED_EASY, SEED_EASY_SOLUTION

# The "easy" seed puzzle and its solution, checked by two independent solvers.
EASY = SEED_EASY
EASY_SOLUTION = SEED_EASY_SOLUTION


def grid_of(line: str) -> Grid:
    """A grid from a one-line string of digits 1-9 and "." (enough for 4x4, 6x6 and 9x9)."""
    values = [0 if char == "." else int(char) for char in line]
    return Grid.from_values(values)


def pattern(size: int, rows: list[int] | None = None, labels: list[int] | None = None) -> Grid:
    """A complete valid grid: the classic shifted pattern, rows and labels optionally permuted.

    Each row is the one above shifted by a box width, and each band by one
    more; permuting rows within a band and renaming values keeps it valid.
    """
    shape = SHAPES[size]
    rows = rows or list(range(size))
    labels = labels or list(range(1, size + 1))
    cells = [
        labels[(r * shape.box_cols + r // shape.box_rows + c) % size]
        for r in rows
        for c in range(size)
    ]
    return Grid(shape, tuple(cells))


@pytest.mark.parametrize(
    ("values", "code", "line"),
    [
        pytest.param([0, 1, 2, 3] + [0] * 12, "0123" + "0" * 12, ".123" + "." * 12, id="4x4"),
        pytest.param([9] + [0] * 80, "9" + "0" * 80, "9" + "." * 80, id="9x9"),
        pytest.param(
            [10, 16, 0, 1] + [0] * 252, "AG01" + "0" * 252, "AG.1" + "." * 252, id="16x16 letters"
        ),
        pytest.param(
            [25, 0, 24] + [0] * 622, "P0O" + "0" * 622, "P.O" + "." * 622, id="25x25 letters"
        ),
    ],
)
def test_code_and_line(values, code, line):
    grid = Grid.from_values(values)
    assert (grid.code, grid.line, str(grid)) == (code, line, line)


@pytest.mark.parametrize(
    ("cells", "size"), [(16, 4), (36, 6), (81, 9), (144, 12), (256, 16), (625, 25)]
)
def test_from_values_takes_the_shape_from_the_count(cells, size):
    grid = Grid.from_values([0] * cells)
    assert (grid.size, grid.shape) == (size, SHAPES[size])


@pytest.mark.parametrize("count", [0, 1, 15, 17, 80, 82, 624, 626])
def test_from_values_refuses_a_count_that_fits_no_size(count):
    with pytest.raises(PuzzleError) as raised:
        Grid.from_values([0] * count)
    message = f"a grid has 16, 36, 81, 144, 256 or 625 cells, not {count}"
    assert raised.value.message == str(raised.value) == message


@pytest.mark.parametrize(
    ("size", "count"), [(4, 0), (4, 15), (4, 17), (9, 16), (9, 80), (16, 625), (25, 256)]
)
def test_a_grid_refuses_cells_that_do_not_fill_its_shape(size, count):
    with pytest.raises(
        PuzzleError, match=rf"^a {size}x{size} grid has {size**2} cells, not {count}$"
    ):
        Grid(SHAPES[size], (0,) * count)


def test_accessors_read_in_reading_order():
    grid = grid_of(EASY)
    assert grid.givens == sum(char != "." for char in EASY) == 38
    assert not grid.is_complete
    assert grid_of(EASY_SOLUTION).is_complete
    assert grid.value(0, 0) == 5
    assert grid.value(0, 8) == 6
    assert grid.value(8, 3) == 9
    assert grid.value(1, 0) == 0
    assert grid.rows()[2] == (4, 0, 7, 1, 2, 0, 0, 0, 3)
    assert len(grid.rows()) == 9


def _with(line: str, index: int, char: str) -> str:
    """`line` with one character replaced."""
    return line[:index] + char + line[index + 1 :]


def _swap(line: str, i: int, j: int) -> str:
    """`line` with two characters swapped."""
    chars = list(line)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


# Rows and columns all hold 1-9 but boxes do not: each row is the one above shifted by one.
LATIN_NOT_SUDOKU = "".join("123456789"[r:] + "123456789"[:r] for r in range(9))


@pytest.mark.parametrize(
    ("solution", "puzzle", "expected"),
    [
        pytest.param(EASY_SOLUTION, EASY, True, id="the known solution"),
        pytest.param(EASY_SOLUTION, "." * 81, True, id="any valid grid solves the empty one"),
        pytest.param(EASY_SOLUTION, EASY_SOLUTION, True, id="a full grid solves itself"),
        pytest.param(_with(EASY_SOLUTION, 80, "."), EASY, False, id="one blank left"),
        pytest.param(_with(EASY_SOLUTION, 80, "8"), EASY, False, id="one wrong digit"),
        pytest.param(_swap(EASY_SOLUTION, 1, 2), "." * 81, False, id="two digits swapped in a row"),
        pytest.param(EASY_SOLUTION, _with(EASY, 1, "1"), False, id="a given not kept"),
        pytest.param(LATIN_NOT_SUDOKU, "." * 81, False, id="rows and columns but not boxes"),
        pytest.param("231546564321153264426153345612612435", EASY, False, id="another shape"),
        pytest.param("231546564321153264426153345612612435", "23.54." + "." * 30, True, id="6x6"),
        pytest.param("1234341221434321", "." * 16, True, id="4x4"),
    ],
)
def test_is_solution(solution, puzzle, expected):
    assert is_solution(grid_of(solution), Puzzle(grid_of(puzzle))) is expected


def test_the_latin_square_really_is_latin():
    """Guards the table: only its boxes are wrong."""
    rows = [LATIN_NOT_SUDOKU[i : i + 9] for i in range(0, 81, 9)]
    assert all(set(row) == set("123456789") for row in rows)
    assert all(set(column) == set("123456789") for column in zip(*rows, strict=True))


sizes = st.sampled_from(sorted(SHAPES))


@st.composite
def solutions(draw) -> Grid:
    """A valid complete grid of any size: the pattern, rows shuffled in bands, values renamed."""
    size = draw(sizes)
    shape = SHAPES[size]
    band_order = draw(st.permutations(range(size // shape.box_rows)))
    rows = [
        band * shape.box_rows + r
        for band in band_order
        for r in draw(st.permutations(range(shape.box_rows)))
    ]
    labels = list(draw(st.permutations(range(1, size + 1))))
    return pattern(size, rows, labels)


@given(solutions(), st.data())
def test_every_valid_grid_solves_any_puzzle_cut_from_it(solution, data):
    keep = data.draw(
        st.lists(st.booleans(), min_size=len(solution.cells), max_size=len(solution.cells))
    )
    puzzle = Grid(
        solution.shape, tuple(v if k else 0 for v, k in zip(solution.cells, keep, strict=True))
    )
    assert is_solution(solution, Puzzle(puzzle))


@given(solutions(), st.data())
def test_changing_one_cell_breaks_a_solution(solution, data):
    index = data.draw(st.integers(0, len(solution.cells) - 1))
    other = data.draw(st.integers(1, solution.size).filter(lambda v: v != solution.cells[index]))
    cells = list(solution.cells)
    cells[index] = other
    broken = Grid(solution.shape, tuple(cells))
    assert not is_solution(broken, Puzzle(Grid(solution.shape, (0,) * len(cells))))


@given(solutions())
def test_code_and_line_agree_except_for_blanks(solution):
    cells = tuple(0 if i % 3 == 0 else v for i, v in enumerate(solution.cells))
    grid = Grid(solution.shape, cells)
    assert len(grid.code) == len(grid.line) == grid.shape.cell_count
    assert grid.line.replace(".", "0") == grid.code
    assert grid.givens == sum(1 for v in cells if v)
