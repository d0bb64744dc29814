"""Split combinations remember the units where they found nothing (logic/split_combinations.py):
a path asks every unit again at each step, and a unit whose cages and cells read the same is
skipped, which never changes a Killer's path (issue 37: rating was most of a Killer's
generation)."""

from __future__ import annotations

import pytest
from killers import random_killer

from webapp.sudoku.logic import Position, find_path
from webapp.sudoku.logic.memo import FRUITLESS, Fruitless
from webapp.sudoku.logic.split_combinations import SPLIT_COMBINATIONS_KEY, split_combinations


def test_a_unit_where_split_combinations_found_nothing_is_remembered():
    puzzle, _ = random_killer(9, 3)
    fruitless = Fruitless()
    list(split_combinations(Position.from_puzzle(puzzle), fruitless))
    assert any(key[0] == SPLIT_COMBINATIONS_KEY for key in fruitless._keys)


@pytest.mark.parametrize("seed", range(4))
def test_a_killer_path_is_the_same_with_nothing_remembered(seed):
    puzzle, _ = random_killer(9, seed)
    FRUITLESS.clear()
    remembering = find_path(puzzle, ceiling=6.0)
    with FRUITLESS.forgetting():
        forgetting = find_path(puzzle, ceiling=6.0)
    assert (remembering.steps, remembering.status) == (forgetting.steps, forgetting.status)
