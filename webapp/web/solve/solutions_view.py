"""What pages say about how many solutions a puzzle has, and the page that lists them
(/solve/<code>?all=1): every solution found, up to the listing cap, each board marking the
cells where it differs from the first."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...sudoku import Grid, Puzzle
from ...sudoku.alphabet import alphabet_of
from ...sudoku.counting import CAP, COUNTED, SolutionCount
from ...wording import solution_count_message, solution_count_number
from ..grid_table import Board, Cell, grid_board, place_of
from ..shown_alphabet import link_values
from ..solution_counts import listed_for

# The class of a cell that differs from the first solution (grid_table.NOTES words it).
UNLIKE_FIRST = "unlike-first"


@dataclass(frozen=True)
class SolutionsLink:
    """The result page's way to the list of solutions: where, and what the link says."""

    href: str
    label: str


@dataclass(frozen=True)
class SolutionsPage:
    """The list of a puzzle's solutions as shown: a heading, how many there are, what the
    list leaves out, the boards, and the links back."""

    heading: str
    summary: str
    unshown: str
    boards: tuple[Board[Cell], ...]
    result: str
    edit: str


def solutions_link(code: str, count: SolutionCount, alphabet: str) -> SolutionsLink | None:
    """The link to the list of solutions when it shows more than the two the result page
    does: "See all 5 solutions", "See the first 100", or "See the 37 found"; in `alphabet`."""
    listed = len(count.solutions)
    if count.count <= 2 or listed <= 2:
        return None
    href = url_for("solve.result", code=code, all=1, **link_values(alphabet))
    if count.exact and listed == count.count:
        return SolutionsLink(href, f"See all {count.count:,} solutions")
    if listed < count.count:
        return SolutionsLink(href, f"See the first {listed:,}")
    return SolutionsLink(href, f"See the {listed:,} found")


def solutions_page(puzzle: Puzzle, count: SolutionCount) -> SolutionsPage:
    """Every solution `count` kept, as boards, and words for what the page does not show."""
    solutions = count.solutions
    listed = len(solutions)
    if count.exact and listed == count.count:
        heading = f"All {listed:,} solutions"
    elif listed < count.count:
        heading = f"The first {listed:,} of {solution_count_number(count).removeprefix('exactly ')}"
    else:
        heading = f"The {listed:,} solutions found"
    summary = (
        f"This puzzle has {solution_count_message(count)}, so it is not a proper Sudoku. On"
        " every board after the first, the cells that differ from solution 1 are highlighted."
    )
    return SolutionsPage(
        heading=heading,
        summary=summary,
        unshown=_unshown(count, puzzle),
        boards=tuple(
            _board(puzzle, number, solution, solutions[0])
            for number, solution in enumerate(solutions, start=1)
        ),
        result=url_for("solve.result", code=puzzle.code, **link_values(alphabet_of(puzzle.shape))),
        edit=url_for("site.index", puzzle=puzzle.code, **link_values(alphabet_of(puzzle.shape))),
    )


def _unshown(count: SolutionCount, puzzle: Puzzle) -> str:
    """What the list leaves out, in words; "" when it shows every solution there is."""
    listed = len(count.solutions)
    size = f"{puzzle.size}×{puzzle.size}"
    left_out = f" This page lists at most {listed_for(puzzle.shape):,} solutions of a {size} grid."
    if count.exact:
        if listed == count.count:
            return ""
        return f"The other {count.count - listed:,} are not shown.{left_out}"
    if count.stopped_by == CAP:
        return (
            f"Counting stops at {COUNTED:,} solutions, so there may be many more; only the"
            f" first {listed:,} are shown.{left_out if listed < count.count else ''}"
        )
    more = f"; only the first {listed:,} are shown" if listed < count.count else ""
    return (
        f"Counting ran out of its work budget after {count.count:,} solutions, so there may"
        f" be more{more}."
    )


def _board(puzzle: Puzzle, number: int, solution: Grid, first: Grid) -> Board[Cell]:
    """Solution `number`, the cells where it differs from `first` marked."""
    differ = {
        place_of(puzzle.shape, index)
        for index, (a, b) in enumerate(zip(first.cells, solution.cells, strict=True))
        if a != b
    }
    caption = f"Solution {number}"
    if number > 1:
        caption += f": {len(differ)} cells differ from solution 1"
    # the solution in the symbols the puzzle is shown in (shown_alphabet.py)
    shown = Grid(puzzle.shape, solution.cells)
    return grid_board(puzzle, caption, shown, differ, UNLIKE_FIRST)
