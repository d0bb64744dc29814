"""Arrows (webapp/sudoku/arrows.py, the registry's "A"; a sum line, sum_lines.py): a
malformed one is refused with a named, located message, from a link too; a puzzle's arrows
live in its share code and are read from and written back to f-puzzles JSON; givens that
break an arrow clash by name; and the search counts exactly the grids that keep random
arrows on a 4x4 (every 4x4 grid, filtered, set against it). A real arrow puzzle solves to
its published solution in tests/test_real_marked_links.py."""

from __future__ import annotations

import json
import random

import pytest
from small_grids import found_by_sat, found_by_search

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.arrows import arrow_problem
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.line_sums import line_sums
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules, is_solution
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.solver import initial_state
from webapp.sudoku.thermometers import neighbours
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA

EMPTY = Grid(SHAPES[9], (0,) * 81)


def cells(*names: str) -> tuple[int, ...]:
    """The reading-order cells of names such as "R1C2" on a 9x9."""
    found = []
    for name in names:
        row, _, column = name.upper().removeprefix("R").partition("C")
        found.append((int(row) - 1) * 9 + int(column) - 1)
    return tuple(found)


def arrow_puzzle(*lines: tuple[int, ...], grid: Grid = EMPTY) -> Puzzle:
    """`grid` with arrows over `lines`, each circle first."""
    size = grid.size
    return Puzzle(grid, Rules(lines=tuple(Line("A", each) for each in lines), line_size=size))


def empty_board(size: int) -> list[dict[str, object]]:
    """An f-puzzles grid of `size` empty rows."""
    return [[{} for _ in range(size)] for _ in range(size)]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("R1C1", "R1C2", "R1C1"), "arrow from r1c1 runs through r1c1 twice"),
        (("R1C1", "R3C3"), "arrow from r1c1: cells r1c1 and r3c3 are not neighbours"),
        (("R2C2",), "arrow from r2c2 has only its circle"),
    ],
)
def test_a_malformed_arrow_is_said_where_it_is(names, message) -> None:
    assert arrow_problem(9, cells(*names)) == message


@pytest.mark.parametrize(
    ("arrow", "message"),
    [
        ({"lines": [["R1C2", "R1C3"]], "cells": ["R1C1"]}, "does not start in its circle R1C1"),
        (
            {"lines": [["R1C1", "R1C2"]], "cells": ["R1C1", "R2C1", "R3C1"]},
            "a circle of 3 cells; at most 2 are read",
        ),
        ({"lines": [["R1C1", "R1C2"], ["R1C1", "R2C1"]], "cells": ["R1C1"]}, "has 2 lines"),
        ({"lines": [["R1C1", "R1C2"]]}, "number 1 has no circle"),
    ],
)
def test_a_link_with_an_arrow_the_solver_cannot_read_is_refused_naming_it(arrow, message) -> None:
    data = {"size": 9, "grid": empty_board(9), "arrow": [arrow]}
    with pytest.raises(PuzzleError, match=message):
        read_json(json.dumps(data))


def test_arrows_survive_the_share_code() -> None:
    puzzle = arrow_puzzle(cells("R2C1", "R1C1", "R1C2"), cells("R9C9", "R8C8"))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_arrows_are_written_back_to_fpuzzles_json() -> None:
    puzzle = arrow_puzzle(cells("R5C5", "R4C4", "R3C4"))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_givens_that_break_an_arrow_are_said_to_clash() -> None:
    grid = Grid(SHAPES[9], (5, 3, 1) + (0,) * 78)
    puzzle = arrow_puzzle(cells("R1C1", "R1C2", "R1C3"), grid=grid)
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1, r1c2 and r1c3 are an arrow: 5 is not the sum of the rest (5, 3, 1)"
    ]


def narrowed_digits(puzzle: Puzzle, name: str) -> set[int]:
    """The digits the search's line-sum narrowing leaves cell `name` of `puzzle` at the
    start."""
    board = bitboard_for(puzzle.geometry)
    assert board.line_sums is not None
    alive = board.line_sums.narrowed(initial_state(board, puzzle.grid)[0])
    shift = cells(name)[0] * board.width
    return {digit for digit in range(1, 10) if alive >> (shift + digit - 1) & 1}


def test_the_search_bounds_a_circle_by_the_smallest_sum_its_arrows_distinct_cells_make() -> None:
    # Circle r1c1 over three cells of one row, which differ: at least 1 + 2 + 3.
    puzzle = arrow_puzzle(cells("R1C1", "R2C2", "R2C3", "R2C4"))
    assert narrowed_digits(puzzle, "R1C1") == {6, 7, 8, 9}


def test_the_search_bounds_an_arrows_cells_by_its_circles_largest_digit() -> None:
    # Circle r1c1 (at most 9) over three cells of one row: each at most 9 - 1 - 2.
    puzzle = arrow_puzzle(cells("R1C1", "R2C2", "R2C3", "R2C4"))
    assert narrowed_digits(puzzle, "R2C2") == {1, 2, 3, 4, 5, 6}


def test_the_search_lets_an_arrows_cells_in_no_common_unit_repeat_a_digit() -> None:
    # Circle r2c2 over r3c3 and r4c4, in no row, column or box together: 1 + 1 at least.
    puzzle = arrow_puzzle(cells("R2C2", "R3C3", "R4C4"))
    assert narrowed_digits(puzzle, "R2C2") == {2, 3, 4, 5, 6, 7, 8, 9}


def test_the_search_keeps_only_the_circle_digits_its_arrows_digits_can_make() -> None:
    # Rows 3 and 4 hold every digit but 1 and 5 around r3c3 and r4c4 (and c9), so the two,
    # in no unit together, make 1 + 1, 1 + 5 or 5 + 5: circle r2c2 is 2 or 6, where their
    # least and greatest alone said anything from 2 to 9 that its box and column leave.
    rows = {3: (7, 8, 0, 2, 3, 4, 6, 9, 0), 4: (2, 3, 4, 0, 6, 7, 8, 9, 0)}
    grid = Grid(SHAPES[9], tuple(v for r in range(1, 10) for v in rows.get(r, (0,) * 9)))
    puzzle = arrow_puzzle(cells("R2C2", "R3C3", "R4C4"), grid=grid)
    assert narrowed_digits(puzzle, "R2C2") == {2, 6}


@pytest.mark.parametrize("groups", [2, 3])
def test_a_sums_shortcut_drops_what_its_sides_added_up_drop(groups) -> None:
    # A sum of one group a side, or of two against one (an arrow from a two-cell circle),
    # is narrowed by a shortcut of its own: on random groups (cells, weights, signs, digits
    # and totals) it drops the digits the general way drops, broken or not.
    board = bitboard_for(arrow_puzzle(cells("R1C1", "R1C2")).geometry)
    narrowing = board.line_sums
    assert narrowing is not None
    shortcut = narrowing._one_against_one if groups == 2 else narrowing._two_against_one
    rng = random.Random(groups)
    differ = []
    for _ in range(1500):
        chosen = rng.sample(range(81), 3 * groups)
        signs = [1, -1] + [rng.choice((1, -1))] * (groups - 2)
        rng.shuffle(signs)
        sides: tuple[list[tuple[int, int, tuple[int, ...]]], ...] = ([], [])
        held: list[int] = []
        for sign in signs:
            size = rng.randint(1, 3)
            shifts = tuple(cell * board.width for cell in chosen[len(held) : len(held) + size])
            sides[sign < 0].append((rng.choice((1, 1, 2, 10)), len(held), shifts))
            held += [rng.choice((rng.randrange(1, 512), 1 << rng.randrange(9))) for _ in shifts]
        split = (tuple(sides[0]), tuple(sides[1]))
        total = rng.choice((0, rng.randint(-20, 20)))
        first = chosen[0] * board.width
        general = narrowing._narrowing(split, tuple(held), total, first)
        if shortcut(split, tuple(held), total, first) != general:
            differ.append((split, held, total))
    assert differ == []


def random_arrows(rng: random.Random, grid: Grid, count: int) -> tuple[Line, ...]:
    """`count` arrows of two or three cells on `grid`'s 4x4 that its digits keep: each a
    random path of neighbours whose first digit is the sum of the rest."""
    n = grid.size
    found: list[Line] = []
    tries = 0
    while len(found) < count and tries < 10_000:
        tries += 1
        path = [rng.randrange(n * n)]
        for _ in range(rng.choice((1, 2))):
            near = [c for c in range(n * n) if neighbours(n, path[-1], c) and c not in path]
            path.append(rng.choice(near))
        if grid.cells[path[0]] == sum(grid.cells[c] for c in path[1:]):
            found.append(Line("A", tuple(path)))
    return tuple(found)


@pytest.mark.parametrize("find", [found_by_search, found_by_sat])
@pytest.mark.parametrize("seed", range(6))
def test_the_search_and_the_sat_solver_find_exactly_the_grids_that_keep_the_arrows(
    seed, find, every_four_by_four
) -> None:
    rng = random.Random(seed)
    answer = rng.choice(every_four_by_four)
    lines = random_arrows(rng, answer, 3)
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules(lines=lines, line_size=4))
    kept = {grid.cells for grid in every_four_by_four if is_solution(grid, puzzle)}
    found = find(puzzle)
    assert set(found) == kept and len(found) == len(kept)


def test_a_board_draws_an_arrows_circle_and_line() -> None:
    drawn = drawn_cells(arrow_puzzle(cells("R1C1", "R1C2")).geometry)
    assert [drawn[cell].line_parts for cell in cells("R1C1", "R1C2")] == [
        (LinePart("arrow", "bulb"), LinePart("arrow", "to-right")),
        (LinePart("arrow", "to-left"),),
    ]


def test_a_screen_reader_hears_which_arrow_a_cell_is_on() -> None:
    drawn = drawn_cells(arrow_puzzle(cells("R1C1", "R1C2")).geometry)
    assert (drawn[0].spoken, drawn[1].spoken) == (", arrow circle", ", arrow from r1c1")


def test_the_board_says_the_arrows_rule_below_its_caption() -> None:
    geometry = arrow_puzzle(cells("R1C1", "R1C2")).geometry
    assert rule_legend(geometry) == (RULE_KINDS["A"].rule,)


def test_an_arrows_step_bounds_its_circle_by_its_arrow() -> None:
    puzzle = arrow_puzzle(cells("R2C2", "R2C3", "R2C4"))
    position = Position.from_puzzle(puzzle)
    step = next(step for step in line_sums(position) if (cells("R2C2")[0], 1) in step.eliminations)
    assert sentence(puzzle.geometry, step) == (
        "The arrow's circle r2c2 is the sum of r2c3 and r2c4, so r2c2 is from 2 to 9: it"
        " cannot be 1"
    )


def test_an_arrows_step_bounds_its_arrow_by_its_circle() -> None:
    grid = Grid(SHAPES[9], (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5) + (0,) * 70)
    puzzle = arrow_puzzle(cells("R2C2", "R2C3", "R2C4"), grid=grid)
    position = Position.from_puzzle(puzzle)
    step = next(step for step in line_sums(position) if step.cells[-1][0] == cells("R2C3")[0])
    assert step.eliminations == tuple((cells("R2C3")[0], value) for value in (6, 7, 8, 9))


def test_uniqueness_techniques_stay_off_under_arrows() -> None:
    puzzle = arrow_puzzle(cells("R1C1", "R1C2"))
    assert not Position.from_puzzle(puzzle, unique=True).unique


def pill_puzzle(*lines: tuple[int, ...], grid: Grid = EMPTY) -> Puzzle:
    """`grid` with arrows from two-cell circles over `lines`, both circle cells first."""
    return Puzzle(grid, Rules(lines=tuple(Line("D", each) for each in lines), line_size=9))


def test_a_two_cell_circle_reads_its_tens_first_in_reading_order() -> None:
    # The line runs r1c2 (circle), r1c1 (circle, where the arrow starts), r2c1: r1c1 is tens.
    assert RULE_KINDS["D"].line_sum(cells("R1C2", "R1C1", "R2C1")) == (
        (0, 10),
        (1, 1),
        (9, -1),
    )


def test_an_arrow_from_a_two_cell_circle_is_read_from_fpuzzles_and_written_back() -> None:
    arrow = {"lines": [["R1C2", "R2C2", "R3C2"]], "cells": ["R1C1", "R1C2"]}
    data = {"size": 9, "grid": empty_board(9), "arrow": [arrow]}
    rules = read_json(json.dumps(data)).rules
    assert rules.lines == (Line("D", cells("R1C1", "R1C2", "R2C2", "R3C2")),)
    assert read_json(write_json(EMPTY, rules)).rules == rules


def test_a_two_cell_circle_whose_cells_do_not_touch_by_a_side_is_refused() -> None:
    assert RULE_KINDS["D"].line_problem(9, cells("R1C1", "R2C2", "R3C2")) == (
        "arrow from r1c1: its circle's cells are not side by side"
    )


def test_a_two_cell_circle_solves_as_a_two_digit_number() -> None:
    # Circle r1c1 r1c2 over six cells: the number they read is the six digits' sum.
    line = cells("R1C1", "R1C2", "R2C3", "R2C4", "R2C5", "R3C6", "R3C7", "R3C8")
    result = solve(pill_puzzle(line), max_solutions=2)
    grid = result.solutions[0].cells
    assert 10 * grid[0] + grid[1] == sum(grid[cell] for cell in line[2:])


def test_a_two_cell_circles_step_names_both_circle_cells() -> None:
    puzzle = pill_puzzle(cells("R1C1", "R1C2", "R2C3", "R2C4"))
    position = Position.from_puzzle(puzzle)
    step = next(step for step in line_sums(position) if step.cells[-1][0] == 0)
    assert sentence(puzzle.geometry, step).startswith(
        "The arrow's circle r1c1 and r1c2 holds a two-digit number, the sum of r2c3 and r2c4,"
        " so r1c1 is from 1 to 1"
    )


def test_a_jigsaw_with_arrows_alone_is_solved_under_both() -> None:
    # A Jigsaw's board without cages, pairs or relations is made from its template's, which
    # holds no option table: arrows need the whole board.
    jigsaw = next(
        line.split()[-1]
        for line in (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
        if line.startswith("Tj ")
    )
    regions = read_link(jigsaw).given.rules.regions  # type: ignore[union-attr]
    line = cells("R1C1", "R1C2", "R1C3")
    puzzle = Puzzle(EMPTY, Rules(regions=regions, lines=(Line("A", line),), line_size=9))
    grid = solve(puzzle).solutions[0]
    assert is_solution(grid, puzzle)


CLIPPED = next(
    line.split()[-1]
    for line in (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    if line.startswith("tTA ")
)


@pytest.mark.parametrize("page", ["solve", "explain", "play"])
def test_a_real_arrow_puzzles_pages_answer(client, page) -> None:
    code = read_link(CLIPPED).given.code  # type: ignore[union-attr]
    assert client.get(f"/{page}/{code}").status_code == 200


def test_a_board_draws_both_cells_of_a_two_cell_circle() -> None:
    drawn = drawn_cells(pill_puzzle(cells("R1C1", "R1C2", "R2C2")).geometry)
    assert [drawn[cell].spoken for cell in cells("R1C1", "R1C2", "R2C2")] == [
        ", arrow circle",
        ", arrow circle",
        ", arrow from r1c1",
    ]
