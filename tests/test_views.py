"""The view models: problems worded and linked to their fields, one status per solve."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from webapp.sudoku import GAVE_UP, NO_SOLUTION, SOLVED, Budget, SolveResult, parse, solve
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.result import SAT
from webapp.web.page_facts import dead_end_of
from webapp.web.puzzle_form.reading import read_form
from webapp.web.puzzle_form.view import form_page
from webapp.web.solve.view import Links, result_page
from webapp.web.verdicts import verdict
from webapp.wording import format_ms

from puzzles import CLASHING, NORVIG_IMPOSSIBLE, data_lines

# A 25x25 puzzle beyond the search (singles reach no dead end), and its answer.
BIG, _, BIG_ANSWER = data_lines("sat_25x25_answers.txt")[0]


def test_a_clean_form_has_no_problems():
    page = form_page(read_form(MultiDict({"size": "4"})))
    assert page.problems == ()
    assert page.board.size == 4
    assert not page.puzzle.invalid
    assert page.puzzle.described_by == "puzzle-hint"


def test_each_problem_is_listed_once_and_marked_on_its_cells():
    form = read_form(MultiDict({"r3c7": "x", "r1c1": "5", "r1c2": "5"}))
    page = form_page(form, notice="Look here")
    assert [(p.id, p.message, p.target) for p in page.problems] == [
        ("problem-1", "r3c7: 'x' is not a digit from 1 to 9", "r3c7"),
        ("problem-2", "Row 1 has two 5s (columns 1 and 2)", "r1c1"),
        ("problem-3", "Box 1 has two 5s (r1c1 and r1c2)", "r1c1"),
    ]
    cells = {c.name: c for band in page.board.bands for row in band for c in row}
    assert cells["r3c7"].described_by == "problem-1"
    assert cells["r3c7"].symbol == "x"
    assert cells["r1c1"].described_by == "problem-2 problem-3"
    assert cells["r1c2"].invalid
    assert not cells["r1c3"].invalid
    assert page.notice == "Look here"


def test_a_paste_problem_is_marked_on_the_paste_box():
    page = form_page(read_form(MultiDict({"puzzle": "12x"})))
    assert page.problems[0].target == "puzzle"
    assert page.puzzle.invalid
    assert page.puzzle.described_by == "puzzle-hint problem-1"
    assert page.puzzle.value == "12x"


def test_a_size_problem_has_no_field_to_point_at():
    page = form_page(read_form(MultiDict({"size": "7"})))
    assert page.problems[0].target == ""


def test_problems_with_the_request_come_first_and_point_at_no_field():
    form = read_form(MultiDict({"size": "7"}))
    page = form_page(form, "Bad link", ("The link's code: expected 81 cells, found 80",))
    assert [(p.message, p.target) for p in page.problems] == [
        ("The link's code: expected 81 cells, found 80", ""),
        ("There is no grid of that size: choose 4, 6, 9, 12, 16 or 25", ""),
    ]
    assert page.heading == "Fix the puzzle"
    assert not page.puzzle.invalid


def test_a_form_without_problems_is_headed_solve_a_sudoku():
    assert form_page(read_form(MultiDict())).heading == "Solve a Sudoku"


def test_solved(unique_puzzle):
    page = verdict(solve(Puzzle(parse(unique_puzzle.puzzle))))
    assert page.heading == "Solved"
    assert "exactly one solution" in page.summary
    [solution] = page.boards
    assert "".join(c.symbol for band in solution.bands for row in band for c in row) == (
        unique_puzzle.solution
    )


def test_more_than_one_solution_shows_two_with_the_differences_marked(multiple_puzzle):
    result = solve(Puzzle(parse(multiple_puzzle.puzzle)))
    page = verdict(result)
    assert page.heading == "More than one solution"
    first, second = result.solutions
    differ = sum(a != b for a, b in zip(first.cells, second.cells, strict=True))
    assert f"the {differ} cells where they differ are highlighted" in page.summary
    assert [b.caption for b in page.boards] == ["Solution 1", "Solution 2"]
    for shown in page.boards:
        marked = [c for band in shown.bands for row in band for c in row if "differs" in c.classes]
        assert len(marked) == differ
    assert page.detail.startswith(f"They differ in {differ} cells: ")
    assert page.detail.count(" or ") == min(differ, 30)


@pytest.mark.parametrize(
    ("how_many", "says"),
    [
        ("", "This puzzle has more than one solution, so it is not a proper Sudoku."),
        ("exactly 5 solutions", "This puzzle has exactly 5 solutions, so it is not a proper"),
    ],
)
def test_more_than_one_solution_says_how_many_when_counted(multiple_sample, how_many, says):
    page = verdict(solve(Puzzle(parse(multiple_sample.puzzle))), how_many)
    assert page.summary.startswith(says)
    assert "Here are two;" in page.summary
    assert len(page.boards) == 2


def test_clashing_givens_say_why_there_is_no_solution():
    page = verdict(solve(Puzzle(parse(CLASHING))))
    assert page.heading == "No solution"
    assert page.reasons == (
        "Row 1 has two 5s (columns 1 and 2)",
        "Box 1 has two 5s (r1c1 and r1c2)",
    )
    cells = [c for band in page.boards[0].bands for row in band for c in row]
    assert [c.name for c in cells if "conflict" in c.classes] == ["r1c1", "r1c2"]


@pytest.mark.parametrize(
    ("puzzle", "reason"),
    [
        ("12345678." + "........9" + "." * 63, "The givens leave r1c9 with no possible value"),
        (
            "..3.2.6..9..3.5..1..18.64...381.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "Filling in the 25 cells the givens force leaves no place for 6 in column 9",
        ),
        (NORVIG_IMPOSSIBLE, "Filling in what the givens force runs into no dead end by itself"),
    ],
    ids=["at-once", "after-singles", "search-only"],
)
def test_an_impossible_puzzle_without_clashes_says_where_it_fails(puzzle, reason):
    result = solve(Puzzle(parse(puzzle)))
    page = verdict(result, dead_end=dead_end_of(result))
    assert page.heading == "No solution"
    assert "the search proved" in page.summary
    [said] = page.reasons
    assert said.startswith(reason)
    if puzzle == NORVIG_IMPOSSIBLE:
        assert f"tried {result.nodes:,} branches" in said


def test_giving_up_never_says_no_solution(impossible_puzzle):
    page = verdict(solve(Puzzle(parse(impossible_puzzle.puzzle)), budget=Budget(nodes=20)))
    assert page.heading == "Gave up"
    assert "ran out of its work budget" in page.summary
    assert "This does not mean there is no solution" in page.summary
    assert "No solution" not in page.heading


def test_a_solve_the_ceiling_stopped_says_the_server_was_busy_not_the_puzzle(impossible_puzzle):
    stopped = solve(Puzzle(parse(impossible_puzzle.puzzle)), budget=Budget(ceiling_seconds=0.0))
    page = verdict(stopped)
    assert page.heading == "Not decided: the server was busy"
    assert "The server stopped this solve" in page.summary
    assert "says nothing about the puzzle" in page.summary and "Try again" in page.summary
    assert "ran out of its work budget" not in page.summary
    assert "No solution" not in page.heading


def test_giving_up_after_finding_one_solution_says_so(unique_puzzle):
    # A budget this small rarely stops a search between its first and second
    # solution, so the result is written out: the view only reads it.
    found = SolveResult(
        GAVE_UP,
        Puzzle(parse(unique_puzzle.puzzle)),
        (parse(unique_puzzle.solution),),
        nodes=9,
        ms=1.0,
    )
    page = verdict(found)
    assert page.heading == "Gave up"
    assert "It found the solution below, but not whether it is the only one." in page.summary
    assert page.boards[0].caption == "A solution"


def test_a_result_page_carries_the_status_figures_and_links(unique_puzzle):
    result = solve(Puzzle(parse(unique_puzzle.puzzle)))
    links = Links(share="https://example.org/solve/x", edit="/?puzzle=x")
    page = result_page(result, links)
    assert (page.status, page.verdict) == ("solved", verdict(result))
    assert dict(page.figures) == {
        "Time": format_ms(result.ms),
        "Decided by": "exact search",
        "Search nodes": f"{result.nodes:,}",
        "Givens": f"{result.puzzle.givens} of 81",
    }
    assert page.links == links


@pytest.mark.parametrize(
    ("status", "engine_figure"),
    [
        (SOLVED, ("Decided by", "SAT solver (CaDiCaL)")),
        (NO_SOLUTION, ("Decided by", "SAT solver (CaDiCaL)")),
        (GAVE_UP, ("Gave up in", "SAT solver (CaDiCaL)")),
    ],
)
def test_a_result_the_sat_solver_had_shows_its_conflicts(status, engine_figure):
    found = (parse(BIG_ANSWER),) if status == SOLVED else ()
    result = SolveResult(
        status, Puzzle(parse(BIG)), found, nodes=400, ms=300.0, engine=SAT, sat_conflicts=1234
    )
    figures = result_page(result, Links(share="", edit="")).figures
    assert figures[1] == engine_figure
    assert dict(figures)["Search nodes"] == "400"
    assert dict(figures)["SAT conflicts"] == "1,234"


def test_the_sat_solver_is_named_as_the_one_that_proved_or_ran_out():
    puzzle = Puzzle(parse(BIG))
    proved = verdict(SolveResult(NO_SOLUTION, puzzle, engine=SAT, sat_conflicts=57, ms=1.0))
    assert "the SAT solver proved that no way of filling the grid works" in proved.summary
    [reason] = proved.reasons
    assert reason.endswith("the SAT solver proved it, after 57 conflicts")
    out = verdict(SolveResult(GAVE_UP, puzzle, nodes=9, engine=SAT, sat_conflicts=5000, ms=1.0))
    assert "after 9 search nodes and 5,000 SAT solver conflicts" in out.summary
