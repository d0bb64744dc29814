"""Little killers (webapp/sudoku/little_killers.py, the registry's "Z"; an outside clue's sum
line, sum_lines.py): a malformed one is refused with a named, located message, from a link
too; a puzzle's little killers live in its share code and the form's notation and are read
from and written back to f-puzzles JSON; givens that break one clash by name; the search and
the SAT solver find exactly the grids that keep random little killers on a 4x4 (every 4x4
grid, filtered, set against them); a board draws each clue outside the grid, heard by a
screen reader; and the sum-line step bounds a diagonal's cells by its clue."""

from __future__ import annotations

import json
import random
import re

import pytest
from small_grids import found_by_sat, found_by_search

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.little_killers import little_killer_problem
from webapp.sudoku.logic.line_sums import line_sums
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules, is_solution
from webapp.sudoku.rule_text import notation_hint, read_rules_text, read_typed, rules_text
from webapp.sudoku.rulebook import RULE_KINDS, Line, clue_place, outside_lines
from webapp.sudoku.solver import initial_state
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA

EMPTY = Grid(SHAPES[9], (0,) * 81)
# r1c1 to r9c9, from a clue above-left of r1c1.
MAIN = tuple(range(0, 81, 10))


def cells(*names: str) -> tuple[int, ...]:
    """The reading-order cells of names such as "R1C2" on a 9x9."""
    found = []
    for name in names:
        row, _, column = name.upper().removeprefix("R").partition("C")
        found.append((int(row) - 1) * 9 + int(column) - 1)
    return tuple(found)


def killer_puzzle(*lines: tuple[tuple[int, ...], int], grid: Grid = EMPTY) -> Puzzle:
    """`grid` with little killers, each (its cells from its clue, its number)."""
    drawn = tuple(Line("Z", each, value) for each, value in lines)
    return Puzzle(grid, Rules(lines=drawn, line_size=grid.size))


def link(*clues: dict[str, str]) -> str:
    """An f-puzzles JSON of an empty 9x9 with `clues` as its little killers."""
    empty = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": empty, "littlekillersum": list(clues)})


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("R2C2", "R3C3"), "little killer from r2c2 does not start at the grid's edge"),
        (("R1C1", "R2C2", "R3C3"), "little killer from r1c1 stops short of the grid's edge"),
        (("R1C1", "R1C2"), "little killer from r1c1 does not run along a diagonal"),
        (("R1C3", "R2C2", "R3C3"), "little killer from r1c3 turns between r2c2 and r3c3"),
        (("R5C5",), "little killer from r5c5 stops short of the grid's edge"),
    ],
)
def test_a_malformed_little_killer_is_said_where_it_is(names, message) -> None:
    assert little_killer_problem(9, cells(*names)) == message


@pytest.mark.parametrize(
    ("clue", "message"),
    [
        ({"cell": "R0C0", "direction": "UL", "value": "15"}, "little killer 15 at r0c0 points off"),
        ({"cell": "R3C3", "direction": "DR", "value": "15"}, "15 at r3c3 is inside the grid"),
        ({"cell": "R0C0", "direction": "DX", "value": "15"}, "points 'DX', not UL, UR, DL or DR"),
        (
            {"cell": "R0C0", "direction": "DR", "value": "x"},
            "x at r0c0 has no whole number",
        ),
        ({"cell": "R0C0", "direction": "DR", "value": "99"}, "its 9 cells add up to 9 to 81"),
        ({"direction": "DR", "value": "9"}, "number 1 has no place outside the grid"),
    ],
)
def test_a_link_with_a_little_killer_the_solver_cannot_read_is_refused_naming_it(
    clue, message
) -> None:
    with pytest.raises(PuzzleError, match=message):
        read_json(link(clue))


def test_a_little_killers_clue_is_read_with_the_diagonal_it_points_along() -> None:
    rules = read_json(link({"cell": "R10C3", "direction": "UR", "value": "12"})).rules
    assert rules.lines == (Line("Z", cells("R9C4", "R8C5", "R7C6", "R6C7", "R5C8", "R4C9"), 12),)


def test_a_clue_sits_one_step_before_its_diagonal_outside_the_grid() -> None:
    assert [clue_place(9, MAIN), clue_place(9, cells("R9C4", "R8C5"))] == [(-1, -1), (9, 2)]


def test_every_little_killer_of_a_9x9_is_one_of_its_64_diagonals_from_either_end() -> None:
    # 17 diagonals each way, from both ends: 68, less the four corners' one-cell diagonals,
    # which are the same line from either end.
    assert len(outside_lines(RULE_KINDS["Z"], 9)) == 64


def test_little_killers_survive_the_share_code() -> None:
    puzzle = killer_puzzle((MAIN, 45), (cells("R9C1"), 5), (cells("R1C8", "R2C9"), 10))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_little_killers_are_written_back_to_fpuzzles_json() -> None:
    puzzle = killer_puzzle((MAIN, 45), (cells("R9C4", "R8C5", "R7C6", "R6C7", "R5C8", "R4C9"), 12))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_little_killers_survive_the_forms_notation() -> None:
    rules = killer_puzzle((MAIN, 45), (cells("R1C8", "R2C9"), 10)).rules
    assert read_rules_text(9, rules_text(rules)) == ((), rules.lines)


def test_the_same_little_killer_twice_is_refused() -> None:
    with pytest.raises(PuzzleError, match="little killer above-left of r1c1 pointing the same"):
        killer_puzzle((MAIN, 45), (MAIN, 45))


def test_givens_that_break_a_little_killer_are_said_to_clash() -> None:
    grid = Grid(SHAPES[9], (0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5) + (0,) * 63)
    puzzle = killer_puzzle((cells("R1C8", "R2C9"), 10), grid=grid)
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c8 and r2c9 are a little killer's diagonal: 4, 5 do not add up to 10"
    ]


def test_the_search_bounds_a_diagonals_cells_by_its_clue() -> None:
    # Three cells of one box adding up to 6: different digits, so 1, 2 and 3 in some order.
    puzzle = killer_puzzle((cells("R1C3", "R2C2", "R3C1"), 6))
    board = bitboard_for(puzzle.geometry)
    alive = board.line_sums.narrowed(initial_state(board, puzzle.grid)[0])
    shift = cells("R2C2")[0] * board.width
    kept = [digit for digit in range(1, 10) if (alive >> (shift + digit - 1)) & 1]
    assert kept == [1, 2, 3]


def random_killers(rng: random.Random, grid: Grid, count: int) -> tuple[Line, ...]:
    """`count` different little killers of `grid`'s 4x4, each numbered as its digits add up."""
    every = outside_lines(RULE_KINDS["Z"], grid.size)
    return tuple(
        Line("Z", each, sum(grid.cells[cell] for cell in each)) for each in rng.sample(every, count)
    )


@pytest.mark.parametrize("find", [found_by_search, found_by_sat])
@pytest.mark.parametrize("seed", range(6))
def test_the_search_and_the_sat_solver_find_exactly_the_grids_that_keep_the_little_killers(
    seed, find, every_four_by_four
) -> None:
    rng = random.Random(seed)
    lines = random_killers(rng, rng.choice(every_four_by_four), 3)
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules(lines=lines, line_size=4))
    kept = {grid.cells for grid in every_four_by_four if is_solution(grid, puzzle)}
    found = find(puzzle)
    assert set(found) == kept and len(found) == len(kept)


def test_a_board_draws_a_little_killers_clue_outside_its_first_cell() -> None:
    drawn = drawn_cells(killer_puzzle((MAIN, 45)).geometry)
    assert drawn[0].line_parts == (
        LinePart("outside-clue little-killer", "clue-above-left beyond-top", "45"),
    )


def test_a_screen_reader_hears_a_little_killers_clue_and_its_diagonal() -> None:
    drawn = drawn_cells(killer_puzzle((MAIN, 45)).geometry)
    assert (drawn[0].spoken, drawn[10].spoken) == (
        ", little killer 45 above-left of r1c1",
        ", on the little killer 45 from r1c1",
    )


def test_the_board_says_the_little_killers_rule_below_its_caption() -> None:
    assert rule_legend(killer_puzzle((MAIN, 45)).geometry) == (RULE_KINDS["Z"].rule,)


def test_a_little_killers_step_bounds_its_diagonal_by_its_clue() -> None:
    puzzle = killer_puzzle((cells("R1C4", "R2C3", "R3C2", "R4C1"), 10))
    position = Position.from_puzzle(puzzle)
    step = next(step for step in line_sums(position) if step.cells[-1][0] == cells("R2C3")[0])
    assert sentence(puzzle.geometry, step) == (
        "The digits of the little killer 10 on r1c4, r2c3, r3c2 and r4c1 add up to 10, so"
        " r2c3 is from 1 to 7: it cannot be 8 or 9"
    )


def test_uniqueness_techniques_stay_off_under_little_killers() -> None:
    assert not Position.from_puzzle(killer_puzzle((MAIN, 45)), unique=True).unique


def real_little_killer_links() -> list[str]:
    """The real links with little killers of tests/data/links/marked_real_links.txt."""
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    return [line.split()[-1] for line in lines if not line.startswith("#") and "Z" in line[:5]]


def test_the_real_links_hold_little_killers() -> None:
    assert real_little_killer_links()


@pytest.mark.parametrize("url", real_little_killer_links())
def test_a_real_little_killer_link_is_written_back_unchanged(url) -> None:
    linked = read_link(url)
    assert linked is not None
    given = linked.given
    assert read_json(write_json(given.grid, given.rules)).rules == given.rules


def test_the_forms_hint_gives_a_little_killer_a_9x9_reads() -> None:
    example = re.search(r"Z \d+:\S+?(?= on a 9x9)", notation_hint())
    assert example is not None and read_typed(9, example.group())[1]
