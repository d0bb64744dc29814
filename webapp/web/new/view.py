"""What the generator's pages show: the choices of the new-puzzle form, and a page saying no
such puzzle is found."""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import url_for

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
from ...sudoku.generator.generate import KILLER, levels_note, variant_levels, variants
from ...wording import in_words
from ..generated_puzzles import Choice, Link, choices, variant_labels
from ..puzzle_form.view import Problem


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
    symmetry_offered: bool = True  # a Killer has no givens to lie in a pattern
    level_notes: tuple[LevelNote, ...] = ()  # the variants not made at every level
    levels_hint: str = ""  # which levels those are made at, in a sentence a set of levels


@dataclass(frozen=True)
class LevelNote:
    """A variant made at some levels only: its form value, those levels (space-separated, for
    the form's script) and the sentence that says so."""

    variant: str
    levels: str
    note: str


def level_notes() -> tuple[LevelNote, ...]:
    """Each variant the generator makes at some levels only, with the sentence saying which."""
    return tuple(
        LevelNote(variant, " ".join(variant_levels(variant)), levels_note(variant) + ".")
        for variant in variants()
        if levels_note(variant)
    )


def levels_hint(notes: tuple[LevelNote, ...]) -> str:
    """What the form's hint says of the variants made at some levels only, one sentence for
    the variants of each set of levels ("Kropki and Thermometer puzzles are made at levels
    medium and hard only.")."""
    labels = variant_labels()
    named: dict[str, list[str]] = {}
    for note in notes:
        named.setdefault(note.levels, []).append(labels[note.variant])
    return " ".join(
        f"{in_words(names)} puzzles are made at levels {in_words(levels.split())} only."
        for levels, names in named.items()
    )


def new_page(
    size: str, level: str, symmetry: str, problem: str = "", variant: str = CLASSIC
) -> NewPage:
    """The form with the choices made (each one the form does not offer left unchosen), and
    `problem`, an OrderError's message: it starts with the field it is about (one about
    the variant's fit to the size, "Windoku needs square boxes...", names neither)."""
    sizes = tuple(str(n) for n in SIZES)
    labels = variant_labels()
    levels = levels_of(max(SIZES))
    field = problem.split(" ", 1)[0]
    problems: tuple[Problem, ...] = ()
    notes = level_notes()
    if problem:
        target = field if field in ("size", "level", "symmetry", "variant") else ""
        if not target and variant != CLASSIC:
            target = "variant"
        problems = (Problem("new-problem", problem[0].upper() + problem[1:], target),)
    return NewPage(
        sizes=choices(sizes, {n: f"{n}×{n}" for n in sizes}, size),
        levels=choices(levels, {name: name.capitalize() for name in levels}, level),
        symmetries=choices(SYMMETRIES, _symmetry_labels(), symmetry),
        variants=choices(tuple(labels), labels, variant),
        problems=problems,
        invalid=problems[0].target if problems else "",
        symmetry_offered=variant != KILLER,
        level_notes=notes,
        levels_hint=levels_hint(notes),
    )


# Each symmetry as the form's menu names it, short enough for a 360 px screen; the hint
# under the form says what each means (DESCRIPTIONS).
SYMMETRY_LABELS = {
    "none": "None",
    "rotational": "Half turn",
    "rotational-90": "Quarter turn",
    "mirror": "Mirror",
    "diagonal": "Diagonal",
}


def _symmetry_labels() -> dict[str, str]:
    """Each symmetry as the form's menu names it: "Half turn"."""
    return {name: SYMMETRY_LABELS.get(name, name.capitalize()) for name in DESCRIPTIONS}


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
    kind = "" if order.variant == CLASSIC else f" {variant_labels()[order.variant]}"
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
