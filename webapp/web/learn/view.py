"""What the learn pages show: the techniques by family, a lesson with its worked examples, and
a practice position with its candidates as toggles, the verdict and, on request, the step."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...explanations import sentence
from ...explanations.names import technique_name
from ...explanations.words import capitalized, cell_name
from ...sudoku.lessons import Attempt, BankEntry
from ...sudoku.lessons.bank import CLASSIC
from ...sudoku.logic import Position, Step, bits_of
from ..chain_drawing import ChainDrawing, chain_drawing
from ..grid_table import Board
from ..pencil_board import KeyEntry, MarkedCell, pencil_board
from .lessons import FAMILIES, FAMILY_OF, LESSONS, Family, Lesson
from .practice import Chosen, VerdictWords
from .shipped import (
    PRACTICE_WANTED,
    RATINGS,
    WITHOUT_EXAMPLES,
    examples_of,
    positions,
    sizes_of,
    step_of,
)


@dataclass(frozen=True)
class TechniqueRow:
    """A technique in the list: name, rating on Sudoku Explainer's scale, summary, links."""

    slug: str
    name: str
    rating: str
    summary: str
    href: str
    written: bool
    practice: int  # practice positions on a 9x9 (or its first size)

    @property
    def few(self) -> bool:
        """True when some practice positions are known but fewer than PRACTICE_WANTED."""
        return 0 < self.practice < PRACTICE_WANTED


@dataclass(frozen=True)
class FamilyView:
    """A family's techniques, easiest first."""

    key: str
    name: str
    about: str
    rows: tuple[TechniqueRow, ...]


def rating_text(slug: str) -> str:
    """ "3.2", or "1.2-1.5" for a technique rated by where it is found."""
    low, high = RATINGS.get(slug, (0.0, 0.0))
    return f"{low:.1f}" if low == high else f"{low:.1f}-{high:.1f}"


def technique_row(lesson: Lesson) -> TechniqueRow:
    """A lesson's line in a list."""
    sizes = sizes_of(lesson.slug)
    return TechniqueRow(
        lesson.slug,
        technique_name(lesson.slug),
        rating_text(lesson.slug),
        lesson.summary,
        url_for("learn.lesson", slug=lesson.slug),
        lesson.written,
        len(positions(lesson.slug, sizes[0])) if sizes else 0,
    )


def family_view(family: Family) -> FamilyView:
    """A family with its techniques in rating order (the listed order on ties)."""
    ordered = sorted(family.lessons, key=lambda lesson: RATINGS.get(lesson.slug, (0.0,))[0])
    return FamilyView(
        family.key, family.name, family.about, tuple(technique_row(lesson) for lesson in ordered)
    )


def learn_index() -> tuple[FamilyView, ...]:
    """Every family, in the order a learner meets them."""
    return tuple(family_view(family) for family in FAMILIES)


def path_island(families: tuple[FamilyView, ...]) -> list[list[str]]:
    """What the learning path's script needs of each technique, in the list's order: its
    slug, name, lesson and practice links ("" when it has no practice position yet)."""
    island = []
    for family in families:
        for row in family.rows:
            sizes = sizes_of(row.slug)
            practice = url_for("learn.practice", slug=row.slug, size=sizes[0]) if sizes else ""
            island.append([row.slug, row.name, row.href, practice])
    return island


@dataclass(frozen=True)
class DrawnStep:
    """A step drawn as Explain draws it: the board, the chain over it, its key, its sentence."""

    board: Board[MarkedCell]
    drawing: ChainDrawing | None
    key: tuple[KeyEntry, ...]
    sentence: str
    cells: tuple[str, ...]  # the names of the cells the step changes or uses


def drawn_step(entry: BankEntry, caption: str, step: Step | None = None) -> DrawnStep:
    """`entry`'s position with its step drawn on it."""
    step = step or step_of(entry)
    position = entry.position()
    puzzle = position.puzzle
    board, key = pencil_board(puzzle.grid, position, caption, step)
    drawing = chain_drawing(puzzle.shape, step)
    if drawing is not None:
        key += drawing.key
    named = dict.fromkeys(
        cell_name(puzzle.shape, cell)
        for cell in (
            *(cell for cell, _ in step.cells),
            *(cell for cell, _ in step.eliminations),
            *(cell for cell, _ in step.placements),
        )
    )
    return DrawnStep(
        board, drawing, key, capitalized(sentence(puzzle.geometry, step)), tuple(named)
    )


def board_words(entry: BankEntry) -> str:
    """ "a 9x9", "a 9x9 Windoku", "a 6x6 Killer Sudoku": the board an example is on."""
    variant = "" if entry.variant == CLASSIC else f" {entry.variant}"
    return f"a {entry.size}x{entry.size}{variant}"


@dataclass(frozen=True)
class LessonPage:
    """A lesson: its words, examples from the bank, what it builds on, where to practise."""

    slug: str
    name: str
    rating: str
    family: FamilyView
    lesson: Lesson
    paragraphs: tuple[tuple[str, tuple[str, ...]], ...]  # (heading, paragraphs)
    examples: tuple[DrawnStep, ...]
    builds_on: tuple[TechniqueRow, ...]
    practice: tuple[tuple[int, int, str], ...]  # (size, positions, link)
    why_few: str  # why it has fewer worked examples than a lesson should ("" when it has them)


SECTIONS = (
    ("what", "What it is"),
    ("why", "Why it is true"),
    ("spot", "How to spot it"),
    ("variations", "Variations"),
    ("elsewhere", "What it is called elsewhere"),
)


def lesson_page(slug: str) -> LessonPage:
    """The lesson of `slug` (a key of LESSONS)."""
    lesson = LESSONS[slug]
    name = technique_name(slug)
    paragraphs = tuple(
        (heading, tuple(part for part in getattr(lesson, field).split("\n\n") if part))
        for field, heading in SECTIONS
        if getattr(lesson, field)
    )
    shown = examples_of(slug)
    examples = tuple(
        drawn_step(entry, f"Example {number}: {name} on {board_words(entry)}, before the step")
        for number, entry in enumerate(shown, start=1)
    )
    practice = tuple(
        (size, len(positions(slug, size)), url_for("learn.practice", slug=slug, size=size))
        for size in sizes_of(slug)
    )
    return LessonPage(
        slug,
        name,
        rating_text(slug),
        family_view(FAMILY_OF[slug]),
        lesson,
        paragraphs,
        examples,
        tuple(technique_row(LESSONS[other]) for other in lesson.builds_on if other in LESSONS),
        practice,
        WITHOUT_EXAMPLES.get(slug, ""),
    )


@dataclass(frozen=True)
class Toggle:
    """A candidate as the practice form's toggle: its form value, label and whether ticked."""

    name: str  # the form's value: "cell-value"
    label: str
    ticked: bool


@dataclass(frozen=True)
class PracticePage:
    """A practice position: the board with its candidates as toggles (by "r1c2:5"), the
    verdict, the step when asked, and links."""

    slug: str
    name: str
    chosen: Chosen
    board: Board[MarkedCell]
    toggles: dict[str, Toggle]
    instruction: str
    verdict: VerdictWords | None
    step: DrawnStep | None
    next_href: str
    show_href: str
    lesson_href: str
    action: str


def practice_page(
    chosen: Chosen,
    ticked: frozenset[tuple[int, int]] = frozenset(),
    verdict: VerdictWords | None = None,
    show: bool = False,
) -> PracticePage:
    """The practice page of `chosen`, with the player's ticks and verdict, and the step drawn
    when `show`."""
    position: Position = chosen.position()
    puzzle = position.puzzle
    shape = puzzle.shape
    technique = technique_name(chosen.slug)
    caption = f"{technique} practice {chosen.seed + 1} of {chosen.count}: the candidates"
    board, _ = pencil_board(chosen.entry.parsed().grid, position, caption, None)
    doing, joint = ("Place", "in") if chosen.places else ("Remove", "from")
    toggles = {}
    for cell in range(shape.cell_count):
        name = cell_name(shape, cell)
        for value in bits_of(position.candidates[cell]):
            symbol = shape.symbol(value)
            toggles[f"{name}:{symbol}"] = Toggle(
                f"{cell}-{value}", f"{doing} {symbol} {joint} {name}", (cell, value) in ticked
            )
    instruction = (
        f"Tick the value a {technique.lower()} places, then press Check."
        if chosen.places
        else f"Tick every candidate one {technique} removes, then press Check."
    )
    return PracticePage(
        chosen.slug,
        technique,
        chosen,
        board,
        toggles,
        instruction,
        verdict,
        drawn_step(chosen.entry, "The step, drawn") if show else None,
        url_for("learn.practice", slug=chosen.slug, size=chosen.size, seed=chosen.next_seed),
        url_for("learn.practice", slug=chosen.slug, size=chosen.size, seed=chosen.seed, show=1)
        + "#step",
        url_for("learn.lesson", slug=chosen.slug),
        url_for("learn.practice", slug=chosen.slug, size=chosen.size, seed=chosen.seed),
    )


def answer_of(chosen: Chosen, ticked: frozenset[tuple[int, int]]) -> Attempt:
    """The form's ticks as an answer: placements for a single's practice, else removals."""
    return Attempt(placements=ticked) if chosen.places else Attempt(eliminations=ticked)
