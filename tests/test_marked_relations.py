"""The marks' own deductions (logic/relations.py): a white dot leaves each cell of its pair
only the values one apart from a value the other may hold."""

from __future__ import annotations

from test_marked_logic import samples

from webapp.explanations import sentence
from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.logic import Position, find_path
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
    for puzzle, answer in samples():
        solution = [int(char) for char in answer]
        position = Position.from_puzzle(puzzle)
        for _ in range(200):
            step = next(relation_pairs(position), None)
            if step is None:
                break
            wrong += [(cell, v) for cell, v in step.eliminations if solution[cell] == v]
            position = step.apply(position)
    assert wrong == []


def test_the_step_says_the_dot_and_what_the_other_cell_holds() -> None:
    """The words come from the white dot's rule entry and name the cell the removals lean on."""
    grid = parse("5" + "." * 80)
    puzzle = Puzzle(grid, Rules(marks=(MarkedPairs("W", ((0, 1),), False),), mark_size=9))
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert sentence(puzzle.geometry, step) == (
        "r1c1 and r1c2 have a white dot: they differ by 1; r1c1 can only be 5, so r1c2"
        " cannot be 1, 2, 3, 7, 8 or 9"
    )


def test_a_marked_puzzles_path_takes_the_marks_own_step() -> None:
    """The path of a marked puzzle reasons from its marks: a related-pair step is in it."""
    puzzle, _ = samples()[0]
    path = find_path(puzzle)
    assert "relation-pair" in {step.technique for step in path.steps}
