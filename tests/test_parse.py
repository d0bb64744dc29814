"""parse: every format people paste, every way it can go wrong, and properties for all text."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku.errors import PuzzleError
from webapp.sudoku.grid import Grid
from webapp.sudoku.parse import MAX_LENGTH, parse
from webapp.sudoku.shape import SHAPES, SHAPES_BY_CELLS, SYMBOLS

from puzzles import EASY_SS, FOUR, SEED_EASY, SIX


def grid_of(line: str) -> Grid:
    """The expected grid for a one-line string in the canonical form: upper case, "." blank."""
    values = [0 if char == "." else SYMBOLS.index(char) + 1 for char in line]
    return Grid(SHAPES_BY_CELLS[len(values)], tuple(values))


# The "easy" newspaper puzzle from the seed documents, written out by hand in each layout.
EASY = SEED_EASY

EASY_ROWS = """\
5...8.1.6
....73284
4.712...3
7.926....
..3.45.1.
..1...625
.9.7.4.3.
.7...289.
1259.....
"""

EASY_BOXED = """\
+-------+-------+-------+
| 5 0 0 | 0 8 0 | 1 0 6 |
| 0 0 0 | 0 7 3 | 2 8 4 |
| 4 0 7 | 1 2 0 | 0 0 3 |
+-------+-------+-------+
| 7 0 9 | 2 6 0 | 0 0 0 |
| 0 0 3 | 0 4 5 | 0 1 0 |
| 0 0 1 | 0 0 0 | 6 2 5 |
+-------+-------+-------+
| 0 9 0 | 7 0 4 | 0 3 0 |
| 0 7 0 | 0 0 2 | 8 9 0 |
| 1 2 5 | 9 0 0 | 0 0 0 |
+-------+-------+-------+
"""

SIXES = SIX
FOURS = FOUR
TWELVES = (
    "1....6....BC...8....1.3..A....3..6.8....6...AB....8....1....A....34...8....6.8.."
    "B....8..B.1....6...23....8....6....B....89...1....6.C..3....8..B"
)
SIXTEENS = (
    "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2."
    "..C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......"
    "D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8"
    "BC3....954."
)
TWENTYFIVES = (
    "...G...9..4.....6F..L8...CEIN.HDM.OF.1L..A..9PJ.4......A...L..JBN.2.D.1...HP49...J"
    "B23.AD..7E..C5F...A1H....F.N5....I.BL...26.....7..C.6...H4B..1....I5.F.P...I..B..7"
    ".5.L...9....L6A...5OF.8P...K.NE..734B2.E..L...1J.5....O7.K.APO.5.CB1.P....3EM....2"
    "L.H.2..MJ.A...9.3.7......P.8C.....CF.DPG62N.E...OH.M.J.DL..OM..IE.B8..NH...3..K.CO"
    "1F.B.N.AH..P.78.JE...DE..6.....H......4M.KIB9..N.J..6......C..1.5.G..H.....75LG..."
    "6..1..CI..4.E..9K..6.....HGN.O2P.4.......OA..IP849...2.K3...7GN....G....N...P.D9.."
    "..A...C1J...M.NAFE.4..23.7....8L......J.H9CD1LP..GO....4ME48NK..5.M......JL......."
    "9.I.OG....835.A.DH..P.....35......L.J..E....8IG.67B"
)


def test_the_hand_written_layouts_agree_with_the_line():
    """Guards the tables below: the layouts hold the same cells as EASY."""
    for layout in (EASY_ROWS, EASY_SS, EASY_BOXED.replace("0", ".")):
        assert "".join(c for c in layout if c not in "|-+ \n") == EASY


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(EASY, EASY, id="one line with dots"),
        pytest.param(EASY.replace(".", "0"), EASY, id="one line with zeros"),
        pytest.param(EASY[:40].replace(".", "0") + EASY[40:], EASY, id="dots and zeros mixed"),
        pytest.param(f"  {EASY}\n\n", EASY, id="surrounding whitespace"),
        pytest.param(EASY_ROWS, EASY, id="nine rows"),
        pytest.param(EASY_ROWS.replace("\n", "\r\n"), EASY, id="windows line endings"),
        pytest.param(EASY_ROWS.replace("\n", "\r"), EASY, id="old mac line endings"),
        pytest.param(EASY_SS, EASY, id=".ss with rules"),
        pytest.param(EASY_BOXED, EASY, id="box drawing with spaces and zeros"),
        pytest.param(" ".join(EASY), EASY, id="spaces between cells"),
        pytest.param("\t".join(EASY), EASY, id="tabs between cells"),
        pytest.param("\u00a0".join(EASY), EASY, id="no-break spaces from a web page"),
        pytest.param("23.54. .6.... 1..... .....3 ....1. .12.35", SIXES, id="6x6 sample"),
        pytest.param("23.54.\n.6....\n1.....\n.....3\n....1.\n.12.35", SIXES, id="6x6 rows"),
        pytest.param(FOURS, FOURS, id="4x4"),
        pytest.param("0321003004002100", FOURS, id="4x4 with zeros"),
        pytest.param("03|21\n00|30\n--+--\n04|00\n21|00", FOURS, id="4x4 .ss"),
        pytest.param(TWELVES, TWELVES, id="12x12"),
        pytest.param(TWELVES.lower(), TWELVES, id="12x12 lower case"),
        pytest.param(SIXTEENS, SIXTEENS, id="16x16"),
        pytest.param(SIXTEENS.lower(), SIXTEENS, id="16x16 lower case"),
        pytest.param(SIXTEENS.replace(".", "0"), SIXTEENS, id="16x16 with zeros"),
        pytest.param(TWENTYFIVES, TWENTYFIVES, id="25x25"),
        pytest.param(TWENTYFIVES.lower(), TWENTYFIVES, id="25x25 lower case"),
        pytest.param("." * 81, "." * 81, id="empty 9x9 grid"),
        pytest.param(" " * (MAX_LENGTH - 81) + EASY, EASY, id="exactly the longest text"),
    ],
)
def test_accepted_formats(text, expected):
    assert parse(text) == grid_of(expected)


def _easy_rows_with(row: int, column: int, char: str) -> str:
    """EASY_ROWS with the character at a 1-based (row, column) replaced."""
    rows = EASY_ROWS.splitlines()
    line = rows[row - 1]
    rows[row - 1] = line[: column - 1] + char + line[column:]
    return "\n".join(rows)


@pytest.mark.parametrize(
    ("text", "message", "line", "column", "cells"),
    [
        pytest.param("", "the puzzle is empty", None, None, (), id="empty"),
        pytest.param(" \n\t\n", "the puzzle is empty", None, None, (), id="only whitespace"),
        pytest.param("---+---+---\n|||", "the puzzle is empty", None, None, (), id="only rules"),
        pytest.param(EASY[:-1], "expected 81 cells, found 80", None, None, (), id="one short"),
        pytest.param(EASY + "1", "expected 81 cells, found 82", None, None, (), id="one over"),
        pytest.param(
            EASY[:-1],
            "a puzzle has 16, 36, 81, 144, 256 or 625 cells",
            None,
            None,
            (),
            id="names the sizes",
        ),
        pytest.param("1234", "expected 16 cells, found 4", None, None, (), id="tiny"),
        pytest.param("." * 100, "expected 81 cells, found 100", None, None, (), id="near 81"),
        pytest.param("." * 130, "expected 144 cells, found 130", None, None, (), id="near 144"),
        pytest.param("." * 900, "expected 625 cells, found 900", None, None, (), id="too many"),
        pytest.param(
            _easy_rows_with(4, 7, "x"),
            "line 4, column 7: 'x' is not a symbol of a 9x9 grid",
            4,
            7,
            ((4, 7),),
            id="stray letter",
        ),
        pytest.param(
            _easy_rows_with(9, 9, "A"),
            "line 9, column 9: 'A' is not a symbol of a 9x9 grid (symbols are 1-9;",
            9,
            9,
            ((9, 9),),
            id="letter in a 9x9 grid",
        ),
        pytest.param(
            EASY_SS.replace("7.9|26.|...", "7.9|26*|..."),
            "line 5, column 7: '*' is not a symbol of a 9x9 grid",
            5,
            7,
            ((4, 6),),
            id="position in the original .ss text",
        ),
        pytest.param(
            "\n\n" + EASY.replace("3", "_", 1),
            "line 3, column 15: '_' is not a symbol",
            3,
            15,
            ((2, 6),),
            id="underscore blank",
        ),
        pytest.param(
            "." * 80 + "\x00",
            r"'\x00' is not a symbol of a 9x9 grid",
            1,
            81,
            ((9, 9),),
            id="control character shown escaped",
        ),
        pytest.param(
            FOURS[:-1] + "5",
            "'5' is not a symbol of a 4x4 grid (symbols are 1-4;",
            1,
            16,
            ((4, 4),),
            id="5 in a 4x4 grid",
        ),
        pytest.param(
            SIXES.replace("5", "7", 1),
            "line 1, column 4: '7' is not a symbol of a 6x6 grid",
            1,
            4,
            ((1, 4),),
            id="7 in a 6x6 grid",
        ),
        pytest.param(
            TWELVES.replace("A", "D", 1),
            "'D' is not a symbol of a 12x12 grid (symbols are 1-9 and A-C;",
            1,
            TWELVES.index("A") + 1,
            ((TWELVES.index("A") // 12 + 1, TWELVES.index("A") % 12 + 1),),
            id="D in a 12x12 grid",
        ),
        pytest.param(
            "h" + SIXTEENS[1:],
            "line 1, column 1: 'h' is not a symbol of a 16x16 grid (symbols are 1-9 and A-G;",
            1,
            1,
            ((1, 1),),
            id="h in a 16x16 grid",
        ),
        pytest.param(
            "Q" + TWENTYFIVES[1:],
            "'Q' is not a symbol of a 25x25 grid (symbols are 1-9 and A-P;",
            1,
            1,
            ((1, 1),),
            id="Q in a 25x25 grid",
        ),
        pytest.param(
            "Puzzle: " + EASY,
            "line 1, column 2: 'u' is not a Sudoku symbol",
            1,
            2,
            (),
            id="a label makes the count wrong",
        ),
        pytest.param(
            "." * (MAX_LENGTH + 1),
            "the text is 10,001 characters long; a puzzle takes at most 10,000",
            None,
            None,
            (),
            id="too long",
        ),
    ],
)
def test_errors(text, message, line, column, cells):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    error = caught.value
    assert message in error.message
    assert str(error) == error.message
    assert (error.line, error.column, error.cells) == (line, column, cells)


def test_the_length_cap_comes_before_any_reading():
    """A huge paste is refused by its length alone, whatever it holds."""
    with pytest.raises(PuzzleError, match="characters long"):
        parse(EASY + "x" * MAX_LENGTH)


shapes = st.sampled_from(sorted(SHAPES.values(), key=lambda shape: shape.size))


@st.composite
def grids(draw) -> Grid:
    """Any grid of any size: values need not make a valid puzzle, parse does not care."""
    shape = draw(shapes)
    values = draw(
        st.lists(st.integers(0, shape.size), min_size=shape.cell_count, max_size=shape.cell_count)
    )
    return Grid(shape, tuple(values))


@given(st.text())
def test_any_text_is_a_grid_or_a_puzzle_error(text):
    try:
        grid = parse(text)
    except PuzzleError as error:
        assert error.message
    else:
        # a grid of a real size, its values its symbols or blank, that reads back the same
        assert grid.shape in SHAPES.values()
        assert len(grid.cells) == grid.shape.cell_count
        assert set(grid.cells) <= set(range(grid.size + 1))
        assert parse(grid.code) == grid


@given(st.text(alphabet="0.123456789abcgpqABCGPQxX|-+ \t\n", max_size=700))
def test_puzzle_like_text_is_a_grid_or_a_puzzle_error(text):
    try:
        grid = parse(text)
    except PuzzleError as error:
        assert error.message
    else:
        assert len(grid.cells) == grid.shape.cell_count


@given(grids())
def test_round_trip_through_line_and_code(grid):
    assert parse(grid.line) == grid
    assert parse(grid.code) == grid
    assert parse(grid.line.lower()) == grid


@given(grids(), st.data())
def test_rows_with_spaces_round_trip(grid, data):
    separator = data.draw(st.sampled_from([" ", " | ", "\t"]))
    rows = [
        separator.join(grid.line[i : i + grid.size])
        for i in range(0, grid.shape.cell_count, grid.size)
    ]
    assert parse("\n".join(rows)) == grid


@given(grids(), st.data())
def test_a_bad_character_is_located_exactly(grid, data):
    """Wherever a non-symbol lands in a laid-out grid, line/column/cells point at it."""
    n = grid.size
    index = data.draw(st.integers(0, grid.shape.cell_count - 1))
    bad = data.draw(st.sampled_from("xZ*?#_"))
    line = grid.line[:index] + bad + grid.line[index + 1 :]
    text = "\n".join(" ".join(line[i : i + n]) for i in range(0, n * n, n))
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    error = caught.value
    assert text.splitlines()[error.line - 1][error.column - 1] == bad
    assert error.cells == ((index // n + 1, index % n + 1),)
