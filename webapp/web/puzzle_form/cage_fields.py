"""The form's Killer cages: a cage map of one field per cell, each holding its cage's label
("." or blank for a cell in no cage), and one text field of sums ("a=10, b=7"), read into
the engine's cage map ({"map", "sums"}: cage_input.py), with each problem put on the fields
it concerns. With script, cages.js fills the same fields by painting and adding cages.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from wtforms import Field, StringField

from ...sudoku import PuzzleError, Shape
from ...sudoku.cage_input import NO_CAGE, NO_SUM, sums_of_text
from ...sudoku.puzzle import Rules

# The largest grid whose cage map the form takes (as for a Jigsaw's region map).
LARGEST_KILLER = 16
CAGE_PREFIX = "cage_"
SUMS_FIELD = "cage_sums"
# The labels the form writes a puzzle's cages with, in the order of their first cells; a
# grid of more cages takes two of them a cage.
CAGE_LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LONGEST_LABEL = 2
NO_CAGES = (
    "Cage map: a Killer needs its cages; give the cells of each cage one label, and write"
    " its sum below"
)


def takes_cages(shape: Shape) -> bool:
    """True when the form offers a cage map for a grid of `shape`."""
    return shape.size <= LARGEST_KILLER


@cache
def cage_field_names(shape: Shape) -> tuple[str, ...]:
    """The cage map's fields' names in reading order: cage_r1c1 .. (none past 16x16)."""
    if not takes_cages(shape):
        return ()
    n = shape.size
    return tuple(f"{CAGE_PREFIX}r{r}c{c}" for r in range(1, n + 1) for c in range(1, n + 1))


def cage_fields(shape: Shape, strip: Callable[[Any], str]) -> dict[str, StringField]:
    """The form's cage map fields for `shape`, each blank (in no cage), and its sums field."""
    fields = {
        name: StringField(f"Cage of {name[len(CAGE_PREFIX) :]}", filters=[strip])
        for name in cage_field_names(shape)
    }
    if fields:
        fields[SUMS_FIELD] = StringField("Cage sums", filters=[strip])
    return fields


def cage_label(number: int) -> str:
    """The label the form writes the cage numbered `number` (from 0) with."""
    if len(CAGE_LABELS) > number:
        return CAGE_LABELS[number]
    high, low = divmod(number - len(CAGE_LABELS), len(CAGE_LABELS))
    return CAGE_LABELS[high] + CAGE_LABELS[low]


def cage_data(shape: Shape, rules: Rules) -> dict[str, str]:
    """What the form's cage fields hold for a puzzle of `shape` and `rules`: each cell's
    cage label, and the sums (nothing for a puzzle without cages)."""
    names = cage_field_names(shape)
    if not names or not rules.cages:
        return {}
    data = dict.fromkeys(names, "")
    sums = []
    for number, cage in enumerate(rules.cages):
        label = cage_label(number)
        for cell in cage.cells:
            data[names[cell]] = label
        sums.append(f"{label}={NO_SUM if cage.total is None else cage.total}")
    return data | {SUMS_FIELD: ", ".join(sums)}


def read_cages(form: Any) -> dict[str, object] | None:
    """The cage map the form's fields hold, as cage_input reads one ({"map", "sums"}); None
    when a field cannot be read, its problem put on that field."""
    fields = form.cage_fields()
    labels = [field.data or NO_CAGE for field in fields]
    bad = [
        field
        for field, label in zip(fields, labels, strict=True)
        if label != NO_CAGE and not (len(label) <= LONGEST_LABEL and label.isalnum())
    ]
    for field in bad:
        where = field.name[len(CAGE_PREFIX) :]
        field.errors = [
            *field.errors,
            f"Cage map, {where}: {field.data[:10]!r} is not a cage label; type a letter or"
            f" digit, or {NO_CAGE} for a cell in no cage",
        ]
    sums_field = form[SUMS_FIELD]
    try:
        sums = sums_of_text(sums_field.data or "")
    except PuzzleError as error:
        sums_field.errors = [*sums_field.errors, said(error.message)]
        return None
    if bad:
        return None
    if all(label == NO_CAGE for label in labels) and fields:
        fields[0].errors = [*fields[0].errors, NO_CAGES]
        return None
    size = form.shape.size
    return {"map": [labels[r : r + size] for r in range(0, len(labels), size)], "sums": sums}


def mark_cage_problem(form: Any, error: PuzzleError) -> None:
    """Put a "cages:" problem on the cage fields of the cells it names (the first holds the
    message), or on the sums field when it names none."""
    fields: list[Field] = form.cage_fields()
    size = form.shape.size
    marked = [fields[(row - 1) * size + col - 1] for row, col in error.cells]
    message = said(error.message)
    if not marked:
        sums = form[SUMS_FIELD]
        sums.errors = [*sums.errors, message]
        return
    marked[0].errors = [*marked[0].errors, message]
    form.cage_problem_fields = [field.id for field in marked]


def said(message: str) -> str:
    """An engine message ("cages: Cage at r1c1 ...") as the form says it ("Cages: ...")."""
    field, _, rest = message.partition(": ")
    return f"Cages: {rest}" if field == "cages" else message
