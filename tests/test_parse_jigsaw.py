"""A Jigsaw pasted as Janko's site shows one (webapp/sudoku/parse.py): the puzzle a row a line,
then its region map a row a line; bad maps are named by line, region and cell, and every
other paste reads as before."""

from __future__ import annotations

import re

import pytest
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SOLVED, PuzzleError, solve
from webapp.sudoku.links import read_link
from webapp.sudoku.parse import read

from puzzles import DATA, NORVIG_EASY


def real_jigsaw():
    """The Jigsaw of tests/data/links/variant_links.txt (a solver's f-puzzles test) and its
    published solution."""
    lines = (DATA / "links" / "variant_links.txt").read_text().splitlines()
    _, solution, url = next(line.split() for line in lines if line.startswith("j "))
    return read_link(url).given, solution


PUZZLE, SOLUTION = real_jigsaw()
LABELS = "".join("ABCDEFGHI"[region] for region in PUZZLE.rules.regions)


def rows(text: str, spaced: bool, blank: str = ".") -> list[str]:
    """`text` (81 characters) as nine rows, a cell between spaces or side by side."""
    cells = [blank if char in ".0" else char for char in text]
    joiner = " " if spaced else ""
    return [joiner.join(cells[r * 9 : r * 9 + 9]) for r in range(9)]


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(rows(PUZZLE.grid.code, spaced=True, blank="-") + [""] + rows(LABELS, True)),
        "\n".join(rows(PUZZLE.grid.code, spaced=False) + rows(LABELS, spaced=False)),
        "\r\n".join(rows(PUZZLE.grid.code, spaced=False) + ["", ""] + rows(LABELS, True)) + "\n",
        "\n".join(
            rows(PUZZLE.grid.code, True)
            + rows(LABELS.translate(str.maketrans("ABCDEFGHI", "123456789")), False)
        ),
    ],
)
def test_a_puzzle_then_its_region_grid_reads_as_the_jigsaw(text):
    reading = read(text)
    assert reading.puzzle == PUZZLE
    result = solve(reading.puzzle)
    assert result.status == SOLVED and result.solution is not None
    assert result.solution.code == SOLUTION
    assert valid_variant_solution(SOLUTION, PUZZLE.grid.code, 9, regions=LABELS)


def test_a_region_grid_of_the_boxes_is_a_classic_puzzle():
    boxes = "".join(str(r // 3 * 3 + c // 3) for r in range(9) for c in range(9))
    reading = read("\n".join(rows(NORVIG_EASY, False) + rows(boxes, False)))
    assert reading.puzzle.rules.classic and reading.grid.line == NORVIG_EASY


def with_labels(labels: str) -> str:
    return "\n".join(rows(PUZZLE.grid.code, False) + [""] + rows(labels, False))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "\n".join(
                rows(PUZZLE.grid.code, False) + [""] + rows(LABELS, False)[:8] + ["ABCDEFGH"]
            ),
            "line 19: row 9 of the region map has 8 labels, not 9",
        ),
        (
            with_labels("I" + LABELS[1:]),
            "the region map (lines 11 to 19): Region I (from r1c1) has",
        ),
        (
            with_labels(LABELS[:40] + "Z" + LABELS[41:]),
            "the region map (lines 11 to 19):",
        ),
        (
            "\n".join(rows("X" + PUZZLE.grid.code[1:], False) + rows(LABELS, False)),
            "line 1, column 1: 'X' is not a symbol of a 9x9 grid",
        ),
    ],
)
def test_a_bad_region_grid_says_which_line_region_and_cells(text, says):
    with pytest.raises(PuzzleError, match=re.escape(says)):
        read(text)


@pytest.mark.parametrize(
    "text",
    [
        NORVIG_EASY,
        "\n".join(rows(NORVIG_EASY, False)),
        "\n".join(rows(NORVIG_EASY, True)),
        "\n".join(
            rows(NORVIG_EASY, False)[:3] + ["------+------+------"] + rows(NORVIG_EASY, False)[3:]
        ),
    ],
)
def test_ordinary_pastes_read_as_before(text):
    reading = read(text)
    assert reading.puzzle.rules.classic and reading.grid.line == NORVIG_EASY
