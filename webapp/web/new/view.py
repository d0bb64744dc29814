"""What the generator's pages show: the choices of the new-puzzle form, a page saying no
such puzzle is found, the puzzles of the day, and a sheet of puzzles to print."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from flask import url_for

from ...explanations.names import technique_name, with_article
from ...jobs.orders import CLASSIC, OrderChoices, order_parts
from ...sudoku.generator import (
    DESCRIPTIONS,
    LARGEST_SEED,
    SIZES,
    SYMMETRIES,
    Generated,
    Order,
    levels_of,
)
from ...sudoku.generator.generate import VARIANTS
from ..grid_table import Board, Cell, grid_board
from ..solve.view import Problem
from .generation import JOB_ONLY

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


# What the form calls each variant the generator makes (generator.VARIANTS).
VARIANT_LABELS = {
    "classic": "Classic",
    "x": "X-Sudoku",
    "windoku": "Windoku",
    "jigsaw": "Jigsaw",
    "killer": "Killer",
}


@dataclass(frozen=True)
class NewPage:
    """The new-puzzle form: the sizes, levels, symmetries and variants, and what is wrong,
    if anything."""

    sizes: tuple[Choice, ...]
    levels: tuple[Choice, ...]
    symmetries: tuple[Choice, ...]
    problems: tuple[Problem, ...]
    invalid: str  # the field the problem is about, marked on the form
    variants: tuple[Choice, ...] = ()


def _choices(values: tuple[str, ...], labels: dict[str, str], chosen: str) -> tuple[Choice, ...]:
    return tuple(Choice(value, labels.get(value, value), value == chosen) for value in values)


def new_page(
    size: str, level: str, symmetry: str, problem: str = "", variant: str = CLASSIC
) -> NewPage:
    """The form with the choices made (each one the form does not offer left unchosen), and
    `problem`, an OrderError's message: it starts with the field it is about (one about
    the variant's fit to the size, "Windoku needs square boxes...", names neither)."""
    sizes = tuple(str(n) for n in SIZES)
    levels = levels_of(max(SIZES))
    field = problem.split(" ", 1)[0]
    problems: tuple[Problem, ...] = ()
    if problem:
        target = field if field in ("size", "level", "symmetry", "variant") else ""
        if not target and variant != CLASSIC:
            target = "variant"
        problems = (Problem("new-problem", problem[0].upper() + problem[1:], target),)
    return NewPage(
        sizes=_choices(sizes, {n: f"{n}×{n}" for n in sizes}, size),
        levels=_choices(levels, {name: name.capitalize() for name in levels}, level),
        symmetries=_choices(SYMMETRIES, _symmetry_labels(), symmetry),
        variants=_choices(tuple(VARIANTS), VARIANT_LABELS, variant),
        problems=problems,
        invalid=problems[0].target if problems else "",
    )


def _symmetry_labels() -> dict[str, str]:
    """Each symmetry as the form names it: "Rotational: the same after a half turn"."""
    return {name: f"{name.capitalize()}: {text}" for name, text in DESCRIPTIONS.items()}


@dataclass(frozen=True)
class NoneFoundPage:
    """The page saying the generator found no puzzle of an order, and what to try instead."""

    summary: str
    why: str
    levels: tuple[Link, ...]  # the levels of the size there are, each a stable link
    other_seed: str  # the same order from the next seed ("" when no seed would do)
    choose: str  # the form, with the order's choices


def none_found_page(order: Order, generated: Generated | None) -> NoneFoundPage:
    """What to say when `order` gives no puzzle: known beforehand (`generated` None), or
    after the generator's attempts or a job's time ran out."""
    n, levels = order.size, levels_of(order.size)
    kind = "" if order.variant == CLASSIC else f" {VARIANT_LABELS[order.variant]}"
    summary = f"No {n}x{n}{kind} puzzle at level {order.level} was found."
    if generated is None:
        why = f"The generator finds {n}x{n} puzzles at level {' and '.join(levels)} only."
    elif generated.out_of_time:
        why = f"A job tried for as long as a job may: {generated.why}. Another seed may do."
    else:
        why = f"The generator gave up: {generated.why}."
    links = {
        level: url_for("new.order", **order_parts(replace(order, level=level))) for level in levels
    }
    choices: OrderChoices = {"size": n, "level": levels[-1], "symmetry": order.symmetry}
    if order.variant != CLASSIC:
        choices["variant"] = order.variant
    return NoneFoundPage(
        summary=summary,
        why=why,
        levels=tuple(
            Link(href, f"{level.capitalize()}, from the same seed") for level, href in links.items()
        ),
        other_seed=url_for("new.order", **order_parts(replace(order, seed=order.seed + 1)))
        if generated is not None and order.seed < LARGEST_SEED
        else "",
        choose=url_for("new.form", **choices),
    )


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


def shown_puzzles(orders: list[Order], made: list[Generated | None]) -> tuple[ShownPuzzle, ...]:
    """Each order as shown beside the others, numbered from 1."""
    shown = []
    for number, (order, found) in enumerate(zip(orders, made, strict=True), start=1):
        board = answer = None
        rating = "Being made: follow its link to play it once it is ready."
        if found is not None and found.puzzle is not None and found.solution is not None:
            caption = f"Puzzle {number}: {order.level}, {found.rating or 0:.1f}"
            board = grid_board(found.puzzle, caption)
            answer = grid_board(found.puzzle, f"Answer {number}", filled=found.solution)
            rating = rating_words(found)
        elif found is not None:
            rating = f"No puzzle was found: {found.why}."
        href = url_for("new.order", **order_parts(order))
        shown.append(ShownPuzzle(number, order.level, href, board, answer, rating, order.seed))
    return tuple(shown)


@dataclass(frozen=True)
class DailyPage:
    """Today's puzzles: one for each level, the same for everyone all day (UTC)."""

    day: str
    size: int
    sizes: tuple[Link, ...]
    puzzles: tuple[ShownPuzzle, ...]


def daily_page(
    day: date, size: int, sizes: tuple[int, ...], orders: list[Order], made: list[Generated | None]
) -> DailyPage:
    """The day's page at `size`, with the other `sizes` to switch to."""
    links = {str(n): url_for("daily.daily", size=n) for n in sizes}
    return DailyPage(
        day=f"{day:%A} {day.day} {day:%B %Y}",
        size=size,
        sizes=tuple(Link(href, f"{n}×{n}", n == str(size)) for n, href in links.items()),
        puzzles=shown_puzzles(orders, made),
    )


@dataclass(frozen=True)
class SheetPage:
    """A sheet of puzzles to print, and their answers on the page after."""

    title: str
    about: str
    puzzles: tuple[ShownPuzzle, ...]
    layout: str  # CSS classes: how many puzzles, of what size
    another: str  # a sheet of the same kind from a new seed
    size: int = DEFAULT_SIZE  # the size and symmetry a new sheet from its form keeps
    symmetry: str = DEFAULT_SYMMETRY
    levels: tuple[Choice, ...] = ()  # the levels and counts its form offers, this sheet's chosen
    counts: tuple[Choice, ...] = ()


def sheet_page(
    orders: list[Order], made: list[Generated], counts: tuple[int, ...] = (4, 6)
) -> SheetPage:
    """The sheet of `orders`, all made, and a form for another of `counts` puzzles."""
    first = orders[0]
    n, count = first.size, len(orders)
    seeds = f"seeds {first.seed} to {orders[-1].seed}"
    levels = levels_of(n)
    slow = " (made off the page, in a job)" if (n, first.level) in JOB_ONLY else ""
    return SheetPage(
        title=f"{count} {first.level} {n}x{n} puzzles",
        about=f"Symmetry {first.symmetry}, {seeds}{slow}; the answers are on the next page.",
        puzzles=shown_puzzles(orders, list(made)),
        layout=f"sheet-{count} sheet-size-{n}",
        another=url_for(
            "print.sheet", size=n, level=first.level, symmetry=first.symmetry, count=count
        ),
        size=n,
        symmetry=first.symmetry,
        levels=_choices(levels, {name: name.capitalize() for name in levels}, first.level),
        counts=_choices(tuple(map(str, counts)), {}, str(count)),
    )
