"""What a solve's status means for a person: a heading, why, and the boards that show it
(the share link's page, play and the explanation say it alike)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..sudoku import GAVE_UP, MULTIPLE, SOLVED, DeadEnd, Puzzle, SolveResult
from ..sudoku.dead_end import CELL
from ..sudoku.place import Place
from ..sudoku.result import SAT
from ..wording import (
    ceiling_message,
    conflict_message,
    dead_end_message,
    deep_contradiction_message,
    differences_message,
    format_ms,
    sat_contradiction_message,
)
from .grid_table import Board, Cell, grid_board, place_of

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Verdict:
    """What a solve's status means for a person: a heading, why, the boards that show it, and
    what the boards show in words (`detail`, under them)."""

    heading: str
    summary: str
    reasons: tuple[str, ...]
    boards: tuple[Board[Cell], ...]
    detail: str = ""
    hidden: str = ""  # when set, the boards wait behind a button of these words (a check)


def dead_end_board(puzzle: Puzzle, dead_end: DeadEnd) -> Board[Cell]:
    """The givens with the dead end marked: the cell left with no possible value, or every
    cell of the unit left with no place for a value."""
    if dead_end.kind == CELL:
        where = Place(*dead_end.place).name
        return grid_board(puzzle, f"The puzzle, {where} marked", None, {dead_end.place}, "dead-end")
    (unit,) = (
        unit
        for unit in puzzle.geometry.units
        if (unit.kind, unit.index) == (dead_end.unit, dead_end.index)
    )
    places = {place_of(puzzle.shape, cell) for cell in unit.cells}
    caption = f"The puzzle, {dead_end.unit} {dead_end.index} marked"
    return grid_board(puzzle, caption, None, places, "dead-end-unit")


def verdict(result: SolveResult, how_many: str = "", dead_end: DeadEnd | None = None) -> Verdict:
    """The one status of a solve, said plainly, with the boards that show it; `how_many`
    counts the solutions of one with more than one, when they were counted, and `dead_end`
    is where singles run out in one with none, when that was looked for (dead_end_of)."""
    puzzle = result.puzzle
    if result.status == SOLVED:
        summary = "It has exactly one solution. The givens are in bold; the solver filled the rest."
        boards: tuple[Board[Cell], ...] = (grid_board(puzzle, "The solution", result.solution),)
        return Verdict("Solved", summary, (), boards)
    if result.status == MULTIPLE:
        first, second = result.solutions[:2]
        differences = [
            (place_of(puzzle.shape, index), a, b)
            for index, (a, b) in enumerate(zip(first.symbols, second.symbols, strict=True))
            if a != b
        ]
        differ = {place for place, _, _ in differences}
        summary = (
            f"This puzzle has {how_many or 'more than one solution'}, so it is not a proper"
            " Sudoku. Here are two;"
            f" the {len(differ)} cells where they differ are highlighted."
        )
        if not puzzle.givens and not puzzle.rules.cages:  # a Killer needs none
            summary += " The grid has no givens yet: edit it and type the puzzle's givens."
        boards = tuple(
            grid_board(puzzle, f"Solution {number}", solution, differ, "differs")
            for number, solution in enumerate((first, second), start=1)
        )
        detail = differences_message(differences)
        return Verdict("More than one solution", summary, (), boards, detail)
    if result.status == GAVE_UP and result.stopped_by_ceiling:
        # A busy moment, not the puzzle: no "needs more work", and the page is never kept.
        found = result.solutions[0] if result.solutions else None
        boards = (grid_board(puzzle, "A solution" if found else "The puzzle", found),)
        summary = ceiling_message(f"this solve after {format_ms(result.ms)}")
        return Verdict("Not decided: the server was busy", summary, (), boards)
    if result.status == GAVE_UP:
        work = f"{result.nodes:,} search nodes"
        if result.engine == SAT:
            work += f" and {result.sat_conflicts:,} SAT solver conflicts"
        summary = (
            f"The solver ran out of its work budget after {work}"
            f" ({format_ms(result.ms)}) and stopped before it could finish. This does not mean"
            " there is no solution: it did not find out."
        )
        found = result.solutions[0] if result.solutions else None
        if found:
            summary += " It found the solution below, but not whether it is the only one."
        boards = (grid_board(puzzle, "A solution" if found else "The puzzle", found),)
        return Verdict("Gave up", summary, (), boards)
    if result.conflicts:
        clashing = {place for conflict in result.conflicts for place in conflict.cells}
        caption = "The puzzle, with the clashing givens marked"
        boards = (grid_board(puzzle, caption, None, clashing, "conflict"),)
        summary = "Some givens clash, so no solution can exist:"
        reasons = tuple(conflict_message(conflict) for conflict in result.conflicts)
        return Verdict("No solution", summary, reasons, boards)
    prover = "the SAT solver" if result.engine == SAT else "the search"
    summary = (
        f"The givens do not clash, but {prover} proved that no way of filling the grid works:"
        " this puzzle has no solution."
    )
    boards = (grid_board(puzzle, "The puzzle"),)
    if dead_end:
        boards = (dead_end_board(puzzle, dead_end),)
        reason = dead_end_message(dead_end)
    elif result.engine == SAT:
        reason = sat_contradiction_message(result.sat_conflicts)
    else:
        reason = deep_contradiction_message(result.nodes)
    return Verdict("No solution", summary, (reason,), boards)
