"""What the pages show: a checked form or a solve, turned into words and boards."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ...records.json_types import JsonObject
from ...sudoku import GAVE_UP, MULTIPLE, SHAPES, SOLVED, DeadEnd, Puzzle, SolveResult
from ...sudoku.alphabet import HEX, STANDARD
from ...sudoku.dead_end import CELL
from ...sudoku.geometry import EXTRA_UNITS, geometry_of
from ...sudoku.links import open_in
from ...sudoku.place import Place
from ...sudoku.result import SAT
from ...wording import (
    ENGINE_NAMES,
    ceiling_message,
    conflict_message,
    dead_end_message,
    deep_contradiction_message,
    differences_message,
    format_ms,
    sat_contradiction_message,
)
from ..board_island import board_island
from ..grid_table import Board, Cell, board, cell, grid_board, place_of
from ..site.cage_fields import SUMS_FIELD
from ..site.region_board import (
    VariantChoice,
    cage_board,
    form_island,
    is_jigsaw_choice,
    is_killer_choice,
    region_board,
    variant_menu,
)
from ..site.region_fields import LABELS

if TYPE_CHECKING:
    from ..site.forms import PuzzleForm

# The paste box's choice of symbols, as its menu says them.
ALPHABET_CHOICE_WORDS = {
    "": "Tell from the puzzle",
    STANDARD: "1–9, then A–P",
    HEX: "0–9 and A–F (Hexadoku, 16×16)",
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: `id` for aria-describedby, `target` the field to fix."""

    id: str
    message: str
    target: str = ""


@dataclass(frozen=True)
class FieldView:
    """A paste box or upload as shown: what it holds and the messages about it."""

    value: str
    invalid: bool
    described_by: str


@dataclass(frozen=True)
class FormPage:
    """The puzzle form as shown: the grid, the sizes to pick from and what is wrong."""

    board: Board[Cell]
    problems: tuple[Problem, ...]
    puzzle: FieldView
    upload: FieldView
    notice: str = ""
    sizes: tuple[int, ...] = tuple(SHAPES)
    cells_alphabet: str = ""  # the alphabet the grid's cells are typed in ("" standard)
    alphabets: tuple[tuple[str, str, bool], ...] = ()  # the paste box's: value, words, chosen
    variants: tuple[VariantChoice, ...] = ()
    variant_invalid: str = ""  # the problems about the variant menu, for aria-describedby
    regions: Board[Cell] | None = None  # the region map's fields
    regions_open: bool = False  # the region map shown unfolded: a Jigsaw is chosen
    region_labels: str = ""  # the labels regions.js offers to paint with, one a region
    cages: Board[Cell] | None = None  # the cage map's fields
    cages_open: bool = False  # the cage map shown unfolded: a Killer is chosen
    cage_sums: FieldView | None = None  # the cage map's sums field
    island: JsonObject = field(default_factory=dict)  # what grid.js is told of the board

    @property
    def heading(self) -> str:
        """The page's title and its <h1>: what the person is asked to do."""
        return "Fix the puzzle" if self.problems else "Solve a Sudoku"


@dataclass(frozen=True)
class Links:
    """Where a result page leads: its own share link (absolute), the form to edit it, and
    the puzzle in other solvers (`elsewhere`: label and address pairs, 9x9 only)."""

    share: str
    edit: str
    elsewhere: tuple[tuple[str, str], ...] = ()


def open_elsewhere(puzzle: Puzzle) -> tuple[tuple[str, str], ...]:
    """Links that open a 9x9 puzzle in other solvers (links.open_in); none for others."""
    return tuple((f"Open in {link.site}", link.url) for link in open_in(puzzle))


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


@dataclass(frozen=True)
class ResultPage:
    """A solve as shown: one status and its verdict, the figures, and the links onward."""

    status: str
    verdict: Verdict
    figures: tuple[tuple[str, str], ...]
    links: Links
    timed: tuple[str, ...] = ("Time",)  # figures that are timings: no part of the ETag


def form_page(form: PuzzleForm, notice: str = "", about_request: Iterable[str] = ()) -> FormPage:
    """The form with every problem listed once and marked on the fields it concerns.

    `about_request` are problems with the request itself (a share link's code) that no
    field holds; they come first.
    """
    problems: list[Problem] = []
    notes: dict[str, list[str]] = defaultdict(list)

    def report(message: str, names: Iterable[str] = ()) -> None:
        names = list(names)
        problem = Problem(f"problem-{len(problems) + 1}", message, names[0] if names else "")
        problems.append(problem)
        for name in names:
            notes[name].append(problem.id)

    for message in (*about_request, *form.size.errors, *form.alphabet.errors):
        report(message)
    for message in form.variant.errors:
        report(message, [form.variant.id])
    for shown in form.cell_fields():
        for message in shown.errors:
            report(message, [shown.id])
    in_region = form.region_problem_fields
    for shown in form.region_fields():
        for message in shown.errors:
            report(message, in_region if shown.id in in_region else [shown.id])
    in_cage = form.cage_problem_fields
    for shown in form.cage_fields():
        for message in shown.errors:
            report(message, in_cage if shown.id in in_cage else [shown.id])
    sums = form[SUMS_FIELD] if form.cage_fields() else None
    if sums is not None:
        for message in sums.errors:
            report(message, [sums.id])
    for conflict in form.conflicts:
        report(conflict_message(conflict), (Place(*place).name for place in conflict.cells))
    for pasted in (form.puzzle, form.upload):
        for message in pasted.errors:
            report(message, [pasted.id])

    shape = form.shape
    # "clash" marks a cell the script may unmark once the clash is fixed (it marks live ones so).
    clashing = {Place(*place).name for conflict in form.conflicts for place in conflict.cells}
    cells = [
        cell(
            shape,
            index,
            typed.data or "",
            "clash" if typed.id in clashing else "",
            described_by=" ".join(notes[typed.id]),
        )
        for index, typed in enumerate(form.cell_fields())
    ]
    caption = f"{shape.name} puzzle: type the givens, leave the other cells blank"
    geometry = form.rules.geometry(shape) if form.rules is not None else None
    # The script is told every unit a variant on offer may add, and which apply to each.
    offered = tuple(letter for letter, kind in EXTRA_UNITS.items() if kind.unfit(shape) is None)
    island = board_island(geometry_of(shape, offered), shape.symbols)
    variant = form.variant.data or "classic"
    return FormPage(
        board=board(shape, caption, cells, geometry),
        problems=tuple(problems),
        puzzle=_field(form.puzzle.data or "", ["puzzle-hint", *notes["puzzle"]]),
        upload=_field("", notes["upload"]),
        notice=notice,
        cells_alphabet="" if form.written_in == STANDARD else form.written_in,
        alphabets=tuple(
            (value, words, value == form.alphabet.data)
            for value, words in ALPHABET_CHOICE_WORDS.items()
        ),
        variants=variant_menu(shape, variant),
        variant_invalid=" ".join(notes[form.variant.id]),
        regions=region_board(shape, form.region_fields(), notes),
        regions_open=is_jigsaw_choice(variant) or bool(in_region),
        region_labels=LABELS[: shape.size],
        cages=cage_board(shape, form.cage_fields(), notes),
        cages_open=is_killer_choice(variant) or bool(in_cage) or bool(sums and sums.errors),
        cage_sums=_field(sums.data or "", ["cage-sums-hint", *notes[sums.id]]) if sums else None,
        island=form_island(island, shape),
    )


def _field(value: str, described_by: list[str]) -> FieldView:
    """A field's state; it is invalid when a problem (not only a hint) describes it."""
    invalid = any(name.startswith("problem-") for name in described_by)
    return FieldView(value, invalid, " ".join(described_by))


def result_page(
    result: SolveResult,
    links: Links,
    how_many: str = "",
    dead_end: DeadEnd | None = None,
    check: bool = False,
) -> ResultPage:
    """Everything the result template shows about one solve, built in this one place;
    `how_many` says how many solutions one with more than one has ("exactly 5 solutions"),
    `dead_end` where singles run out in one with none (page_facts.py found both). `check`:
    a learner's check, whose answers stay hidden until asked for (checked)."""
    puzzle = result.puzzle
    engine = (
        "Gave up in" if result.status == GAVE_UP else "Decided by",
        ENGINE_NAMES[result.engine],
    )
    figures = (
        ("Time", format_ms(result.ms)),
        engine,
        ("Search nodes", f"{result.nodes:,}"),
        *((("SAT conflicts", f"{result.sat_conflicts:,}"),) if result.engine == SAT else ()),
        ("Givens", f"{puzzle.givens} of {puzzle.shape.cell_count}"),
        *(
            (("Variant", f"{puzzle.rules.name} {puzzle.shape.name}"),)
            if not puzzle.rules.classic
            else ()
        ),
    )
    said = verdict(result, how_many, dead_end)
    return ResultPage(result.status, checked(said, result) if check else said, figures, links)


def checked(said: Verdict, result: SolveResult) -> Verdict:
    """A verdict for someone stuck on a puzzle who asked only whether it is sound: the
    solutions it found wait behind "Show the solution" (two, for one with more)."""
    if result.status == SOLVED:
        summary = (
            "Your puzzle is a proper Sudoku: it has exactly one solution. Its answer is hidden"
            " below until you ask for it; play it or follow its explanation step by step."
        )
        return replace(
            said, heading="It has one solution", summary=summary, hidden="Show the solution"
        )
    if result.status == MULTIPLE:
        return replace(said, hidden="Show two of its solutions")
    return said


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
