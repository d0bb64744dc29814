"""WXYZ-wings: a hand-built wing proved by enumeration, soundness, big grids and words.

HoDoKu's library has no WXYZ-wing cases, so the evidence is: a position built
by hand where the wing's conclusion is checked by trying every filling of its
four cells; near misses where it must find nothing; every instance over
positions from real puzzles, and over 6x6 and 12x12 grids, keeping the answer.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from webapp.explanations import cell_name, sentence
from webapp.sudoku import SHAPES, Grid
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import Position
from webapp.sudoku.logic.wings import (
    _area_wings,
    _area_wings_through,
    crossing_masks,
    crossing_units,
    wxyz_wings,
)
from webapp.sudoku.puzzle import Puzzle

from positions import blanked, stuck_positions, wrong_moves

NINE = SHAPES[9]


def cell(name: str) -> int:
    """The 0-based cell of "r2c3" on a 9x9 grid."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def mask(*values: int) -> int:
    """A candidate mask of `values`."""
    return sum(1 << value for value in values)


def position_with(marks: dict[str, tuple[int, ...]]) -> Position:
    """An empty 9x9 grid (every cell open to every value) but for `marks`' cells."""
    empty = Position.from_puzzle(Puzzle(Grid(NINE, (0,) * NINE.cell_count)))
    masks = list(empty.candidates)
    for name, values in marks.items():
        masks[cell(name)] = mask(*values)
    return Position(empty.puzzle, empty.values, tuple(masks))


# Row 1 and box 1: 1s (r1c1, r1c7) share row 1, 2s (r1c2, r1c7) too, 4s are all in box 1;
# only the 3s (r2c3, r1c7) do not see each other.
WING = {"r1c1": (1, 4), "r1c2": (2, 4), "r2c3": (3, 4), "r1c7": (1, 2, 3)}


def test_a_hand_built_wing_removes_z_from_every_cell_seeing_its_z_cells():
    position = position_with(WING)
    (step,) = list(wxyz_wings(position))
    assert step.digits == (1, 2, 3, 4)
    assert set(step.eliminations) == {(cell(n), 3) for n in ("r1c3", "r2c7", "r2c8", "r2c9")}


def test_the_hand_built_wing_is_true_by_enumeration():
    # Every filling of the four cells from their candidates that repeats no value
    # between peers puts a 3 in r2c3 or r1c7, and each removed cell sees both.
    position = position_with(WING)
    (step,) = list(wxyz_wings(position))
    names = list(WING)
    peers = position.geometry.peers
    fillings = [
        dict(zip(names, values, strict=True))
        for values in product(*WING.values())
        if all(
            values[i] != values[j] or cell(names[j]) not in peers[cell(names[i])]
            for i in range(4)
            for j in range(i + 1, 4)
        )
    ]
    assert fillings
    assert all(3 in (filling["r2c3"], filling["r1c7"]) for filling in fillings)
    for target, value in step.eliminations:
        assert {cell("r2c3"), cell("r1c7")} <= peers[target] and value == 3


@pytest.mark.parametrize(
    "marks",
    [
        # r3c2's 2 does not see r1c7's 2: two loose values, no wing
        {"r1c1": (1, 4), "r3c2": (2, 4), "r2c3": (3, 4), "r1c7": (1, 2, 3)},
        # five values between the four cells
        {"r1c1": (1, 4), "r1c2": (2, 5), "r2c3": (3, 4), "r1c7": (1, 2, 3)},
        # all in box 1: every value restricted, a naked quad, not a wing
        {"r1c1": (1, 4), "r1c2": (2, 4), "r2c3": (3, 4), "r3c3": (1, 2, 3)},
    ],
)
def test_near_misses_are_not_wings(marks):
    assert list(wxyz_wings(position_with(marks))) == []


def test_no_instance_removes_an_answer_value():
    checked = 0
    for position, answer in stuck_positions():
        steps = list(wxyz_wings(position))
        assert wrong_moves(position, answer, steps) == []
        checked += len(steps)
    assert checked > 20


def test_wings_through_changed_cells_are_the_wings_using_one_in_the_same_order():
    # A path asks again with a few cells changed: only wings using one are grown, from
    # those cells; they must be exactly the area's wings that use one, in the same order.
    rng = random.Random(9)
    compared = 0
    for position, _ in stuck_positions(40):
        geometry, masks = position.geometry, position.candidates
        for number, (area, area_mask) in enumerate(
            zip(crossing_units(geometry), crossing_masks(geometry), strict=True)
        ):
            state = tuple(masks[cell] for cell in area)
            every = _area_wings(geometry, number, state)
            for _ in range(3):
                through = sum(1 << cell for cell in area if rng.random() < 0.2) & area_mask
                expected = [wing for wing in every if any(through >> c & 1 for c in wing[0])]
                assert _area_wings_through(geometry, number, state, through) == expected
                compared += len(expected)
    assert compared > 50


@pytest.mark.parametrize(("size", "fraction", "seed"), [(6, 0.5, 28), (12, 0.5, 3), (12, 0.5, 4)])
def test_small_and_big_grids_get_them_too(size, fraction, seed):
    position, answer = blanked(size, fraction, seed)
    steps = list(wxyz_wings(position))
    assert steps
    assert wrong_moves(position, answer, steps) == []


def test_every_sentence_names_every_cell_changed_and_why():
    worded = 0
    for position, _ in stuck_positions()[:30]:
        for step in wxyz_wings(position):
            text = sentence(standard_geometry(NINE), step)
            for target, _ in step.eliminations:
                assert cell_name(NINE, target) in text, text
            for wing_cell, _ in step.cells:
                assert cell_name(NINE, wing_cell) in text, text
            assert text.startswith("WXYZ-wing: ")
            worded += 1
    assert worded > 5
