"""Uniqueness techniques: unique rectangles 1-4, hidden rectangles and BUG+1.

Evidence of four kinds. HoDoKu's regression library says, for each case, what
a technique must remove there (or that it must find nothing). Over real
puzzles' stuck positions, and over positions whose pencil marks were thinned
at random (always keeping the answer's value: HoDoKu's "missing candidates"),
on 9x9, 16x16, 6x6 and X-Sudoku, no instance of any of these finders removes
an answer's value or places a wrong one. None of them fires unless the
position is known to have one solution. And every sentence names the cells
its step changes.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from webapp.explanations import cell_name, sentence
from webapp.sudoku import SHAPES, Grid, parse, solve
from webapp.sudoku.geometry import standard_geometry, x_sudoku
from webapp.sudoku.logic import BY_SLUG, Position, Step, bits_of, find_path, uniqueness
from webapp.sudoku.logic.bug import bug_plus_one
from webapp.sudoku.puzzle import Puzzle, Rules

from positions import easy_steps_taken, permuted, stuck_positions, wrong_moves
from puzzles import data_lines
from reglib import cases, check

FINDERS = {slug: finder for slug, _, finder in uniqueness.TECHNIQUES}

# HoDoKu's codes, by our slug. 0604 (HoDoKu's type 5: the extra value in two
# corners across from each other, or in three) is type 2 here: the same argument.
CODES = {
    "0600": "unique-rectangle-1",
    "0601": "unique-rectangle-2",
    "0602": "unique-rectangle-3",
    "0603": "unique-rectangle-4",
    "0604": "unique-rectangle-2",
    "0606": "hidden-rectangle",
    "0610": "bug-plus-1",
}


def as_eliminations(position: Position, step: Step) -> Step:
    """A placement as HoDoKu writes BUG+1: every other candidate of the cell removed."""
    removed = tuple(
        (cell, other)
        for cell, value in step.placements
        for other in bits_of(position.candidates[cell])
        if other != value
    )
    return replace(step, eliminations=removed, placements=())


@pytest.mark.parametrize("case", cases(CODES))
def test_hodoku_regression_case(case):
    slug = CODES[case.code]
    finder = FINDERS[slug]
    if slug == "bug-plus-1":
        # HoDoKu gives no digits for BUG+1 and writes its placement as eliminations
        check(
            case,
            lambda p: (as_eliminations(p, s) for s in finder(p.assuming_unique())),
            slug,
            about=lambda step: True,
        )
    else:
        # a type 3's digits are the pair, then its naked subset's values
        check(
            case,
            lambda p: finder(p.assuming_unique()),
            slug,
            about=lambda step: set(step.digits[:2]) == case.digits,
        )


def test_every_slug_is_registered_and_found_by_slug():
    assert set(FINDERS) == {
        "unique-rectangle-1",
        "unique-rectangle-2",
        "unique-rectangle-3",
        "unique-rectangle-4",
        "hidden-rectangle",
        "bug-plus-1",
    }
    for slug, finder in FINDERS.items():
        assert BY_SLUG[slug] is finder


def test_stuck_positions_are_never_given_a_wrong_step():
    fired = set()
    for position, answer in stuck_positions():
        for slug, finder in FINDERS.items():
            steps = list(finder(position))
            assert all(step.technique == slug for step in steps)
            assert wrong_moves(position, answer, steps) == []
            fired |= {step.technique for step in steps}
    # the test can fail: the rectangles do fire in these positions
    assert fired >= {"unique-rectangle-1", "unique-rectangle-4", "hidden-rectangle"}


def test_library_positions_are_never_given_a_wrong_step():
    # every case's puzzle has one solution: no instance of any of these finders, in any
    # case's position, removes the answer's value or places a wrong one (BUG+1 included)
    count = 0
    for param in cases(CODES):
        position = param.values[0].position.assuming_unique()
        answer = solve(Puzzle(position.grid)).solution
        assert answer is not None
        for finder in FINDERS.values():
            steps = list(finder(position))
            assert wrong_moves(position, answer, steps) == []
            count += len(steps)
    assert count > 300


# Puzzles of the rated sample (SE 4.5 to 6.2) whose easiest-first paths use these techniques.
PATH_PUZZLES = (
    "1....7.6.2.....8...786.5...92.......6...3...9.......15...1.457...9.....8.1.2....6",
    "8..3.1..4.1.6.5.3..2.....7...5...3..79.....42.3..4..6..7.....5.....6....9..4.8..3",
    ".....2...5..93...6....4692...7.....281.....652.....3...7815....4...73..9...6.....",
    "..1.3.8....81596..74.8.2.31..2.9.1..5...1...7..................8..6.7..326.....58",
    "1...9..4..6.....327....1..5....1.4...3.924.6...4.5....4..2....635.....8..7..6...4",
    "2.......5.4.....6..3.2.5.8.6...2...7.9.....3....678...8..1.7..2.2.....7.9.4...6.8",
    "..2...7..57..3..28.1.....6..35...21.96.....73..4...9......6....2..4.3..164.1.5.37",
    "6.2...73...1.7.9.2..7.....5.....5.4..63.4.25..2.6.....9.....3..3.5.1.6...16...5.4",
    "9.......54.1...9.2...9.8....19.7.86.8.2...1.3..7.6.5...3.....9....1.7.....84.23..",
)


def test_positions_along_paths_are_never_given_a_wrong_step():
    # every position an easiest-first path passes through, down to the bivalue end game
    # where BUG+1 lives: every instance of every finder there is true
    fired = set()
    for text in PATH_PUZZLES:
        grid = parse(text)
        answer = solve(Puzzle(grid)).solution
        assert answer is not None
        position = Position.from_puzzle(Puzzle(grid), unique=True)
        for step in find_path(Puzzle(grid), unique=True).steps:
            for finder in FINDERS.values():
                steps = list(finder(position))
                assert wrong_moves(position, answer, steps) == []
                fired |= {found.technique for found in steps}
            position = step.apply(position)
    assert fired == set(FINDERS)


def thinned(position: Position, answer: Grid, keep: float, rng: random.Random) -> Position:
    """`position` with each candidate but the answer's value kept with probability `keep`."""
    removed = [
        (cell, value)
        for cell, mask in enumerate(position.candidates)
        for value in bits_of(mask)
        if value != answer.cells[cell] and rng.random() > keep
    ]
    return position.eliminate(removed)


def unique_puzzle(size: int, seed: int) -> tuple[Grid, Grid]:
    """A `size` puzzle with one solution (cells blanked while it keeps one) and its answer."""
    shape = SHAPES[size]
    rng = random.Random(seed)
    answer = permuted(solve(Puzzle(Grid(shape, (0,) * shape.cell_count))).solutions[0], rng)
    cells = list(answer.cells)
    for cell in rng.sample(range(shape.cell_count), shape.cell_count):
        kept, cells[cell] = cells[cell], 0
        if solve(Puzzle(Grid(shape, tuple(cells)))).solution is None:
            cells[cell] = kept
    return Grid(shape, tuple(cells)), answer


def thinned_positions(kind: str) -> list[tuple[Position, Grid]]:
    """Positions of unique puzzles of `kind`, pencil marks thinned at three rates, with answers."""
    rng = random.Random(kind)
    puzzles: list[tuple[Puzzle, Grid]] = []
    if kind == "9x9":
        lines = [f[0] for f in data_lines("engine_9x9_answers.txt") if f[1] == "1"][:30]
        for grid in (parse(text) for text in lines):
            grid = permuted(grid, rng)
            puzzles.append((Puzzle(grid), solve(Puzzle(grid)).solutions[0]))
    elif kind == "16x16":
        for text in [f[0] for f in data_lines("engine_16x16_answers.txt")][:6]:
            grid = parse(text)
            puzzles.append((Puzzle(grid), solve(Puzzle(grid)).solutions[0]))
    elif kind == "6x6":
        for seed in range(12):
            grid, answer = unique_puzzle(6, seed)
            puzzles.append((Puzzle(grid), answer))
    else:  # X-Sudoku: a diagonal through one corner spoils a rectangle
        for text, answer_text in data_lines("x_sudoku.txt"):
            grid = parse(text)
            puzzles.append((Puzzle(grid, Rules(("x",))), parse(answer_text)))
    found = []
    for puzzle, answer in puzzles:
        position = Position.from_puzzle(puzzle, unique=True)
        for keep in (0.15, 0.3, 0.5):
            for _ in range(1 if kind != "x" else 6):
                found.append((thinned(position, answer, keep, rng), answer))
    return found


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("9x9", set(FINDERS) - {"bug-plus-1"}),
        ("16x16", set(FINDERS) - {"bug-plus-1", "unique-rectangle-2"}),
        ("6x6", {"unique-rectangle-1", "hidden-rectangle"}),
        ("x", {"unique-rectangle-1"}),
    ],
)
def test_thinned_pencil_marks_are_never_given_a_wrong_step(kind, expected):
    fired = set()
    for position, answer in thinned_positions(kind):
        for finder in FINDERS.values():
            steps = list(finder(position))
            assert wrong_moves(position, answer, steps) == []
            fired |= {step.technique for step in steps}
    assert fired >= expected


def test_rectangles_lie_in_two_boxes_and_avoid_the_diagonals():
    nine = SHAPES[9]
    standard = set(uniqueness.rectangles(standard_geometry(nine)))
    # two rows of a band and two columns of different stacks, or the other way round
    assert len(standard) == 2 * 9 * 27
    assert (0, 3, 9, 12) in standard and (0, 1, 9, 10) not in standard
    assert (0, 3, 27, 30) not in standard  # four boxes
    crossed = set(uniqueness.rectangles(x_sudoku(nine)))
    assert crossed < standard
    assert (0, 3, 9, 12) not in crossed  # r1c1 on one diagonal alone
    assert (1, 3, 19, 21) in crossed  # r1c2, r1c4, r3c2, r3c4: off both diagonals
    six = uniqueness.rectangles(standard_geometry(SHAPES[6]))
    assert (0, 3, 6, 9) in six and (0, 1, 6, 7) not in six  # boxes of two rows, three columns


def multiple_solution_positions() -> list[Position]:
    """Puzzles with several solutions, after easy steps, not marked unique (as `explain` does)."""
    puzzles = [fields[0] for fields in data_lines("web_multiple.txt")]
    puzzles += [f[0] for f in data_lines("tdoku_test_puzzles.txt", sep=":") if int(f[1]) > 1]
    return [easy_steps_taken(Position.from_puzzle(Puzzle(parse(text))), 3.0) for text in puzzles]


def test_nothing_fires_without_uniqueness():
    positions = [position for position, _ in stuck_positions()]
    positions = [replace(position, unique=False) for position in positions]
    positions += multiple_solution_positions()
    positions += [case.values[0].position for case in cases(CODES)]
    for position in positions:
        for finder in FINDERS.values():
            assert list(finder(position)) == []


def test_the_same_positions_marked_unique_do_fire():
    # the guard is what stops them above: marked unique, the reglib positions fire
    fired = {
        step.technique
        for case in cases(CODES)
        for finder in FINDERS.values()
        for step in finder(case.values[0].position.assuming_unique())
    }
    assert fired == set(FINDERS)


def all_steps() -> list[tuple[Position, Step]]:
    """Every instance of every finder in the library's positions and in thinned 16x16 ones."""
    positions = [case.values[0].position.assuming_unique() for case in cases(CODES)]
    positions += [position for position, _ in thinned_positions("16x16")]
    return [
        (position, step)
        for position in positions
        for finder in FINDERS.values()
        for step in finder(position)
    ]


def test_every_sentence_names_each_cell_it_changes():
    seen = set()
    for position, step in all_steps():
        shape = position.geometry.shape
        text = sentence(standard_geometry(shape), step)
        for cell, value in step.eliminations:
            assert cell_name(shape, cell) in text, text
            assert shape.symbol(value) in text, text
        for cell, value in step.placements:
            assert f"{cell_name(shape, cell)} must be {shape.symbol(value)}" in text, text
        seen.add(step.technique)
    assert seen == set(FINDERS)


@pytest.mark.parametrize(
    ("line", "slug", "expected"),
    [
        (
            577,
            "unique-rectangle-1",
            "Unique rectangle: r2c9, r9c7 and r9c9 can only be 2 or 3; if r2c7 were 2 or 3"
            " too, r2c7, r2c9, r9c7 and r9c9 would hold only 2s and 3s, which could swap,"
            " and the puzzle would have two solutions; since it has one, r2c7 must be"
            " something else: remove 2 and 3 from r2c7",
        ),
        (
            716,
            "bug-plus-1",
            "BUG+1: every open cell but r7c3 has just two candidates. If r7c3 were not 4,"
            " every value would have exactly two places in each row, column and box still"
            " missing it; then every open cell could take its other candidate instead, so"
            " the puzzle would have no solution or two. Since it has one, r7c3 must be 4",
        ),
    ],
)
def test_sentence(line, slug, expected):
    (case,) = [param.values[0] for param in cases(CODES) if param.values[0].line == line]
    position = case.position.assuming_unique()
    step = next(FINDERS[slug](position))
    assert sentence(position.geometry, step) == expected


def test_bug_plus_one_reads_the_units_of_a_4x4_grave():
    # Two 4x4 grids that differ in every cell make a grave: each open cell holds its
    # value in one or the other, and in every unit each value has two places. With a
    # third candidate 3 in r1c1, only removing 3 leaves the grave, so r1c1 is 3.
    shape = SHAPES[4]
    first = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    second = (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2)
    masks = [1 << a | 1 << b for a, b in zip(first, second, strict=True)]
    masks[0] |= 1 << 3
    position = Position(Puzzle(Grid(shape, (0,) * 16)), (0,) * 16, tuple(masks), unique=True)
    (step,) = bug_plus_one(position)
    assert step.placements == ((0, 3),)
    assert sentence(standard_geometry(shape), step).endswith("r1c1 must be 3")
    assert list(bug_plus_one(replace(position, unique=False))) == []
    # a fourth candidate anywhere, or a second odd cell, is no BUG+1
    masks[5] |= 1 << 1
    assert list(bug_plus_one(replace(position, candidates=tuple(masks)))) == []
