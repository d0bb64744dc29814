"""The form's variant and a Jigsaw's region map: one field per cell, each holding its
region's label (a letter or digit), read into the puzzle's Rules by the engine's
`rules_named` with a Killer's cage map (cage_fields.py), each problem put on the fields it
concerns.

A region field starts as its box's label, so a map that differs from the boxes in a few
places takes a few changes; with script, regions.js paints the same fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from wtforms import StringField
from wtforms.validators import ValidationError

from ...sudoku import PuzzleError, Shape
from ...sudoku.geometry import geometry_of
from ...sudoku.marks import take_marks
from ...sudoku.puzzle import Rules
from ...sudoku.rule_text import read_typed
from ...sudoku.rulebook import RULE_KINDS, RuleKind
from ...sudoku.variants import (
    JIGSAW,
    KILLER,
    offered_variants,
    rules_named,
    variant_label,
    variant_letters,
    variant_value,
)
from .cage_fields import mark_cage_problem, read_cages, takes_cages


def variant_words() -> dict[str, str]:
    """Each variant the form offers (the engine's menu, offered_variants) as its menu says it."""
    return {offered.value: offered.label for offered in offered_variants()}


def variant_message() -> str:
    """What the form says of a variant it does not know: the names it offers."""
    values = list(variant_words())
    return f"Variant: choose {', '.join(values[:-1])} or {values[-1]}"


def known_variant(form: Any, field: Any) -> None:
    """Validator: the variant is one the menu offers, or another name of rules the engine
    reads ("anti-knight-anti-king", as a share code's rules fill the form)."""
    if field.data in variant_words():
        return
    try:
        variant_letters(field.data)
    except PuzzleError:
        raise ValidationError(variant_message()) from None


def names_jigsaw(value: str) -> bool:
    """True when the variant `value` has a Jigsaw's regions (and so needs a region map)."""
    return _names(value, JIGSAW)


def names_killer(value: str) -> bool:
    """True when the variant `value` has a Killer's cages (and so needs a cage map)."""
    return _names(value, KILLER)


def _names(value: str, word: str) -> bool:
    """True when the variant name `value` holds `word` (False for a name of no rules)."""
    try:
        return word in variant_letters(value)
    except PuzzleError:
        return False


def chosen_words(value: str) -> str:
    """What the menu says of `value`: its label, or the rules' own words for one not offered."""
    return variant_words().get(value) or variant_label(value)


# The largest grid whose region map the form takes: a 25x25's map is 625 more fields, and
# the generator cannot fill a random one either (generator/jigsaw.py).
LARGEST_JIGSAW = 16
REGION_PREFIX = "map_"
# The kind of unit a Jigsaw's regions are (geometry.py's), and how a clash names one: by the
# label the player gave its cells.
REGION = "region"
REGION_TITLE = "Region {label}"
# The labels a region grid starts with and a Jigsaw's map is shown in: one a region.
LABELS = "123456789ABCDEFG"


def takes_regions(shape: Shape) -> bool:
    """True when the form offers a region map for a grid of `shape`."""
    return shape.size <= LARGEST_JIGSAW


def variant_choices(shape: Shape) -> tuple[str, ...]:
    """The variants the form offers for `shape`: those whose rules fit it."""
    return _variant_choices(shape, tuple(RULE_KINDS.values()))


# The menu and its kinds of unit, worked out once per shape and state of the registry (a
# test may register a kind), not at every page.
@lru_cache(maxsize=16)
def _variant_choices(shape: Shape, kinds: tuple[RuleKind, ...]) -> tuple[str, ...]:
    """variant_choices of the registry holding `kinds`."""
    return tuple(
        value
        for value in variant_words()
        if (not names_jigsaw(value) or takes_regions(shape))
        and (not names_killer(value) or takes_cages(shape))
        and _fits(value, shape)
    )


def _fits(value: str, shape: Shape) -> bool:
    """True when the variant's extra units fit `shape` (Windoku needs square boxes)."""
    try:
        _extra_rules(value, shape)
    except PuzzleError:
        return False
    return True


def _extra_rules(value: str, shape: Shape) -> Rules:
    """The rules of `value` but its regions and cages (PuzzleError when they do not fit
    `shape`)."""
    letters = "-".join(word for word in value.split("-") if word not in (JIGSAW, KILLER))
    return rules_named(letters or "classic", None, shape)


@cache
def region_field_names(shape: Shape) -> tuple[str, ...]:
    """The region fields' names in reading order: map_r1c1 .. (none for a 25x25)."""
    if not takes_regions(shape):
        return ()
    n = shape.size
    return tuple(f"{REGION_PREFIX}r{r}c{c}" for r in range(1, n + 1) for c in range(1, n + 1))


def box_labels(shape: Shape) -> tuple[str, ...]:
    """Each cell's box as a region label, in reading order: the map a region grid starts as
    (none for a size whose map the form does not take)."""
    if not takes_regions(shape):
        return ()
    n = shape.size
    return tuple(LABELS[shape.box_of(cell // n, cell % n)] for cell in range(n * n))


def region_fields(shape: Shape, strip: Callable[[Any], str]) -> dict[str, StringField]:
    """The form's region fields for `shape`, each starting as its box's label."""
    names = region_field_names(shape)
    return {
        name: StringField(f"Region of {name[len(REGION_PREFIX) :]}", default=label, filters=[strip])
        for name, label in zip(names, box_labels(shape), strict=True)
    }


def region_data(shape: Shape, rules: Rules) -> dict[str, str]:
    """What the form's variant and region fields hold for a puzzle of `shape` and `rules`:
    its variant's name and its regions' labels (its boxes' for any but a Jigsaw)."""
    if rules.regions:
        labels = tuple(LABELS[region] for region in rules.regions)
    else:
        labels = box_labels(shape)
    data = {"variant": variant_value(rules)}
    return data | dict(zip(region_field_names(shape), labels, strict=False))


def variant_kinds(shape: Shape) -> dict[str, list[str]]:
    """For each variant the form offers, the kinds of unit a puzzle of it has: those of the
    grid's island, and for a Jigsaw REGION in place of "box" (the script makes its regions
    from the map as it is typed)."""
    return {
        value: list(kinds)
        for value, kinds in _variant_kinds(shape, tuple(RULE_KINDS.values())).items()
    }


@lru_cache(maxsize=16)
def _variant_kinds(shape: Shape, registry: tuple[RuleKind, ...]) -> dict[str, tuple[str, ...]]:
    """variant_kinds of the registry holding `registry`, each list as a tuple."""
    found = {}
    for value in variant_choices(shape):
        # A Jigsaw's regions stand in for the boxes: the script makes them from the map.
        jigsaw = names_jigsaw(value)
        kinds = ["row", "column", REGION] if jigsaw else ["row", "column", "box"]
        extra = _extra_rules(value, shape)
        kinds += [
            kind
            for kind in geometry_of(shape, extra.extras).kinds
            if kind not in kinds and not (jigsaw and kind == "box")
        ]
        found[value] = tuple(kinds)
    return found


def read_rules(form: Any) -> Rules | None:
    """The rules the form's variant, region map and kept marks name; None when they are
    wrong, each problem put on the fields it concerns (the variant's menu, or the region
    fields)."""
    rules = _unit_rules(form)
    kept, typed = form.pair_marks.data, form.rule_marks.data
    if rules is None or not (kept or typed):
        return rules
    size = form.shape.size
    # A page of the form before marks could be typed kept a puzzle's marks in a hidden
    # field, in the share code's own form: read still, beside the typed ones.
    try:
        marks, rest = take_marks(size, kept or "")
        if rest:
            raise PuzzleError(f"the kept marks end with {rest[:10]!r}, which is no mark")
    except PuzzleError as error:
        form.variant.errors = [*form.variant.errors, f"Marks: {error.message}"]
        return None
    try:
        typed_marks, lines, cells = read_typed(size, typed or "")
        marked = replace(rules, marks=marks + typed_marks, mark_size=size)
        lined = replace(marked, lines=lines, line_size=size, cells=cells, cell_size=size)
        unfit = lined.unfit(form.shape)
        if unfit:
            raise PuzzleError(f"marks and lines: {unfit}")
        return lined
    except PuzzleError as error:
        said = error.message[0].upper() + error.message[1:]
        form.rule_marks.errors = [*form.rule_marks.errors, said]
        return None


def _unit_rules(form: Any) -> Rules | None:
    """The rules the form's variant and region map name; None when they are wrong, each
    problem put on the fields it concerns (the variant's menu, or the region fields)."""
    if form.variant.errors:
        return None
    value = form.variant.data or "classic"
    shape = form.shape
    cages = None
    if names_killer(value):
        if not form.cage_fields():
            form.variant.errors = [*form.variant.errors, TOO_BIG_FOR_CAGES]
            return None
        cages = read_cages(form)
        if cages is None:
            return None
    if not names_jigsaw(value):
        try:
            return rules_named(value, None, shape, cages) if cages else _extra_rules(value, shape)
        except PuzzleError as error:
            _mark(form, error)
            return None
    fields = form.region_fields()
    if not fields:
        form.variant.errors = [
            *form.variant.errors,
            f"Variant: the form takes a Jigsaw's region map up to {LARGEST_JIGSAW}x"
            f"{LARGEST_JIGSAW}; paste a larger one as text, the puzzle then its regions",
        ]
        return None
    labels = [field.data.upper() for field in fields]
    bad = [field for field, label in zip(fields, labels, strict=True) if not _label(label)]
    for field in bad:
        where = field.name[len(REGION_PREFIX) :]
        shown = repr(field.data[:10]) if field.data else "blank"
        field.errors = [
            *field.errors,
            f"Region map, {where}: {shown} is not a region label; type one letter or digit",
        ]
    if bad:
        return None
    try:
        return rules_named(value, "".join(labels), shape, cages)
    except PuzzleError as error:
        if error.message.startswith("cages:"):
            mark_cage_problem(form, error)
            return None
        message = _said(error.message)
        size = shape.size  # the engine names the region's cells (1-based row, column)
        marked = [fields[(row - 1) * size + col - 1] for row, col in error.cells]
        for field in marked[:1]:
            field.errors = [*field.errors, message]
        form.region_problem_fields = [field.id for field in marked]
        if not marked:
            form.variant.errors = [*form.variant.errors, message]
        return None


TOO_BIG_FOR_CAGES = (
    "Variant: the form takes a Killer's cage map up to 16x16; paste a larger one as text,"
    " the puzzle, its cage map and its sums"
)


def _mark(form: Any, error: PuzzleError) -> None:
    """Put a problem with the rules on the cage fields it names, or on the variant menu."""
    if error.message.startswith("cages:"):
        mark_cage_problem(form, error)
    else:
        form.variant.errors = [*form.variant.errors, _said(error.message)]


def _label(text: str) -> bool:
    """True for a region label: one letter or digit."""
    return len(text) == 1 and text.isalnum()


def _said(message: str) -> str:
    """An engine message ("regions: Region 3 ...") as the form says it ("Region map: ...")."""
    field, _, rest = message.partition(": ")
    names = {"regions": "Region map", "variant": "Variant"}
    return f"{names[field]}: {rest}" if field in names else message
