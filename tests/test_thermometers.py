"""Thermometers (webapp/sudoku/thermometers.py): a malformed one is refused with a named,
located message; its relations make the search keep the rise along it, so a real
thermometer puzzle solves to its published solution; the logic's related-pair step reads
a thermometer running up the grid the right way round."""

from __future__ import annotations

import json

import pytest

from webapp.sudoku import SHAPES, Grid, PuzzleError
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.solver import Search, decode, initial_state
from webapp.sudoku.thermometers import Thermometer, read_thermometer, thermometer_relations

from puzzles import DATA


def cells(size: int, *names: str) -> tuple[int, ...]:
    """The reading-order cells of names such as "R1C2" on a size x size grid."""
    found = []
    for name in names:
        row, _, column = name.upper().removeprefix("R").partition("C")
        found.append((int(row) - 1) * size + int(column) - 1)
    return tuple(found)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("R1C1", "R1C2", "R1C1"), "thermometer from r1c1 runs through r1c1 twice"),
        (("R1C1", "R3C3"), "thermometer from r1c1: cells r1c1 and r3c3 are not neighbours"),
        (("R2C2",), "thermometer from r2c2 has only its bulb"),
    ],
)
def test_a_malformed_thermometer_is_refused_where_it_is(names, message) -> None:
    with pytest.raises(PuzzleError, match=message):
        read_thermometer(9, cells(9, *names))


def solutions_under(thermometers: tuple[Thermometer, ...], grid: Grid) -> list[str]:
    """Up to two solutions of `grid` under its standard units and `thermometers`."""
    shape = grid.shape
    geometry = standard_geometry(shape).with_relations(thermometer_relations(shape, thermometers))
    board = bitboard_for(geometry)
    search = Search(board, 2, 100_000, initial_state(board, grid))
    search.run(float("inf"))
    return [decode(board, shape, alive).code for alive in search.solutions]


def real_thermometer_puzzle() -> tuple[tuple[Thermometer, ...], Grid, str]:
    """ "Frost" (github.com/kinnison/kaji, MIT; tests/data/links/README.md): a 6x6 of
    thermometers, its givens and its published solution."""
    data = json.loads((DATA / "links" / "frost.json").read_text())
    size = data["size"]
    shape = SHAPES[size]
    thermometers = tuple(
        read_thermometer(size, cells(size, *line))
        for each in data["thermometer"]
        for line in each["lines"]
    )
    givens = [
        cell.get("value", 0) if cell.get("given") else 0 for row in data["grid"] for cell in row
    ]
    return thermometers, Grid(shape, tuple(givens)), "".join(str(d) for d in data["solution"])


def test_a_real_thermometer_puzzle_solves_once_to_its_published_solution() -> None:
    thermometers, grid, solution = real_thermometer_puzzle()
    assert solutions_under(thermometers, grid) == [solution]


def test_the_related_pair_step_reads_a_thermometer_running_up_the_grid() -> None:
    shape = SHAPES[9]
    # Bulb r2c1 under its tip r1c1: r1c1 must be greater, so 1 goes from r1c1 and 9 from r2c1.
    relations = thermometer_relations(shape, (Thermometer(cells(9, "R2C1", "R1C1")),))
    position = Position.from_puzzle(Puzzle(Grid(shape, (0,) * 81)))
    # The position's geometry stands in for a puzzle's own until puzzles carry thermometers.
    object.__setattr__(position, "geometry", standard_geometry(shape).with_relations(relations))
    gone = {each for step in relation_pairs(position) for each in step.eliminations}
    assert (0, 1) in gone and (9, 9) in gone
