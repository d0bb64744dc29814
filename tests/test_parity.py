"""Even and odd cells (webapp/sudoku/parity.py and their registry entries): read from
f-puzzles' `even` and `odd` keys, said to clash with a given of the other parity, and worded
in the logic's step."""

from __future__ import annotations

import json

from webapp.explanations.relations import cell_rule_sentence
from webapp.sudoku import SHAPES, Grid
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links.fpuzzles import read_json
from webapp.sudoku.logic.cell_rules import cell_rules
from webapp.sudoku.logic.position import Position
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import MarkedCells
from webapp.wording import conflict_message


def parity_puzzle(even: tuple[int, ...], odd: tuple[int, ...], grid=(0,) * 81) -> Puzzle:
    """A 9x9 with `even` cells and `odd` cells marked."""
    cells = (MarkedCells("E", even), MarkedCells("O", odd))
    return Puzzle(Grid(SHAPES[9], grid), Rules(cells=cells, cell_size=9))


def test_fpuzzles_even_and_odd_keys_are_read_as_their_kinds() -> None:
    data = {
        "size": 9,
        "grid": [[{}] * 9] * 9,
        "even": [{"cell": "R1C1"}],
        "odd": [{"cell": "R9C9"}, {"cell": "R1C2"}],
    }
    assert read_json(json.dumps(data)).rules == parity_puzzle((0,), (1, 80)).rules


def test_givens_of_the_other_parity_are_said_to_clash() -> None:
    puzzle = parity_puzzle((0,), (1,), grid=(3, 4) + (0,) * 79)
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 is shaded even: 3 is odd",
        "r1c2 is circled odd: 4 is even",
    ]


def test_an_even_cells_step_names_the_odd_digits_it_removes() -> None:
    puzzle = parity_puzzle((0,), ())
    step = next(cell_rules(Position.from_puzzle(puzzle)))
    assert cell_rule_sentence(puzzle.geometry, step) == (
        "r1c1 is an even cell, so it is not 1, 3, 5, 7 or 9"
    )
