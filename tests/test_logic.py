"""The logic engine: singles, intersections, subsets and fish, checked against HoDoKu and solving.

Two kinds of evidence. HoDoKu's regression library gives, for each case, a
pencil-mark position and exactly what one technique must remove or place
there (or, for a "-x" case, that it must find nothing). And over hundreds of
puzzles, relabelled and permuted at random, no step of an easiest-first path
ever removes the solution's value or places a wrong one.
"""

from __future__ import annotations

import random

import pytest

from webapp.sudoku import SHAPES, Grid, parse, solve
from webapp.sudoku.logic import BY_SLUG, SOLVED, Position, find_path

from puzzles import data_lines

# HoDoKu's codes for the techniques this engine has, by our slug.
CODES = {
    "0000": "full-house",
    "0002": "hidden-single",
    "0003": "naked-single",
    "0100": "pointing",
    "0101": "claiming",
    "0200": "naked-pair",
    "0201": "naked-triple",
    "0202": "naked-quad",
    "0210": "hidden-pair",
    "0211": "hidden-triple",
    "0212": "hidden-quad",
    "0300": "x-wing",
    "0301": "swordfish",
    "0302": "jellyfish",
    "0310": "finned-x-wing",
    "0311": "finned-swordfish",
    "0312": "finned-jellyfish",
    "0320": "sashimi-x-wing",
    "0321": "sashimi-swordfish",
    "0322": "sashimi-jellyfish",
    "0400": "skyscraper",
    "0401": "two-string-kite",
    "0403": "turbot-fish",
    "0800": "xy-wing",
    "0801": "xyz-wing",
    "0803": "w-wing",
}


def reglib_cases() -> list:
    """The library's cases of the codes above, one pytest param each."""
    cases = []
    for number, fields in enumerate(data_lines("hodoku_reglib_1.3.txt", sep=":"), start=1):
        code, *_ = fields[1].split("-")
        if code in CODES:
            cases.append(pytest.param(":".join(fields), id=f"{CODES[code]}:{number}"))
    return cases


def candidates(text: str) -> set[tuple[int, int]]:
    """HoDoKu's "<digit><row><col>" list as (cell, value) pairs."""
    return {((int(item[1]) - 1) * 9 + int(item[2]) - 1, int(item[0])) for item in text.split()}


def reglib_position(givens: str, deleted: str) -> Position:
    """The pencil-mark position a case describes: its values placed, its deletions made."""
    grid = parse(givens.replace("+", ""))
    return Position.from_grid(grid).eliminate(candidates(deleted))


@pytest.mark.parametrize("line", reglib_cases())
def test_hodoku_regression_case(line):
    _, technique, digits, givens, deleted, eliminations, placements, *_ = line.split(":")
    code, _, variant = technique.partition("-")
    position = reglib_position(givens, deleted)
    found = list(BY_SLUG[CODES[code]](position))
    assert all(step.technique == CODES[code] for step in found)
    if variant == "x":
        assert found == []
        return
    # The case is about its digits; other digits may have instances of their own.
    about = [step for step in found if set(step.digits) == {int(d) for d in digits}]
    assert {candidate for step in about for candidate in step.eliminations} == candidates(
        eliminations
    )
    assert {candidate for step in about for candidate in step.placements} == candidates(placements)


def permuted(grid: Grid, rng: random.Random) -> Grid:
    """The same puzzle relabelled, with bands, stacks, rows in bands, columns in stacks shuffled."""
    shape = grid.shape
    n, h, w = shape.size, shape.box_rows, shape.box_cols
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    bands = rng.sample(range(n // h), n // h)
    stacks = rng.sample(range(n // w), n // w)
    rows = [band * h + r for band in bands for r in rng.sample(range(h), h)]
    cols = [stack * w + c for stack in stacks for c in rng.sample(range(w), w)]
    cells = tuple(
        labels[value - 1] if (value := grid.value(r, c)) else 0 for r in rows for c in cols
    )
    return Grid(shape, cells)


def sample_puzzles() -> list:
    """Puzzles with one solution from the test data, each also in a random disguise."""
    rng = random.Random(2026)
    puzzles = [fields[0] for fields in data_lines("engine_9x9_answers.txt") if fields[1] == "1"]
    puzzles += [fields[0] for fields in data_lines("engine_4x4_answers.txt") if fields[1] == "1"]
    puzzles += [fields[0] for fields in data_lines("engine_16x16_answers.txt")][:8]
    grids = [parse(puzzle) for puzzle in puzzles]
    grids += [permuted(grid, rng) for grid in grids]
    return [pytest.param(grid, id=f"{grid.shape.name}:{i}") for i, grid in enumerate(grids)]


@pytest.mark.parametrize("grid", sample_puzzles())
def test_no_step_of_a_path_is_ever_wrong(grid):
    answer = solve(grid).solution
    assert answer is not None
    path = find_path(grid, seconds=30)
    for step in path.steps:
        for cell, value in step.eliminations:
            assert answer.cells[cell] != value, step
        for cell, value in step.placements:
            assert answer.cells[cell] == value, step
    if path.status == SOLVED:
        assert path.end.grid == answer


def test_boxes_of_2x3_and_3x4_get_their_singles_and_intersections():
    # A 6x6 and a 12x12 made from the solver's answers for empty grids, a third of the cells
    # blanked: their paths reach the answer.
    for size in (6, 12):
        shape = SHAPES[size]
        answer = solve(Grid(shape, (0,) * shape.cell_count)).solutions[0]
        rng = random.Random(size)
        cells = list(answer.cells)
        for cell in rng.sample(range(shape.cell_count), shape.cell_count // 3):
            cells[cell] = 0
        path = find_path(Grid(shape, tuple(cells)), seconds=30)
        assert path.status == SOLVED
        assert path.end.grid == answer
        assert {step.technique for step in path.steps} >= {"hidden-single"}
