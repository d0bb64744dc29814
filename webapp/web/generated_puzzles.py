"""What the pages of generated puzzles share: the generator's default choices, the words
for its variants, a choice and a link as a page shows them, and made puzzles shown side
by side (the new-puzzle form, the puzzles of the day, a sheet to print)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ..explanations.names import technique_name, with_article
from ..jobs.orders import order_code, order_parts
from ..sudoku.generator import (
    Generated,
    Order,
)
from ..sudoku.generator.generate import drawn_letters, variants
from ..sudoku.rulebook import RULE_KINDS
from ..sudoku.variants import variant_label
from .grid_table import Board, Cell, grid_board

DEFAULT_SIZE = 9
DEFAULT_LEVEL = "medium"
DEFAULT_SYMMETRY = "rotational"
# The seeds the form draws from: below a billion, so that a link stays short to read out.
RANDOM_SEEDS = 10**9


@dataclass(frozen=True)
class Choice:
    """One option of a choice on a form, and whether it is the one chosen."""

    value: str
    label: str
    chosen: bool


@dataclass(frozen=True)
class Link:
    """A link a page offers, and whether it leads to the page itself."""

    href: str
    label: str
    current: bool = False


def variant_labels() -> dict[str, str]:
    """What the form calls each variant the generator makes (generate.variants), as the home
    form's menu does (the engine's variants.offered_variants, read off the registry); a
    marked kind's family or a lined kind, which the menu leaves to the marks and lines, by its
    kinds' name ("Kropki", "Thermometer")."""
    return {
        value: RULE_KINDS[drawn[0]].name if drawn else variant_label(value)
        for value, drawn in ((value, drawn_letters(value)) for value in variants())
    }


def choices(values: tuple[str, ...], labels: dict[str, str], chosen: str) -> tuple[Choice, ...]:
    """Each of `values` as a form offers it, labelled from `labels` (else itself)."""
    return tuple(Choice(value, labels.get(value, value), value == chosen) for value in values)


def rating_words(generated: Generated) -> str:
    """ "Rated 4.2; the hardest step is an X-wing" ("at least" when the path stopped short)."""
    floor = "" if generated.rated_to_end else "at least "
    hardest = with_article(technique_name(generated.hardest)) if generated.hardest else "none"
    return f"Rated {floor}{generated.rating or 0:.1f}; the hardest step is {hardest}"


@dataclass(frozen=True)
class ShownPuzzle:
    """A generated puzzle on a page of several: its level, where to play it, its board (None
    while it is being made) and its answer's board, and its rating in words."""

    number: int
    level: str
    href: str
    board: Board[Cell] | None
    answer: Board[Cell] | None
    rating: str
    seed: int
    # Its share code and its order's code once made ("" before): what a game on it is made of.
    code: str = ""
    order: str = ""


def shown_puzzles(orders: list[Order], made: list[Generated | None]) -> tuple[ShownPuzzle, ...]:
    """Each order as shown beside the others, numbered from 1."""
    shown = []
    for number, (order, found) in enumerate(zip(orders, made, strict=True), start=1):
        board = answer = None
        code = ""
        rating = "Being made: follow its link to play it once it is ready."
        if found is not None and found.puzzle is not None and found.solution is not None:
            caption = f"Puzzle {number}: {order.level}, {found.rating or 0:.1f}"
            board = grid_board(found.puzzle, caption)
            answer = grid_board(found.puzzle, f"Answer {number}", filled=found.solution)
            rating = rating_words(found)
            code = found.puzzle.code
        elif found is not None:
            rating = f"No puzzle was found: {found.why}."
        href = url_for("new.order", **order_parts(order))
        shown.append(
            ShownPuzzle(
                number,
                order.level,
                href,
                board,
                answer,
                rating,
                order.seed,
                code,
                order_code(order) if code else "",
            )
        )
    return tuple(shown)
