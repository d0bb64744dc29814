"""Alphabets: Hexadoku (0-F) 16x16 grids told apart, read, refused when mixed, written back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku import SHAPES, Grid, solve
from webapp.sudoku.alphabet import HEX, STANDARD, written
from webapp.sudoku.errors import PuzzleError
from webapp.sudoku.parse import parse, read
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines

# The janko 16x16 puzzles with their answers, in the standard alphabet (1-9, A-G).
JANKO = [(fields[0], fields[-1]) for fields in data_lines("engine_16x16_answers.txt")]
# 1-G to 0-F, as `tr '123456789ABCDEFG' '0123456789ABCDEF'` writes a Hexadoku.
TO_HEX = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")


@pytest.mark.parametrize(("puzzle", "answer"), JANKO[:10])
def test_a_hexadoku_with_a_0_is_read_as_0_to_f_and_solved(puzzle, answer):
    hexadoku = puzzle.translate(TO_HEX)
    assert "0" in hexadoku and "." in hexadoku
    read_in, alphabet = read(hexadoku)
    assert alphabet == HEX and read_in.grid == parse(puzzle)
    result = solve(read_in)
    assert result.status == "solved" and result.solution == parse(answer)
    assert written(result.solution, HEX) == answer.translate(TO_HEX)


def test_without_a_0_it_takes_being_told():
    puzzle = JANKO[0][0].replace("1", ".")  # its hex form has no 0
    hexadoku = puzzle.translate(TO_HEX)
    assert "0" not in hexadoku
    assert read(hexadoku).alphabet == STANDARD  # nothing tells it apart: read as 1-G
    assert read(hexadoku, HEX) == (Puzzle(parse(puzzle)), HEX)


@pytest.mark.parametrize(
    ("text", "alphabet", "message"),
    [
        pytest.param(
            JANKO[0][0].translate(TO_HEX)[:-1] + "G",
            None,
            "line 1, column 256: 'G' cannot be read beside the 0 at line 1, column",
            id="0 and G",
        ),
        pytest.param(
            "1" * 81, HEX, "the hex alphabet (0-F) is for 16x16 grids of 256 cells; this one has 81"
        ),
        pytest.param(
            "." * 255 + "G",
            HEX,
            "line 1, column 256: 'G' is not a symbol of a 16x16 grid written 0-F",
            id="G in hex",
        ),
        pytest.param("." * 81, "klingon", "the alphabet is one of standard, hex, not 'klingon'"),
    ],
)
def test_what_cannot_be_read_says_why(text, alphabet, message):
    with pytest.raises(PuzzleError) as caught:
        read(text, alphabet)
    assert caught.value.message.startswith(message)


def test_a_standard_grid_keeps_its_0_blanks():
    line = JANKO[0][0]
    code = parse(line).code  # "0" for blanks, no "."
    assert read(code) == (Puzzle(parse(line)), STANDARD)


hex_grids = st.lists(st.integers(0, 16), min_size=256, max_size=256).map(
    lambda cells: Grid(SHAPES[16], tuple(cells))
)


@given(hex_grids)
def test_any_16x16_written_0_to_f_reads_back(grid):
    line = written(grid, HEX)
    assert read(line, HEX) == (Puzzle(grid), HEX)
    if "0" in line and "." in line:
        assert read(line) == (Puzzle(grid), HEX)
    assert read(written(grid, STANDARD)).grid == grid
