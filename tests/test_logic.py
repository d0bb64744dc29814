"""The logic engine: singles, intersections, subsets and fish, checked against HoDoKu and solving.

HoDoKu's regression library gives, for each case, a pencil-mark position and
exactly what one technique must remove or place there (or, for a "-x" case, that
it must find nothing). That no step of an easiest-first path ever removes the
solution's value or places a wrong one, over puzzles relabelled and permuted at
random, is test_soundness.py's.
"""

from __future__ import annotations

import random

import pytest

from webapp.explanations import cell_name, sentence
from webapp.sudoku import SHAPES, Grid, solve
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import BY_SLUG, SOLVED, find_path
from webapp.sudoku.puzzle import Puzzle

from positions import blanked, stuck_positions, wrong_moves
from reglib import cases, check

# HoDoKu's codes for the techniques this engine has, by our slug.
CODES = {
    "0000": "full-house",
    "0002": "hidden-single",
    "0003": "naked-single",
    "0100": "pointing",
    "0101": "claiming",
    "0110": "locked-pair",
    "0111": "locked-triple",
    "0200": "naked-pair",
    "0201": "naked-triple",
    "0202": "naked-quad",
    "0210": "hidden-pair",
    "0211": "hidden-triple",
    "0212": "hidden-quad",
    "0300": "x-wing",
    "0301": "swordfish",
    "0302": "jellyfish",
    "0310": "finned-x-wing",
    "0311": "finned-swordfish",
    "0312": "finned-jellyfish",
    "0320": "sashimi-x-wing",
    "0321": "sashimi-swordfish",
    "0322": "sashimi-jellyfish",
    "0400": "skyscraper",
    "0401": "two-string-kite",
    "0402": "empty-rectangle",
    "0403": "turbot-fish",
    "0800": "xy-wing",
    "0801": "xyz-wing",
    "0803": "w-wing",
}


@pytest.mark.parametrize("case", cases(CODES))
def test_hodoku_regression_case(case):
    check(case, BY_SLUG[CODES[case.code]], CODES[case.code])


def test_boxes_of_2x3_and_3x4_get_their_singles_and_intersections():
    # A 6x6 and a 12x12 made from the solver's answers for empty grids, a third of the cells
    # blanked: their paths reach the answer.
    for size in (6, 12):
        shape = SHAPES[size]
        answer = solve(Puzzle(Grid(shape, (0,) * shape.cell_count))).solutions[0]
        rng = random.Random(size)
        cells = list(answer.cells)
        for cell in rng.sample(range(shape.cell_count), shape.cell_count // 3):
            cells[cell] = 0
        path = find_path(Puzzle(Grid(shape, tuple(cells))))
        assert path.status == SOLVED
        assert path.end.grid == answer
        assert {step.technique for step in path.steps} >= {"hidden-single"}


# Big grids where locked pairs and triples fire (found by trying seeds).
LOCKED_ON_BIG_GRIDS = [
    ("locked-pair", 12, 0.5, 3),
    ("locked-pair", 16, 0.55, 1),
    ("locked-triple", 16, 0.55, 2),
    ("locked-triple", 16, 0.55, 3),
]


@pytest.mark.parametrize(("slug", "size", "fraction", "seed"), LOCKED_ON_BIG_GRIDS)
def test_locked_subsets_on_big_grids_keep_the_answer_and_are_worded(slug, size, fraction, seed):
    position, answer = blanked(size, fraction, seed)
    steps = list(BY_SLUG[slug](position))
    assert steps
    assert wrong_moves(position, answer, steps) == []
    for step in steps:
        assert len(step.units) >= 2  # it clears two units at once, or it is a naked subset
        text = sentence(standard_geometry(SHAPES[size]), step)
        assert text.startswith("Locked ")
        assert all(cell_name(SHAPES[size], cell) in text for cell, _ in step.eliminations)


@pytest.mark.parametrize("slug", ["locked-pair", "locked-triple"])
def test_locked_subsets_never_remove_an_answer_value(slug):
    for position, answer in stuck_positions():
        assert wrong_moves(position, answer, BY_SLUG[slug](position)) == []
