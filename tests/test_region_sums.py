"""Region-sum lines (webapp/sudoku/region_sums.py, the registry's "R"; a sum line with one sum
a segment past its first, sum_lines.py): box borders (a Jigsaw's region borders) cut a line
into segments whose digits add up to the same total. The search and the SAT solver find
exactly the 4x4 grids that keep random lines; a malformed line is refused with a named,
located message, from a link too; lines live in the share code and are read from and written
back to f-puzzles JSON (from SudokuPad links too); givens that break a line clash by name; a
board draws the line; the sum line's step is worded by the entry. Real region-sum puzzles
solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json
import random

import pytest
from small_grids import found_by_sat, found_by_search

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.line_sums import line_sums
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.region_sums import region_sum_problem, region_sum_terms, segments
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.thermometers import neighbours
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA

# r1c2, r1c3 in box 1, then r1c4 in box 2: two segments.
ACROSS = (1, 2, 3)


def box_of(size: int) -> tuple[int, ...]:
    """Each cell's box number on a size x size grid, as the geometry numbers boxes."""
    found = [0] * (size * size)
    for unit in standard_geometry(SHAPES[size]).units:
        if unit.kind == "box":
            for cell in unit.cells:
                found[cell] = unit.index
    return tuple(found)


def region_sum_puzzle(
    *lines: tuple[int, ...], givens: tuple[int, ...] = (), size: int = 9
) -> Puzzle:
    """An empty size x size grid but `givens` in its first cells, with region-sum lines over
    `lines`."""
    cells = givens + (0,) * (size * size - len(givens))
    rules = Rules(lines=tuple(Line("R", each) for each in lines), line_size=size)
    return Puzzle(Grid(SHAPES[size], cells), rules)


def keeps(digits: tuple[int, ...], cells: tuple[int, ...], boxes: tuple[int, ...]) -> bool:
    """Whether a line's `digits` (over `cells`) keep the rule as it is said: the runs of the
    line in one box add up to one total."""
    totals, run, box = [], 0, None
    for digit, cell in zip(digits, cells, strict=True):
        if boxes[cell] != box and box is not None:
            totals.append(run)
            run = 0
        box = boxes[cell]
        run += digit
    totals.append(run)
    return len(set(totals)) == 1


def test_a_line_is_cut_where_it_crosses_a_box_border_and_again_where_it_comes_back() -> None:
    # r1c3 (box 1), r1c4 (box 2), r2c3 (box 1 again).
    assert segments((2, 3, 11), box_of(9)) == ((2,), (3,), (11,))


def test_each_segment_past_the_first_is_one_sum_against_it() -> None:
    assert region_sum_terms((1, 2, 3, 4, 5, 6), box_of(9)) == (
        ((3, 1), (4, 1), (5, 1), (1, -1), (2, -1)),
        ((6, 1), (1, -1), (2, -1)),
    )


def test_a_line_in_one_box_has_no_sum() -> None:
    assert region_sum_terms((0, 1, 2), box_of(9)) == ()


def random_lines(rng: random.Random, grid: Grid, count: int) -> tuple[Line, ...]:
    """`count` region-sum lines of two to four cells crossing a box border on `grid`'s 4x4
    that its digits keep."""
    n, boxes = grid.size, box_of(grid.size)
    found: list[Line] = []
    for _ in range(10_000):
        if len(found) == count:
            break
        path = [rng.randrange(n * n)]
        for _ in range(rng.choice((1, 2, 3))):
            near = [c for c in range(n * n) if neighbours(n, path[-1], c) and c not in path]
            if near:
                path.append(rng.choice(near))
        cells = tuple(path)
        digits = tuple(grid.cells[cell] for cell in cells)
        if len(segments(cells, boxes)) > 1 and keeps(digits, cells, boxes):
            found.append(Line("R", cells))
    return tuple(found)


def random_case(seed: int, every: tuple[Grid, ...]) -> tuple[Puzzle, set[tuple[int, ...]]]:
    """An empty 4x4 with two random region-sum lines an answer keeps, and the grids that keep
    them (tried against the rule as it is said, not the engine's)."""
    rng = random.Random(seed)
    lines = random_lines(rng, rng.choice(every), 2)
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules(lines=lines, line_size=4))
    boxes = box_of(4)
    kept = {
        grid.cells
        for grid in every
        if all(keeps(tuple(grid.cells[c] for c in line.cells), line.cells, boxes) for line in lines)
    }
    return puzzle, kept


@pytest.mark.parametrize("find", [found_by_search, found_by_sat])
@pytest.mark.parametrize("seed", range(4))
def test_the_search_and_the_sat_solver_find_exactly_the_grids_that_keep_the_lines(
    seed, find, every_four_by_four
) -> None:
    puzzle, kept = random_case(seed, every_four_by_four)
    found = find(puzzle)
    assert set(found) == kept and len(found) == len(kept)


def test_a_jigsaws_regions_cut_its_lines() -> None:
    # Regions by row: 0 0 0 1 / 0 2 1 1 / 2 2 3 1 / 2 3 3 3: the top row's first three cells
    # are one segment (two boxes' worth in a plain 4x4), r1c4 another.
    regions = (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)
    rules = Rules(regions=regions, lines=(Line("R", (0, 1, 2, 3)),), line_size=4)
    geometry = Puzzle(Grid(SHAPES[4], (0,) * 16), rules).geometry
    assert [each.terms for each in geometry.line_sums] == [((3, 1), (0, -1), (1, -1), (2, -1))]


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((0, 1, 0), "region-sum line from r1c1 runs through r1c1 twice"),
        ((0, 20), "region-sum line from r1c1: cells r1c1 and r3c3 are not neighbours"),
        ((10,), "region-sum line from r2c2 has one cell only"),
    ],
)
def test_a_malformed_region_sum_line_is_said_where_it_is(cells, message) -> None:
    assert region_sum_problem(9, cells) == message


def grid_json(*lines: list[list[str]]) -> str:
    """An empty 9x9 as f-puzzles JSON with region-sum shapes of `lines`' branches."""
    rows = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps(
        {"size": 9, "grid": rows, "regionsumline": [{"lines": each} for each in lines]}
    )


def test_a_link_with_a_malformed_region_sum_line_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(grid_json([["R1C1", "R3C3"]]))


def test_a_branching_region_sum_line_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="number 1 branches"):
        read_json(grid_json([["R1C3", "R1C4"], ["R1C3", "R2C4"]]))


def test_region_sum_lines_are_read_from_fpuzzles_json() -> None:
    rules = read_json(grid_json([["R1C2", "R1C3", "R1C4"]])).rules
    assert rules.lines == (Line("R", ACROSS),)


def test_a_sudokupad_link_carrying_a_real_region_sum_puzzle_is_read_with_them() -> None:
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    url = next(line.split()[-1] for line in lines if line.startswith("R "))
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and {line.letter for line in linked.given.rules.lines} == {"R"}


def test_region_sum_lines_survive_the_share_code() -> None:
    puzzle = region_sum_puzzle(ACROSS, (40, 30, 29, 19))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_region_sum_lines_are_written_back_to_fpuzzles_json() -> None:
    puzzle = region_sum_puzzle((40, 30, 29, 19))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_segments_with_other_totals_are_said_to_clash() -> None:
    puzzle = region_sum_puzzle(ACROSS, givens=(0, 1, 2, 4))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c4, r1c2 and r1c3 are two segments of one region-sum line: their sums differ (4, 1, 2)"
    ]


def test_every_solution_keeps_its_region_sum_lines() -> None:
    puzzle = region_sum_puzzle(ACROSS, (8, 17, 26, 25))
    solutions = solve(puzzle, max_solutions=30).solutions
    boxes = box_of(9)
    held = [
        keeps(tuple(grid.cells[c] for c in line), line, boxes)
        for grid in solutions
        for line in (ACROSS, (8, 17, 26, 25))
    ]
    assert len(held) == 60 and all(held)


def test_the_sum_step_bounds_a_one_cell_segment_by_the_other() -> None:
    # r1c4 alone is the sum of r1c2 and r1c3, each at least 1 (the step counts bounds).
    position = Position.from_puzzle(region_sum_puzzle(ACROSS))
    step = next(step for step in line_sums(position) if step.cells[-1][0] == 3)
    assert step.eliminations == ((3, 1),)


def test_a_region_sum_step_is_worded_by_its_entry() -> None:
    puzzle = region_sum_puzzle(ACROSS)
    step = next(step for step in line_sums(Position.from_puzzle(puzzle)) if step.cells[-1][0] == 3)
    assert sentence(puzzle.geometry, step) == (
        "The region-sum line's segment r1c4 adds up to the same as its segment r1c2 and r1c3,"
        " so r1c4 is from 2 to 9: it cannot be 1"
    )


def test_a_board_draws_a_region_sum_line_without_a_bulb() -> None:
    drawn = drawn_cells(region_sum_puzzle((0, 10)).geometry)
    assert (drawn[0].line_parts, drawn[10].line_parts) == (
        (LinePart("region-sum", "to-below-right"),),
        (LinePart("region-sum", "to-above-left"),),
    )


def test_the_board_says_the_region_sum_lines_rule_below_its_caption() -> None:
    assert rule_legend(region_sum_puzzle(ACROSS).geometry) == (RULE_KINDS["R"].rule,)


def test_uniqueness_techniques_stay_off_under_region_sum_lines() -> None:
    assert not Position.from_puzzle(region_sum_puzzle(ACROSS), unique=True).unique
