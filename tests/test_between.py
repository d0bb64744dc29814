"""Between lines (webapp/sudoku/between.py, the registry's "L"; a line rule, line_rules.py):
every digit inside a line lies between the digits at its two ends. The narrowing never drops
a digit that some digits of the other cells keep the rule with, and keeps a full line exactly
when it holds; the SAT clauses hold exactly the lines that keep the rule, and the search and
the SAT solver find exactly the 4x4 grids that keep random lines; a malformed line is refused
with a named, located message, from a link too; lines live in the share code and are read
from and written back to f-puzzles JSON (from SudokuPad links too); givens that break a line
clash by name; a board draws both ends circled; the logic's step is worded by the entry. Real
between-line puzzles solve to their published solutions in tests/test_real_marked_links.py."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest
from small_grids import found_by_sat, found_by_search

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.between import between_clauses, between_narrows, between_problem
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.line_rules import line_rules
from webapp.sudoku.logic.position import Position
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.thermometers import neighbours
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA

# r1c1, r1c2, r1c3: a line along the top row, its ends r1c1 and r1c3.
ROW = (0, 1, 2)


def between_puzzle(*lines: tuple[int, ...], givens: tuple[int, ...] = (), size: int = 9) -> Puzzle:
    """An empty size x size grid but `givens` in its first cells, with between lines over
    `lines`, each an end first."""
    cells = givens + (0,) * (size * size - len(givens))
    rules = Rules(lines=tuple(Line("L", each) for each in lines), line_size=size)
    return Puzzle(Grid(SHAPES[size], cells), rules)


def keeps(digits: tuple[int, ...]) -> bool:
    """Whether a line's digits (ends first and last) keep the rule, as the rule says it."""
    low, high = sorted((digits[0], digits[-1]))
    return all(low < digit < high for digit in digits[1:-1])


def kept_by_trying(size: int, masks: tuple[int, ...]) -> list[int]:
    """The digits of each cell that some digits of the others keep the rule with, tried."""
    held = [[d for d in range(1, size + 1) if mask >> (d - 1) & 1] for mask in masks]
    kept = [0] * len(masks)
    for digits in product(*held):
        if keeps(digits):
            for at, digit in enumerate(digits):
                kept[at] |= 1 << (digit - 1)
    return kept


@pytest.mark.parametrize("seed", range(4))
def test_the_narrowing_never_drops_a_digit_the_other_cells_keep(seed) -> None:
    rng = random.Random(seed)
    dropped = []
    for _ in range(200):
        masks = tuple(rng.randrange(1, 512) & rng.randrange(1, 512) or 1 for _ in range(4))
        kept = between_narrows(9, masks)
        tried = kept_by_trying(9, masks)
        dropped += [masks for keep, want in zip(kept, tried, strict=True) if want & ~keep]
    assert dropped == []


def test_the_narrowing_of_a_full_line_keeps_it_exactly_when_it_holds() -> None:
    wrong = [
        digits
        for digits in product(range(1, 6), repeat=4)
        if all(between_narrows(5, tuple(1 << (d - 1) for d in digits))) != keeps(digits)
    ]
    assert wrong == []


def test_the_narrowing_of_an_empty_line_leaves_its_inside_no_1_or_9() -> None:
    assert between_narrows(9, (511, 511, 511)) == (511, 0b011111110, 511)


def test_the_sat_clauses_hold_exactly_the_lines_that_keep_the_rule() -> None:
    size, length = 4, 4
    choice = length * size + 1
    clauses = between_clauses(size, length)

    def satisfied(digits: tuple[int, ...], up: bool) -> bool:
        true = {at * size + digit for at, digit in enumerate(digits)} | ({choice} if up else set())
        return all(any((abs(x) in true) == (x > 0) for x in clause) for clause in clauses)

    wrong = [
        digits
        for digits in product(range(1, size + 1), repeat=length)
        if (satisfied(digits, True) or satisfied(digits, False)) != keeps(digits)
    ]
    assert wrong == []


def random_lines(rng: random.Random, grid: Grid, count: int) -> tuple[Line, ...]:
    """`count` between lines of three or four cells on `grid`'s 4x4 that its digits keep."""
    n = grid.size
    found: list[Line] = []
    for _ in range(10_000):
        if len(found) == count:
            break
        path = [rng.randrange(n * n)]
        for _ in range(rng.choice((2, 3))):
            near = [c for c in range(n * n) if neighbours(n, path[-1], c) and c not in path]
            if near:
                path.append(rng.choice(near))
        if len(path) > 2 and keeps(tuple(grid.cells[cell] for cell in path)):
            found.append(Line("L", tuple(path)))
    return tuple(found)


def random_case(seed: int, every: tuple[Grid, ...]) -> tuple[Puzzle, set[tuple[int, ...]]]:
    """An empty 4x4 with two random between lines an answer keeps, and the grids that keep
    them (tried against the rule as it is said, not the engine's)."""
    rng = random.Random(seed)
    lines = random_lines(rng, rng.choice(every), 2)
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules(lines=lines, line_size=4))
    kept = {
        grid.cells
        for grid in every
        if all(keeps(tuple(grid.cells[cell] for cell in line.cells)) for line in lines)
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


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((0, 1, 0), "between line from r1c1 runs through r1c1 twice"),
        ((0, 1, 2, 1), "between line from r1c1 runs through r1c2 twice"),
        ((0, 20, 21), "between line from r1c1: cells r1c1 and r3c3 are not neighbours"),
        ((10,), "between line from r2c2 has only one circle"),
        ((0, 81), "a between line runs through cell 81, outside the 9x9 grid"),
    ],
)
def test_a_malformed_between_line_is_said_where_it_is(cells, message) -> None:
    assert between_problem(9, cells) == message


def grid_json(*lines: list[list[str]]) -> str:
    """An empty 9x9 as f-puzzles JSON with between-line shapes of `lines`' branches."""
    rows = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": rows, "betweenline": [{"lines": each} for each in lines]})


def test_a_link_with_a_malformed_between_line_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(grid_json([["R1C1", "R3C3", "R3C4"]]))


def test_a_branching_between_line_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="number 1 branches"):
        read_json(grid_json([["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1", "R3C1"]]))


def test_between_lines_are_read_from_fpuzzles_json() -> None:
    rules = read_json(grid_json([["R1C1", "R1C2", "R1C3"]])).rules
    assert rules.lines == (Line("L", ROW),)


def test_a_sudokupad_link_carrying_a_real_between_puzzle_is_read_with_them() -> None:
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    url = next(line.split()[-1] for line in lines if line.startswith("L "))
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and {line.letter for line in linked.given.rules.lines} == {"L"}


def test_between_lines_survive_the_share_code() -> None:
    puzzle = between_puzzle((9, 0, 1), (40, 30, 29, 19))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_between_lines_are_written_back_to_fpuzzles_json() -> None:
    puzzle = between_puzzle((40, 30, 29, 19))
    assert read_json(write_json(puzzle.grid, puzzle.rules)).rules == puzzle.rules


def test_ends_with_no_digit_between_them_are_said_to_clash() -> None:
    puzzle = between_puzzle(ROW, givens=(3, 0, 4))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c3 are on a between line: with 3, 4 there, some cell inside cannot lie"
        " between its ends"
    ]


def test_every_solution_keeps_its_between_lines() -> None:
    solutions = solve(between_puzzle(ROW, (8, 17, 26, 25)), max_solutions=30).solutions
    held = [keeps(tuple(grid.cells[c] for c in line)) for grid in solutions for line in (ROW,)]
    assert len(held) == 30 and all(held)


def test_the_line_rule_step_keeps_the_inside_off_1_and_9() -> None:
    step = next(line_rules(Position.from_puzzle(between_puzzle(ROW))))
    assert step.eliminations == ((1, 1), (1, 9))


def test_a_4_inside_leaves_neither_end_4() -> None:
    # r4c4 holds 4, on a line from r3c5 to r5c3 (no two of them in a unit): the smaller end
    # is 1 to 3, the larger 5 to 9.
    puzzle = between_puzzle((22, 30, 38), givens=(0,) * 30 + (4,))
    steps = line_rules(Position.from_puzzle(puzzle))
    assert [step.eliminations for step in steps] == [((22, 4),), ((38, 4),)]


def test_a_line_rule_step_is_worded_by_its_entry() -> None:
    puzzle = between_puzzle(ROW)
    step = next(line_rules(Position.from_puzzle(puzzle)))
    assert sentence(puzzle.geometry, step) == (
        "r1c1 and r1c3 end a between line through r1c2, so with what the line's other cells"
        " can still hold, r1c2 can only be 2 to 8: it cannot be 1 or 9"
    )


def test_a_board_circles_both_ends_of_a_between_line() -> None:
    drawn = drawn_cells(between_puzzle(ROW).geometry)
    assert [drawn[cell].line_parts for cell in ROW] == [
        (LinePart("between", "bulb"), LinePart("between", "to-right")),
        (LinePart("between", "to-left"), LinePart("between", "to-right")),
        (LinePart("between", "bulb"), LinePart("between", "to-left")),
    ]


def test_a_screen_reader_hears_both_circles() -> None:
    drawn = drawn_cells(between_puzzle(ROW).geometry)
    assert [drawn[cell].spoken for cell in ROW] == [
        ", between circle",
        ", between from r1c1",
        ", between circle",
    ]


def test_the_board_says_the_between_lines_rule_below_its_caption() -> None:
    assert rule_legend(between_puzzle(ROW).geometry) == (RULE_KINDS["L"].rule,)


def test_uniqueness_techniques_stay_off_under_between_lines() -> None:
    assert not Position.from_puzzle(between_puzzle(ROW), unique=True).unique
