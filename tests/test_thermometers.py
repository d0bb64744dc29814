"""Thermometers (webapp/sudoku/thermometers.py, the registry's "T"): a malformed one is
refused with a named, located message, from a link too; a puzzle's thermometers live in its
share code and are read from and written back to f-puzzles JSON; the logic's related-pair
step reads a thermometer running up the grid the right way round. Real thermometer puzzles
solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json

import pytest

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.thermometers import thermometer_problem
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

EMPTY = Grid(SHAPES[9], (0,) * 81)


def cells(*names: str) -> tuple[int, ...]:
    """The reading-order cells of names such as "R1C2" on a 9x9."""
    found = []
    for name in names:
        row, _, column = name.upper().removeprefix("R").partition("C")
        found.append((int(row) - 1) * 9 + int(column) - 1)
    return tuple(found)


def thermometer_puzzle(*lines: tuple[int, ...]) -> Puzzle:
    """An empty 9x9 with thermometers over `lines`, each bulb first."""
    return Puzzle(EMPTY, Rules(lines=tuple(Line("T", each) for each in lines), line_size=9))


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("R1C1", "R1C2", "R1C1"), "thermometer from r1c1 runs through r1c1 twice"),
        (("R1C1", "R3C3"), "thermometer from r1c1: cells r1c1 and r3c3 are not neighbours"),
        (("R2C2",), "thermometer from r2c2 has only its bulb"),
    ],
)
def test_a_malformed_thermometer_is_said_where_it_is(names, message) -> None:
    assert thermometer_problem(9, cells(*names)) == message


def test_a_link_with_a_malformed_thermometer_is_refused_naming_it() -> None:
    data = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "thermometer": [{"lines": [["R1C1", "R3C3"]]}],
    }
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(json.dumps(data))


def test_thermometers_survive_the_share_code() -> None:
    puzzle = thermometer_puzzle(cells("R2C1", "R1C1", "R1C2"), cells("R9C9", "R8C8"))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_thermometers_are_written_back_to_fpuzzles_json() -> None:
    puzzle = thermometer_puzzle(cells("R5C5", "R4C4", "R3C4"))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_a_thermometer_puzzle_is_refused_when_its_line_breaks() -> None:
    with pytest.raises(PuzzleError, match="thermometer from r1c1 runs through r1c2 twice"):
        thermometer_puzzle(cells("R1C1", "R1C2", "R1C3", "R1C2"))


def test_a_nine_cell_thermometer_fixes_its_row() -> None:
    puzzle = thermometer_puzzle(cells(*(f"R1C{column}" for column in range(9, 0, -1))))
    result = solve(puzzle, max_solutions=2)
    assert result.solutions[0].cells[:9] == (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_the_related_pair_step_reads_a_thermometer_running_up_the_grid() -> None:
    # Bulb r2c1 under its tip r1c1: r1c1 must be greater, so 1 goes from r1c1 and 9 from r2c1.
    position = Position.from_puzzle(thermometer_puzzle(cells("R2C1", "R1C1")))
    gone = {each for step in relation_pairs(position) for each in step.eliminations}
    assert {(0, 1), (9, 9)} <= gone


def test_a_board_draws_the_bulb_and_both_halves_of_each_step() -> None:
    drawn = drawn_cells(thermometer_puzzle(cells("R1C1", "R2C2", "R2C3")).geometry)
    parts = [drawn[cell].line_parts for cell in cells("R1C1", "R2C2", "R2C3")]
    assert parts == [
        (LinePart("thermometer", "bulb"), LinePart("thermometer", "to-below-right")),
        (LinePart("thermometer", "to-above-left"), LinePart("thermometer", "to-right")),
        (LinePart("thermometer", "to-left"),),
    ]


def test_a_screen_reader_hears_which_thermometer_a_cell_is_on() -> None:
    drawn = drawn_cells(thermometer_puzzle(cells("R1C1", "R1C2")).geometry)
    assert (drawn[0].spoken, drawn[1].spoken) == (", thermometer bulb", ", thermometer from r1c1")


def test_the_board_says_the_thermometers_rule_below_its_caption() -> None:
    geometry = thermometer_puzzle(cells("R1C1", "R1C2")).geometry
    assert rule_legend(geometry) == (RULE_KINDS["T"].rule,)


def test_the_solve_page_draws_the_thermometer_on_its_boards(client) -> None:
    puzzle = thermometer_puzzle(cells("R1C1", "R1C2", "R1C3"))
    html = client.get(f"/solve/{puzzle.code}").text  # two solutions' boards
    assert html.count('<span class="line-part thermometer bulb" aria-hidden="true">') == 2


def test_a_step_up_a_thermometer_is_worded_from_its_bulb() -> None:
    puzzle = thermometer_puzzle(cells("R2C1", "R1C1"))
    position = Position.from_puzzle(puzzle)
    step = next(step for step in relation_pairs(position) if (0, 1) in step.eliminations)
    assert relation_pair_sentence(puzzle.geometry, step).startswith(
        "r2c1 is before r1c1 on a thermometer, so it is smaller;"
    )


def test_givens_that_do_not_rise_along_a_thermometer_are_said_to_clash() -> None:
    grid = Grid(SHAPES[9], (5, 3) + (0,) * 79)
    puzzle = Puzzle(grid, Rules(lines=(Line("T", cells("R1C1", "R1C2")),), line_size=9))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c2 follow each other on a thermometer: 5 then 3 does not rise"
    ]


def test_uniqueness_techniques_stay_off_under_thermometers() -> None:
    puzzle = thermometer_puzzle(cells("R1C1", "R1C2"))
    assert not Position.from_puzzle(puzzle, unique=True).unique
