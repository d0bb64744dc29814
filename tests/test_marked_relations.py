"""The marks' own deductions (logic/relations.py): a white dot leaves each cell of its pair
only the values one apart from a value the other may hold."""

from __future__ import annotations

from test_marked_logic import SAMPLES

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.rulebook import MarkedPairs


def test_a_white_dot_beside_a_placed_5_leaves_its_pair_only_4_or_6() -> None:
    grid = parse("5" + "." * 80)
    puzzle = Puzzle(grid, Rules(marks=(MarkedPairs("W", ((0, 1),), False),), mark_size=9))
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert step.eliminations == tuple((1, value) for value in (1, 2, 3, 7, 8, 9))


def test_the_marks_steps_keep_every_value_of_the_solution() -> None:
    """Walked to their end on test_marked_logic's 40 marked puzzles, none removes an answer."""
    wrong = []
    for puzzle, answer in SAMPLES:
        solution = [int(char) for char in answer]
        position = Position.from_puzzle(puzzle)
        for _ in range(200):
            step = next(relation_pairs(position), None)
            if step is None:
                break
            wrong += [(cell, v) for cell, v in step.eliminations if solution[cell] == v]
            position = step.apply(position)
    assert wrong == []
