"""Where a puzzle without a solution runs out of options, found by singles from the givens."""

from __future__ import annotations

import pytest

from webapp.sudoku import NO_SOLUTION, DeadEnd, find_dead_end, parse, solve
from webapp.sudoku.dead_end import CELL, UNIT
from webapp.sudoku.puzzle import Puzzle, Rules

from puzzles import NORVIG_IMPOSSIBLE, data_lines

X_RULES = Rules(("x",))

# Each line: a puzzle without a solution whose givens do not clash, and its dead end. Most are
# a puzzle with one solution and one wrong given added (marked in the comment).
DEAD_ENDS = [
    # column 9 already holds the 9 that r1c9 alone could take
    ("12345678.........9" + "." * 63, DeadEnd(CELL, 0, place=(1, 9))),
    # box 3 holds a 9 below row 1, so row 1's open cells (all in box 3) cannot take one
    ("123456.........9.." + "." * 63, DeadEnd(UNIT, 0, unit="row", index=1, symbol="9")),
    # Norvig's easy puzzle with a 4 added at r5c3 (its solution has a 6 there)
    (
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8.467.82....26.95..8..2.3..9..5.1.3..",
        DeadEnd(CELL, 37, place=(4, 5)),
    ),
    # Norvig's easy puzzle with a 3 added at r4c1 (its solution has a 5 there)
    (
        "..3.2.6..9..3.5..1..18.64...381.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        DeadEnd(UNIT, 25, unit="column", index=9, symbol="6"),
    ),
    # 4x4: a 3 at r2c1 leaves r1c1 nothing (the solution has 4 there, and 1 at r2c1)
    (".3214.3..4..21..", DeadEnd(CELL, 0, place=(1, 1))),
    # 6x6 with a 4 added at r1c6
    ("23.54.46....1..........3....1..12.35", DeadEnd(CELL, 17, place=(3, 2))),
    # 6x6 with a 5 added at r4c6
    ("23.54..6....1..........3.5..1..12.35", DeadEnd(UNIT, 12, unit="row", index=3, symbol="6")),
]

# janko.at's first 16x16 puzzle with a B added at r5c9: 136 singles, then row 9 lacks a 1.
JANKO_WRONG = (
    "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8.B..61....2...C...."
    "B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F."
    "....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954."
)


@pytest.mark.parametrize(
    ("puzzle", "dead_end"),
    [*DEAD_ENDS, (JANKO_WRONG, DeadEnd(UNIT, 136, unit="row", index=9, symbol="1"))],
    ids=lambda value: value[:12] if isinstance(value, str) else "",
)
def test_singles_from_the_givens_reach_the_dead_end(puzzle, dead_end):
    grid = parse(puzzle)
    assert solve(Puzzle(grid)).status == NO_SOLUTION  # and not because givens clash:
    assert solve(Puzzle(grid)).conflicts == ()
    assert find_dead_end(Puzzle(grid)) == dead_end


@pytest.mark.parametrize(
    "puzzle",
    [
        NORVIG_IMPOSSIBLE,
        # top95's seventh and top1465's first, each with a wrong given: singles stall first
        "642.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "45..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ],
    ids=["norvig-impossible", "top95-7-wrong", "top1465-1-wrong"],
)
def test_none_when_only_the_search_finds_the_contradiction(puzzle):
    grid = parse(puzzle)
    assert solve(Puzzle(grid)).status == NO_SOLUTION
    assert find_dead_end(Puzzle(grid)) is None


def test_puzzles_with_a_solution_reach_no_dead_end(unique_puzzle, multiple_puzzle):
    for puzzle in (unique_puzzle, multiple_puzzle):
        assert find_dead_end(Puzzle(parse(puzzle.puzzle))) is None


@pytest.mark.parametrize("size", [4, 9, 16])
def test_every_answer_and_its_puzzle_reach_no_dead_end(size):
    for fields in data_lines(f"engine_{size}x{size}_answers.txt")[:20]:
        assert find_dead_end(Puzzle(parse(fields[0]))) is None
        # a full grid: nothing left to force
        assert find_dead_end(Puzzle(parse(fields[-1]))) is None


def test_the_units_come_from_the_geometry():
    # r3c3 may hold 1 or 2 in the standard units, but in X-Sudoku it lies on the diagonal
    # that holds 1 and 2 already.
    crossed = parse("1....23..4......")
    assert find_dead_end(Puzzle(crossed)) is None
    assert solve(Puzzle(crossed)).status != NO_SOLUTION
    assert find_dead_end(Puzzle(crossed, X_RULES)) == DeadEnd(CELL, 0, place=(3, 3))
    assert solve(Puzzle(crossed, X_RULES)).status == NO_SOLUTION
