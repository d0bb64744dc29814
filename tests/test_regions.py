"""Jigsaw region maps and Windoku windows: checked maps with named refusals, share codes
that read back to the same puzzle, random maps that a grid can fill, and solves checked by
the rules written out without the engine (sudoku_rules.py)."""

from __future__ import annotations

import pytest
from sudoku_rules import valid_variant_solution

from webapp.sudoku import (
    MULTIPLE,
    SHAPES,
    SOLVED,
    Grid,
    Puzzle,
    PuzzleError,
    Rules,
    find_conflicts,
    read_code,
    solve,
    solver,
)
from webapp.sudoku.cages import Cage
from webapp.sudoku.generator.jigsaw import random_regions, traded
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.geometry import rule_letters, windows
from webapp.sudoku.marks import edges
from webapp.sudoku.puzzle import (
    LINE_CELLS,
    MARKED_UP_TO,
    fewest_line_cells,
    longest_code,
    longest_marked_code,
    short_clues,
)
from webapp.sudoku.regions import box_map, code_length, decode_regions, encode_regions, region_map
from webapp.sudoku.rulebook import (
    Line,
    MarkedCells,
    MarkedPairs,
    celled_kinds,
    line_kinds,
    marked_kinds,
)
from webapp.wording import conflict_message

from clocks import RacingClock

SIZES = (4, 6, 9, 12, 16)


def empty(size: int) -> Grid:
    return Grid(SHAPES[size], (0,) * size * size)


def rows_as_text(size: int, rows: list[str]) -> list[str]:
    """One label per cell from rows of labels."""
    assert len(rows) == size and all(len(row) == size for row in rows)
    return list("".join(rows))


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        (["aab", "abb", "ccc"], None),
        (["aab", "bbb", "ccc"], "Region a (from r1c1) has 2 cells, not 3"),
        (
            ["aba", "abb", "ccc"],
            "Region a (from r1c1) is in 2 pieces: r1c1 and r1c3 are not joined by cells of"
            " the region",
        ),
        (["aaa", "bbb", "bbb"], "Region b (from r2c1) has 6 cells, not 3"),
    ],
)
def test_a_region_map_is_n_connected_regions_of_n_cells_or_is_refused_by_name(rows, says):
    labels = rows_as_text(3, rows)
    if says is None:
        assert region_map(3, labels) == (0, 0, 1, 0, 1, 1, 2, 2, 2)
        return
    with pytest.raises(PuzzleError) as refused:
        region_map(3, labels)
    assert refused.value.message == says
    # the error names the region by its label, and its cells for a form to mark
    region = says.split()[1]
    assert refused.value.cells == tuple(
        (cell // 3 + 1, cell % 3 + 1) for cell, label in enumerate(labels) if label == region
    )


@pytest.mark.parametrize("size", SIZES)
def test_random_maps_read_back_from_their_code_and_a_grid_fills_them(size):
    shape = SHAPES[size]
    for seed in range(3):
        regions = random_regions(shape, SeededRandom(f"{size}:{seed}"))
        assert regions != box_map(shape)
        code = encode_regions(size, regions)
        assert len(code) == code_length(size)
        assert decode_regions(size, code) == regions
        puzzle = Puzzle(empty(size), Rules((), regions))
        assert read_code(puzzle.code) == puzzle
        result = solve(puzzle)
        assert result.status == MULTIPLE
        labels = "".join(chr(65 + region) for region in regions)
        for solution in result.solutions:
            assert valid_variant_solution(solution.line, "." * size * size, size, regions=labels)
            assert not valid_variant_solution(solution.line, "." * size * size, size) or size == 4


def test_the_same_seed_gives_the_same_map():
    shape = SHAPES[9]
    assert random_regions(shape, SeededRandom("a")) == random_regions(shape, SeededRandom("a"))
    assert random_regions(shape, SeededRandom("a")) != random_regions(shape, SeededRandom("b"))


def test_the_map_a_seed_draws_does_not_depend_on_the_clock(monkeypatch):
    shape = SHAPES[9]
    usual = random_regions(shape, SeededRandom("a"))
    monkeypatch.setattr(solver, "time", RacingClock())
    assert random_regions(shape, SeededRandom("a")) == usual


def test_a_jigsaw_whose_regions_are_the_boxes_is_the_classic_puzzle():
    puzzle = Puzzle(empty(9), Rules((), box_map(SHAPES[9])))
    assert puzzle.rules.classic and puzzle.code == empty(9).code


def test_a_region_code_that_cannot_be_a_map_is_refused():
    regions = random_regions(SHAPES[9], SeededRandom("x"))
    code = Puzzle(empty(9), Rules((), regions)).code
    # every pair apart: 81 regions of one cell
    with pytest.raises(PuzzleError, match="has 1 cells, not 9"):
        read_code(code[: -code_length(9)] + "A" * code_length(9))
    # a 4x4's region code after a 9x9 grid
    four = encode_regions(4, random_regions(SHAPES[4], SeededRandom("x")))
    with pytest.raises(PuzzleError, match="the region map has 16 cells; a 9x9 grid has 81"):
        read_code(f"{empty(9).code}-j{four}")


def test_a_solved_jigsaw_keeps_its_givens_and_has_one_answer():
    regions = random_regions(SHAPES[9], SeededRandom("given"))
    full = solve(Puzzle(empty(9), Rules((), regions))).solutions[0]
    cells = [value if cell % 5 else 0 for cell, value in enumerate(full.cells)]
    puzzle = Puzzle(Grid(SHAPES[9], tuple(cells)), Rules((), regions))
    result = solve(puzzle)
    labels = "".join(chr(65 + region) for region in regions)
    assert result.status == SOLVED
    assert valid_variant_solution(result.solution.line, puzzle.grid.line, 9, regions=labels)


def test_a_clash_in_a_region_or_a_window_is_named_by_it():
    regions = random_regions(SHAPES[9], SeededRandom("clash"))
    first = regions.index(2)
    second = next(
        cell
        for cell in range(81)
        if regions[cell] == 2 and cell // 9 != first // 9 and cell % 9 != first % 9
    )
    cells = [0] * 81
    cells[first] = cells[second] = 5
    said = [
        conflict_message(c)
        for c in find_conflicts(Puzzle(Grid(SHAPES[9], tuple(cells)), Rules((), regions)))
    ]
    places = [f"r{cell // 9 + 1}c{cell % 9 + 1}" for cell in (first, second)]
    assert said == [f"Region 3 has two 5s ({places[0]} and {places[1]})"]
    cells = [0] * 81
    cells[10] = cells[30] = 7  # r2c2 and r4c4: window 1, not one box
    said = [
        conflict_message(c)
        for c in find_conflicts(Puzzle(Grid(SHAPES[9], tuple(cells)), Rules(("w",))))
    ]
    assert said == ["Window 1 has two 7s (r2c2 and r4c4)"]


def test_windows_are_a_box_wide_one_cell_in_and_one_apart():
    nine = windows(SHAPES[9])
    assert [unit.index for unit in nine] == [1, 2, 3, 4]
    assert nine[0].cells == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert nine[3].cells == (50, 51, 52, 59, 60, 61, 68, 69, 70)  # rows 6-8, columns 6-8
    assert len(windows(SHAPES[16])) == 9 and len(windows(SHAPES[4])) == 1


@pytest.mark.parametrize("size", (6, 12))
def test_windoku_on_oblong_boxes_is_refused_by_name(size):
    with pytest.raises(PuzzleError, match=f"Windoku needs square boxes .* not the {size}x{size}'s"):
        Puzzle(empty(size), Rules(("w",)))


@pytest.mark.parametrize("letters", ("w", "xw"))
def test_windoku_and_x_windoku_solve_by_their_rules(letters):
    result = solve(Puzzle(empty(9), Rules(tuple(letters))))
    assert result.status == MULTIPLE
    for solution in result.solutions:
        assert valid_variant_solution(
            solution.line, "." * 81, 9, windows=True, diagonals="x" in letters
        )


def test_a_25x25_jigsaw_killer_with_every_extra_kind_has_the_longest_share_code():
    shape = SHAPES[25]
    regions = region_map(25, traded(shape, list(box_map(shape)), SeededRandom("big"), 2_000))
    # a cage for every cell, each with a sum: the longest cage code
    cages = tuple(Cage((cell,), 1 + cell % 25) for cell in range(625))
    puzzle = Puzzle(empty(25), Rules(rule_letters(), regions, cages, 25))
    assert (len(puzzle.code), read_code(puzzle.code)) == (longest_code(), puzzle)


def test_a_marked_jigsaw_killer_with_the_most_lines_has_the_longest_marked_code():
    size = MARKED_UP_TO
    shape = SHAPES[size]
    regions = region_map(size, traded(shape, list(box_map(shape)), SeededRandom("big"), 2_000))
    cages = tuple(Cage((cell,), 1 + cell % size) for cell in range(size * size))
    kinds = marked_kinds()
    marks = tuple(
        MarkedPairs(kind.letter, edges(size)[index :: len(kinds)])
        for index, kind in enumerate(kinds)
    )
    # One line of each other lined kind, as short as it may be, along the rows from the last up;
    # then as many lines of two cells as the cells left allow, of the first kind: side by
    # side pairs across the rows, then down the columns.
    # An outside kind's lines come first: every one whose code is long for its cells.
    kinds_lines = [
        Line(kind.letter, cells, len(cells))
        for kind in line_kinds()
        if kind.outside
        for cells in short_clues(kind)
    ]
    inside = [kind for kind in line_kinds() if not kind.outside]
    for row, kind in enumerate(inside):
        start = size * (size - 1 - row)
        kinds_lines.append(Line(kind.letter, tuple(range(start, start + fewest_line_cells(kind)))))
    left = LINE_CELLS * size * size - sum(len(line.cells) for line in kinds_lines)
    across = [(cell, cell + 1) for cell in range(0, size * size, 2)]
    down = [(cell, cell + size) for cell in range(size * size) if cell // size % 2 == 0]
    first = inside[0].letter
    pairs = [pair for pair in across + down if Line(first, pair) not in kinds_lines]
    lines = (*kinds_lines, *(Line(first, pair) for pair in pairs[: left // 2]))
    # each celled kind's cell code is as long whatever cells it marks
    cells = tuple(MarkedCells(kind.letter, (0,)) for kind in celled_kinds())
    rules = Rules(rule_letters(), regions, cages, size, marks, size, lines, size, cells, size)
    puzzle = Puzzle(empty(size), rules)
    assert (len(puzzle.code), read_code(puzzle.code)) == (longest_marked_code(), puzzle)
