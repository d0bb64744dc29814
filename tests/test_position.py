"""A position's masks (each value's places, the placed cells, the open cells) are carried
from one position to the next as steps are applied: they must be what working them out
afresh gives."""

from __future__ import annotations

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import Position, find_path
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines

MASKS = ("value_cells", "placed_cells", "open_cells")


def afresh(position: Position) -> Position:
    """The same grid and candidates, with nothing worked out yet."""
    return Position(position.puzzle, position.values, position.candidates, position.unique)


def expert_puzzles() -> list[str]:
    return [fields[0] for fields in data_lines("qqwing_graded_sample.txt") if fields[1] == "expert"]


@pytest.mark.parametrize("puzzle", expert_puzzles()[:8])
def test_carried_masks_match_masks_worked_out_afresh(puzzle):
    path = find_path(Puzzle(parse(puzzle)), unique=True)
    position = Position.from_puzzle(Puzzle(parse(puzzle)), unique=True)
    for name in MASKS:
        getattr(position, name)  # worked out here, carried from here on
    for step in path.steps:
        position = step.apply(position)
        assert all(name in position.__dict__ for name in MASKS), step.technique
        fresh = afresh(position)
        for name in MASKS:
            assert getattr(position, name) == getattr(fresh, name), (name, step.technique)
    assert position.is_solved


def test_a_position_without_worked_out_masks_passes_none_on():
    position = Position.from_puzzle(Puzzle(parse(expert_puzzles()[0])))
    cell = next(cell for cell, mask in enumerate(position.candidates) if mask)
    value = position.candidates[cell].bit_length() - 1
    later = position.place([(cell, value)]).eliminate([])
    assert not any(name in later.__dict__ for name in MASKS)
    assert later.value_cells == afresh(later).value_cells


def test_placing_over_a_filled_cell_moves_it_between_values():
    position = Position.from_puzzle(Puzzle(parse(expert_puzzles()[0])))
    cell = next(cell for cell, value in enumerate(position.values) if value)
    other = position.values[cell] % 9 + 1
    for name in MASKS:
        getattr(position, name)
    later = position.place([(cell, other)])
    for name in MASKS:
        assert getattr(later, name) == getattr(afresh(later), name), name


@pytest.mark.parametrize("puzzle", expert_puzzles()[:3])
def test_cells_with_a_count_of_candidates_are_those_with_that_count(puzzle):
    path = find_path(Puzzle(parse(puzzle)), unique=True)
    position = Position.from_puzzle(Puzzle(parse(puzzle)), unique=True)
    for step in path.steps:
        for fewest, most in ((0, 0), (1, 1), (2, 2), (2, 4), (3, 9)):
            expected = sum(
                1 << cell
                for cell, mask in enumerate(position.candidates)
                if fewest <= mask.bit_count() <= most
            )
            assert position.cells_with(fewest, most) == expected
        position = step.apply(position)
