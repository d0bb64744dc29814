"""The rule of 45 with combinations (logic/count_combinations.py): a count's open innies and
outies balanced together with their cages' ways, which carries Killers stuck after cage
arithmetic (3.6) into the expert band instead of chains (issue 37)."""

from __future__ import annotations

from webapp.explanations import sentence
from webapp.sudoku import solve
from webapp.sudoku.logic import PathStatus, find_path
from webapp.sudoku.logic.count_combinations import (
    SLUG,
    cage_options,
    joint_balances,
    rule_of_45_combinations,
)
from webapp.sudoku.logic.levels import level_of
from webapp.sudoku.parse import read_code

# A generated Killer whose path, capped at cage arithmetic (3.6), stops above it: the rule
# of 45 and each cage's combinations alone have nothing more to say there.
STUCK_KILLER = (
    "0" * 81 + "-k1123334456122377556189ABB558889ABB5C88D9EEFFCDDDGGHFCCIIIGHHFCCJIGGKKKKKJJLLLMMMM"
    "0L0K0K0C0U08070X070B0K0V0F0G0L0O0B0L090S0N0H"
)


def mask(*values: int) -> int:
    """Values as a candidates mask (bit v for value v)."""
    return sum(1 << value for value in values)


def stuck():
    """The stuck Killer's position at the end of its path capped at 3.6, and its solution."""
    puzzle = read_code(STUCK_KILLER)
    return find_path(puzzle, unique=True, ceiling=3.6).end, solve(puzzle).solution


def test_a_cage_gives_a_counted_cell_only_the_values_its_other_cells_can_complete():
    # a cage of 10 over two cells, the other one 8 or 9: the counted cell is 1 or 2
    assert cage_options(10, (mask(1, 2, 3, 4, 5, 6), mask(8, 9)), (True, False)) == ((1,), (2,))


def test_a_count_keeps_only_the_values_that_balance_it_and_fit_the_cages():
    # two innies making 7, not seeing each other: the first 1 or 2 by its cage, so the
    # second 5 or 6 though its own candidates run from 1 to 6
    first = ((0,), ((1,), (2,)))
    second = ((1,), tuple((value,) for value in range(1, 7)))
    assert joint_balances(-7, (-1, -1), (0, 0), (first, second)) == (mask(1, 2), mask(5, 6))


def test_a_killer_stuck_after_cage_arithmetic_is_solved_inside_the_expert_band():
    path = find_path(read_code(STUCK_KILLER), unique=True, ceiling=6.0)
    assert path.status == PathStatus.SOLVED and level_of(path.rating) == "expert"


def test_where_cage_arithmetic_stops_the_rule_of_45_with_combinations_finds_a_step():
    position, _ = stuck()
    assert next(rule_of_45_combinations(position), None) is not None


def test_its_steps_at_the_stuck_position_remove_no_value_of_the_solution():
    position, answer = stuck()
    removed = [
        (cell, value)
        for step in rule_of_45_combinations(position)
        for cell, value in step.eliminations
    ]
    assert removed and all(answer.cells[cell] != value for cell, value in removed)


def test_its_step_is_worded_with_its_count_and_the_cages_it_asks():
    position, _ = stuck()
    step = next(rule_of_45_combinations(position))
    text = sentence(position.geometry, step)
    assert step.technique == SLUG and "with combinations" in text and "making its sum" in text
