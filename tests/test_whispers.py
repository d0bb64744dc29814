"""German whispers (webapp/sudoku/whispers.py, the registry's "G"): neighbouring digits on a
green line differ by at least half the grid's size, rounded up (5 on a 9x9). A malformed
whisper is refused with a named, located message, from a link too; whispers live in the share
code and are read from and written back to f-puzzles JSON with their value, f-puzzles' drawn
copy of each is not refused as a drawing; a board draws them without a bulb. A real whisper
puzzle solves to its published solution in tests/test_real_marked_links.py."""

from __future__ import annotations

import json

import pytest

from webapp.explanations.relations import relation_pair_sentence
from webapp.sudoku import SHAPES, Grid, PuzzleError, solve
from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import read_json, write_json
from webapp.sudoku.logic.position import Position
from webapp.sudoku.logic.relations import relation_pairs
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import RULE_KINDS, Line
from webapp.sudoku.whispers import least_gap, whisper_problem
from webapp.web.variant_drawing import LinePart, drawn_cells, rule_legend
from webapp.wording import conflict_message

from puzzles import DATA


def whisper_puzzle(*lines: tuple[int, ...], size: int = 9, givens: tuple[int, ...] = ()) -> Puzzle:
    """A size x size grid holding `givens` (then empty) with German whispers over `lines`."""
    cells = givens + (0,) * (size * size - len(givens))
    return Puzzle(
        Grid(SHAPES[size], cells),
        Rules(lines=tuple(Line("G", each) for each in lines), line_size=size),
    )


def fpuzzles(whispers: list[dict[str, object]], **more: object) -> str:
    """An empty 9x9 as f-puzzles JSON with `whispers` and the `more` keys."""
    grid = [[{} for _ in range(9)] for _ in range(9)]
    return json.dumps({"size": 9, "grid": grid, "whispers": whispers, **more})


@pytest.mark.parametrize(("size", "gap"), [(4, 2), (6, 3), (9, 5), (16, 8)])
def test_the_gap_is_half_the_size_rounded_up(size, gap) -> None:
    assert least_gap(size) == gap


def test_neighbours_on_a_whisper_differ_by_at_least_the_gap_in_every_solution() -> None:
    line = (0, 1, 5, 6)  # r1c1 r1c2 r2c2 r2c3 of a 4x4
    solutions = solve(whisper_puzzle(line, size=4), max_solutions=300).solutions
    steps = list(zip(line, line[1:], strict=False))
    gaps = [abs(found.cells[a] - found.cells[b]) for found in solutions for a, b in steps]
    assert solutions and min(gaps) == 2


def test_a_five_never_sits_on_a_nine_by_nine_whisper() -> None:
    solutions = solve(whisper_puzzle((0, 10, 20)), max_solutions=30).solutions
    assert solutions and all(
        5 not in (found.cells[0], found.cells[10], found.cells[20]) for found in solutions
    )


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ((0, 1, 0), "German whisper from r1c1 runs through r1c1 twice"),
        ((0, 20), "German whisper from r1c1: cells r1c1 and r3c3 are not neighbours"),
        ((10,), "German whisper at r2c2 has one cell only"),
    ],
)
def test_a_malformed_whisper_is_said_where_it_is(cells, message) -> None:
    assert whisper_problem(9, cells) == message


def test_a_link_with_a_malformed_whisper_is_refused_naming_it() -> None:
    with pytest.raises(PuzzleError, match="cells r1c1 and r3c3 are not neighbours"):
        read_json(fpuzzles([{"lines": [["R1C1", "R3C3"]], "value": "5"}]))


def test_a_whisper_of_another_gap_is_refused_naming_its_value() -> None:
    with pytest.raises(PuzzleError, match="number 1 has the value '4'; the solver reads German"):
        read_json(fpuzzles([{"lines": [["R1C1", "R1C2"]], "value": "4"}]))


def test_fpuzzles_drawn_copy_of_a_whisper_is_read_as_the_whisper() -> None:
    copy = {"lines": [["R1C1", "R1C2"]], "outlineC": "#67F067", "fromConstraint": "Whispers"}
    found = read_json(fpuzzles([{"lines": [["R1C1", "R1C2"]], "value": "5"}], line=[copy]))
    assert found.rules.lines == (Line("G", (0, 1)),)


def test_a_drawn_line_that_copies_no_whisper_is_still_refused() -> None:
    copy = {"lines": [["R1C1", "R2C1"]], "outlineC": "#67F067", "fromConstraint": "Whispers"}
    with pytest.raises(PuzzleError, match="drawn lines"):
        read_json(fpuzzles([{"lines": [["R1C1", "R1C2"]], "value": "5"}], line=[copy]))


def test_whispers_survive_the_share_code() -> None:
    puzzle = whisper_puzzle((9, 0, 1), (80, 70))
    assert read_code(puzzle.code).rules == puzzle.rules


def test_whispers_are_written_back_to_fpuzzles_json_with_their_value() -> None:
    puzzle = whisper_puzzle((40, 30, 29), size=9)
    written = write_json(puzzle.grid, puzzle.rules)
    value = json.loads(written)["whispers"][0]["value"]
    assert (value, read_json(written).rules) == ("5", puzzle.rules)


def test_givens_too_close_on_a_whisper_are_said_to_clash() -> None:
    puzzle = whisper_puzzle((0, 1), givens=(3, 7))
    assert [conflict_message(each) for each in find_conflicts(puzzle)] == [
        "r1c1 and r1c2 are next to each other on a German whisper: 3 and 7 are too close"
    ]


def test_the_related_pair_step_leaves_a_whisper_cell_only_far_digits() -> None:
    # r1c1 holds 3 (a given): its neighbour on the whisper can only be 8 or 9.
    position = Position.from_puzzle(whisper_puzzle((0, 1), givens=(3,)))
    gone = {
        value for step in relation_pairs(position) for cell, value in step.eliminations if cell == 1
    }
    assert gone == {1, 2, 4, 5, 6, 7}


def test_a_whisper_step_is_worded_by_its_entry() -> None:
    puzzle = whisper_puzzle((0, 1), givens=(3,))
    step = next(relation_pairs(Position.from_puzzle(puzzle)))
    assert relation_pair_sentence(puzzle.geometry, step).startswith(
        "r1c1 and r1c2 are next to each other on a German whisper, so they differ by at least"
    )


def test_a_board_draws_a_whisper_without_a_bulb() -> None:
    drawn = drawn_cells(whisper_puzzle((0, 10)).geometry)
    assert (drawn[0].line_parts, drawn[10].line_parts) == (
        (LinePart("whisper", "to-below-right"),),
        (LinePart("whisper", "to-above-left"),),
    )


def test_a_screen_reader_hears_which_whisper_a_cell_is_on() -> None:
    drawn = drawn_cells(whisper_puzzle((0, 1)).geometry)
    assert (drawn[0].spoken, drawn[1].spoken) == (", whisper from r1c1", ", whisper from r1c1")


def test_the_board_says_the_whispers_rule_below_its_caption() -> None:
    assert rule_legend(whisper_puzzle((0, 1)).geometry) == (RULE_KINDS["G"].rule,)


def test_uniqueness_techniques_stay_off_under_whispers() -> None:
    assert not Position.from_puzzle(whisper_puzzle((0, 1)), unique=True).unique


def test_a_sudokupad_link_carrying_a_real_whisper_puzzle_is_read_with_its_whispers() -> None:
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    url = next(line.split()[-1] for line in lines if line.startswith("G "))
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and {line.letter for line in linked.given.rules.lines} == {"G"}
