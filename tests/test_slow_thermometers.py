"""Slow thermometers, the registry's second lined kind (rulebook.py "S", its words in
webapp/sudoku/thermometers.py): digits rise or stay level from the bulb. Added as one entry
and two functions, it is solved, kept in the share code, drawn and worded through the paths
thermometers made."""

from __future__ import annotations

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, solve
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import Line
from webapp.sudoku.thermometers import slow_thermometer_problem
from webapp.web.variant_drawing import LinePart, drawn_cells

EMPTY = Grid(SHAPES[4], (0,) * 16)


def slow_puzzle(*lines: tuple[int, ...], grid: Grid = EMPTY) -> Puzzle:
    """`grid` with slow thermometers over `lines`, each bulb first."""
    size = grid.size
    return Puzzle(grid, Rules(lines=tuple(Line("S", each) for each in lines), line_size=size))


def test_a_slow_thermometer_keeps_a_level_step_a_thermometer_refuses() -> None:
    # r1c2 and r2c3 touch at a corner and share no row, column or box of a 4x4.
    result = solve(slow_puzzle((1, 6)), max_solutions=300)
    assert any(found.cells[1] == found.cells[6] for found in result.solutions)


def test_a_slow_thermometer_never_falls() -> None:
    result = solve(slow_puzzle((0, 5, 6, 11)), max_solutions=300)
    digits = [[found.cells[cell] for cell in (0, 5, 6, 11)] for found in result.solutions]
    assert digits and all(line == sorted(line) for line in digits)


def test_slow_thermometers_survive_the_share_code() -> None:
    puzzle = slow_puzzle((15, 10, 5, 0))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_a_malformed_slow_thermometer_is_said_where_it_is() -> None:
    assert (
        slow_thermometer_problem(4, (0, 1, 0))
        == "slow thermometer from r1c1 runs through r1c1 twice"
    )


def test_a_board_draws_a_slow_thermometers_bulb() -> None:
    drawn = drawn_cells(slow_puzzle((0, 1)).geometry)
    assert drawn[0].line_parts[0] == LinePart("slow-thermometer", "bulb")


def test_a_slow_thermometers_step_is_worded_by_its_entry() -> None:
    # r2c1 holds 3, so r1c1 after it on the line cannot be 1 or 2.
    puzzle = slow_puzzle((4, 0), grid=Grid(SHAPES[4], (0,) * 4 + (3,) + (0,) * 11))
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert "r2c1 is before r1c1 on a slow thermometer" in relation_pair_sentence(
        puzzle.geometry, step
    )
