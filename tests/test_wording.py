"""The one phrasing of what the product says: conflicts, lists, places and durations."""

from __future__ import annotations

import pytest

from webapp.sudoku import Conflict, DeadEnd, PuzzleError, parse
from webapp.sudoku.counting import CAP, NODES, TIME, SolutionCount
from webapp.sudoku.dead_end import CELL, UNIT
from webapp.sudoku.place import Place
from webapp.wording import (
    conflict_headline,
    conflict_message,
    dead_end_message,
    deep_contradiction_message,
    differences_message,
    format_ms,
    in_words,
    link_code_problem,
    solution_count_message,
    solution_count_number,
)


@pytest.mark.parametrize(
    ("conflict", "message"),
    [
        (Conflict("row", 3, "5", ((3, 2), (3, 7))), "Row 3 has two 5s (columns 2 and 7)"),
        (Conflict("column", 7, "5", ((2, 7), (8, 7))), "Column 7 has two 5s (rows 2 and 8)"),
        (Conflict("box", 1, "5", ((1, 1), (2, 3))), "Box 1 has two 5s (r1c1 and r2c3)"),
        (
            Conflict("row", 1, "7", ((1, 1), (1, 4), (1, 7))),
            "Row 1 has three 7s (columns 1, 4 and 7)",
        ),
        (Conflict("diagonal", 1, "5", ((1, 1), (5, 5))), "Diagonal 1 has two 5s (r1c1 and r5c5)"),
        (Conflict("row", 2, "A", ((2, 1), (2, 16))), "Row 2 has two As (columns 1 and 16)"),
    ],
)
def test_conflicts_are_worded_by_unit(conflict, message):
    assert conflict_message(conflict) == message


@pytest.mark.parametrize(
    ("ms", "shown"),
    [(0.4213, "0.42 ms"), (6.46, "6.5 ms"), (340.2, "340 ms"), (1250.0, "1.25 s")],
)
def test_durations_read_naturally(ms, shown):
    assert format_ms(ms) == shown


@pytest.mark.parametrize(
    ("items", "words"),
    [(["7"], "7"), (["2", "7"], "2 and 7"), (["2", "5", "7"], "2, 5 and 7")],
)
def test_lists_read_as_a_person_says_them(items, words):
    assert in_words(items) == words


@pytest.mark.parametrize(
    ("count", "headline"),
    [(2, "Row 1 has two 5s"), (7, "Row 1 has seven 5s"), (25, "Row 1 has twenty-five 5s")],
)
def test_counts_are_words_so_seven_5s_never_reads_75s(count, headline):
    cells = tuple((1, col) for col in range(1, count + 1))
    assert conflict_headline(Conflict("row", 1, "5", cells)) == headline


def test_places_are_named_row_then_column():
    assert Place(3, 17).name == "r3c17"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "hello",
            "The link's code: expected 16 cells, found 5"
            " (a puzzle has 16, 36, 81, 144, 256 or 625 cells)",
        ),
        (
            "12x4",
            "The link's code, character 3: 'x' is not a Sudoku symbol"
            " (symbols are 1-9 and A-P; . or 0 is a blank)",
        ),
        ("12\nx", "The link's code: line 2, column 1: 'x' is not a Sudoku symbol"),
    ],
)
def test_a_link_code_problem_is_said_about_the_link(code, message):
    with pytest.raises(PuzzleError) as caught:
        parse(code)
    assert link_code_problem(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("count", "ending"),
    [
        (4, "r1c1 (1 or 2), r1c2 (1 or 2), r1c3 (1 or 2) and r1c4 (1 or 2)."),
        (30, "r1c29 (1 or 2) and r1c30 (1 or 2)."),
        (31, "r1c29 (1 or 2), r1c30 (1 or 2) and 1 more."),
        (100, "r1c30 (1 or 2) and 70 more."),
    ],
)
def test_the_cells_two_solutions_differ_in_are_listed_then_counted(count, ending):
    differences = [((1, col), "1", "2") for col in range(1, count + 1)]
    message = differences_message(differences)
    assert message.startswith(f"They differ in {count} cells: r1c1 (1 or 2), ")
    assert message.endswith(ending)


@pytest.mark.parametrize(
    ("dead_end", "message"),
    [
        (DeadEnd(CELL, 0, place=(1, 9)), "The givens leave r1c9 with no possible value"),
        (
            DeadEnd(CELL, 1, place=(4, 5)),
            "Filling in the one cell the givens force leaves r4c5 with no possible value",
        ),
        (
            DeadEnd(CELL, 37, place=(4, 5)),
            "Filling in the 37 cells the givens force leaves r4c5 with no possible value",
        ),
        (
            DeadEnd(UNIT, 0, unit="row", index=1, symbol="9"),
            "The givens leave no place for 9 in row 1",
        ),
        (
            DeadEnd(UNIT, 136, unit="box", index=9, symbol="G"),
            "Filling in the 136 cells the givens force leaves no place for G in box 9",
        ),
    ],
)
def test_a_dead_end_is_worded_by_kind(dead_end, message):
    assert dead_end_message(dead_end) == message


@pytest.mark.parametrize(("nodes", "tried"), [(1, "one branch"), (2625, "2,625 branches")])
def test_a_deeper_contradiction_says_how_much_search_it_took(nodes, tried):
    message = deep_contradiction_message(nodes)
    assert message.startswith("Filling in what the givens force runs into no dead end by itself")
    assert f"the search tried {tried} and each ran into a cell or a unit with no option" in message


@pytest.mark.parametrize(
    ("count", "number", "message"),
    [
        (SolutionCount(5, True), "exactly 5 solutions", "exactly 5 solutions"),
        (SolutionCount(1, True), "exactly 1 solution", "exactly 1 solution"),
        (SolutionCount(2847, True), "exactly 2,847 solutions", "exactly 2,847 solutions"),
        (
            SolutionCount(1000, False, stopped_by=CAP),
            "at least 1,000 solutions",
            "at least 1,000 solutions (counting stops there)",
        ),
        (
            SolutionCount(2, False, stopped_by=NODES),
            "at least 2 solutions",
            "at least 2 solutions (counting them ran out of its work budget)",
        ),
        (
            SolutionCount(37, False, stopped_by=TIME),
            "at least 37 solutions",
            "at least 37 solutions (the server stopped counting to stay responsive)",
        ),
    ],
)
def test_a_solution_count_says_whether_it_is_exact_and_why_it_stopped(count, number, message):
    assert solution_count_number(count) == number
    assert solution_count_message(count) == message
