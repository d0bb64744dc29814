"""Levels: the band of ratings each level holds, and a path that stops at a ceiling."""

from __future__ import annotations

import math

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import ABOVE, SOLVED, find_path
from webapp.sudoku.logic.levels import LEVEL_NAMES, band, level_of
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY, TOP95_SEVENTH, data_lines


@pytest.mark.parametrize("tenths", range(0, 121))
def test_every_rating_is_in_the_band_of_its_level_alone(tenths):
    rating = tenths / 10
    holding = [level for level in LEVEL_NAMES if band(level)[0] < rating <= band(level)[1]]
    assert holding == [level_of(rating)]


def test_the_bands_run_from_nothing_to_everything():
    assert band(LEVEL_NAMES[0])[0] == -math.inf and band(LEVEL_NAMES[-1])[1] == math.inf


# Every 25th of the SE-rated sample (2.5 to 9.3), Norvig's easy one and top95's seventh:
# ratings from singles to chains.
PUZZLES = [NORVIG_EASY, TOP95_SEVENTH] + [
    line[0] for line in data_lines("se_rated_sample.txt")[::25]
]


@pytest.mark.parametrize("puzzle", PUZZLES)
@pytest.mark.parametrize("ceiling", [1.5, 2.8, 4.0, 6.0])
def test_a_path_with_a_ceiling_is_the_whole_path_up_to_its_first_harder_step(puzzle, ceiling):
    grid = parse(puzzle)
    whole = find_path(Puzzle(grid), unique=True)
    capped = find_path(Puzzle(grid), unique=True, ceiling=ceiling)
    assert whole.status == SOLVED
    assert capped.steps == whole.steps[: len(capped.steps)]
    if whole.rating <= ceiling:
        assert capped.status == SOLVED and capped.steps == whole.steps
    else:
        assert capped.status == ABOVE
        assert whole.steps[len(capped.steps)].difficulty > ceiling
