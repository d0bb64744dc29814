"""A Killer's cages as a person gives them, read into checked Cage values.

Glossary:
- cage list: a list of cages, each {"cells": [...], "sum": 10}; a cell is "r1c2", a
  [row, column] pair (1-based) or a 0-based cell number; a sum is a whole number, or
  null (None) for a cage without one (still no repeated digit);
- cage map: one label per cell as a region map is written (variants.region_labels: a
  string or a list of rows), "." for a cell in no cage, the same label the same cage;
  with `sums`, the sum of each label ({"a": 10, "b": null}). As one value:
  {"map": labels, "sums": {...}};
- sums as text (the form's field, a pasted Killer's last lines): "a=10, b=7" or "a: 10",
  pairs apart by commas, semicolons, spaces or lines; "?" for a cage without a sum.

The API, the CLI and the form all read cages through `cages_named`, so every problem has
one message: it starts "cages:" and names the cage ("cage 3 in the list", or "Cage at
r1c1 (sum 10)" once its cells are known).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .cages import Cage, checked
from .errors import PuzzleError
from .labels import region_labels
from .shape import Shape
from .whole_numbers import read_place, read_whole_number

NO_CAGE = "."
NO_SUM = "?"
# Digits of a row or column in a cell's name (the largest grid has 25 rows).
PLACE_DIGITS = 2
# Digits of a sum as text: more than any cage's (325 at most, on a 25x25), so that a sum too
# big for its cage is read and then refused by the cage's own check, which names it.
SUM_DIGITS = 9
# One label and its sum in sums as text, and the text between pairs.
SUM_PAIR = re.compile(r"([0-9A-Za-z]+)\s*[=:]\s*([^\s,;=:]*)")
BETWEEN_PAIRS = re.compile(r"[\s,;]*")
# The most cages one list may hold: one a cell on the largest grid.
MOST_CAGES = 625

Cages = Sequence[Mapping[str, object]] | Mapping[str, object]


def cages_named(cages: object, shape: Shape) -> tuple[Cage, ...]:
    """The checked cages of a grid of `shape` from a cage list or a {"map", "sums"} value
    (see the glossary); PuzzleError starting "cages:" naming the cage otherwise."""
    if isinstance(cages, Mapping):
        if set(cages) - {"map", "sums"} or "map" not in cages:
            raise PuzzleError('cages: a cage map is {"map": one label per cell, "sums": {...}}')
        found = cages_of_map(cages["map"], cages.get("sums"), shape)
    elif isinstance(cages, Sequence) and not isinstance(cages, str | bytes):
        found = _listed(cages, shape)
    else:
        raise PuzzleError(
            'cages: a list of {"cells": [...], "sum": 10}, or {"map": ..., "sums": {...}}'
        )
    try:
        return checked(shape.size, found)
    except PuzzleError as error:
        raise PuzzleError(f"cages: {error.message}", cells=error.cells) from None


def _listed(cages: Sequence[object], shape: Shape) -> list[Cage]:
    """The cages of a cage list, unchecked as a whole; PuzzleError naming the cage by its
    place in the list when one cannot be read."""
    if len(cages) > MOST_CAGES:
        raise PuzzleError(f"cages: {len(cages)} cages; a grid holds at most {MOST_CAGES}")
    found = []
    for number, cage in enumerate(cages, start=1):
        name = f"cage {number} in the list"
        if not isinstance(cage, Mapping) or set(cage) - {"cells", "sum"} or "cells" not in cage:
            raise PuzzleError(f'cages: {name} is not {{"cells": [...], "sum": 10}}')
        cells = cage["cells"]
        if not isinstance(cells, Sequence) or isinstance(cells, str | bytes) or not cells:
            raise PuzzleError(f"cages: {name} has no list of cells")
        if len(cells) > shape.size:
            raise PuzzleError(
                f"cages: {name} has {len(cells)} cells; a {shape.name} cage holds at most"
                f" {shape.size}"
            )
        found.append(Cage(tuple(_cell(cell, shape, name) for cell in cells), _sum(cage, name)))
    return found


def _cell(cell: object, shape: Shape, name: str) -> int:
    """The 0-based cell a cage's cell names ("r1c2", [1, 2] or 1); PuzzleError otherwise."""
    n = shape.size
    named = read_place(cell.strip().lower(), PLACE_DIGITS) if isinstance(cell, str) else None
    if named is not None:
        row, col = named
    elif isinstance(cell, Sequence) and not isinstance(cell, str | bytes) and len(cell) == 2:
        row, col = cell
        if not all(isinstance(part, int) and not isinstance(part, bool) for part in cell):
            raise PuzzleError(f"cages: {name} names a cell by {cell!r:.30}, not whole numbers")
    elif isinstance(cell, int) and not isinstance(cell, bool):
        if not 0 <= cell < shape.cell_count:
            raise PuzzleError(
                f"cages: {name} names cell {cell}; a {shape.name} grid numbers its cells 0 to"
                f" {shape.cell_count - 1}"
            )
        return cell
    else:
        raise PuzzleError(
            f'cages: {name} names a cell by {cell!r:.30}; name it "r1c2", [1, 2] or 0-based 1'
        )
    if not (1 <= row <= n and 1 <= col <= n):
        raise PuzzleError(f"cages: {name} names r{row}c{col}, outside the {shape.name} grid")
    return (row - 1) * n + col - 1


def _sum(cage: Mapping[str, object], name: str) -> int | None:
    """A cage's sum: a whole number (or its digits as text), None when absent or null."""
    total = cage.get("sum")
    return _total(total, name)


def _total(total: object, name: str) -> int | None:
    """A sum as given: a whole number from 1, its digits as text, or None for none."""
    if total is None or total == "":
        return None
    if isinstance(total, str):
        number = read_whole_number(total.strip(), SUM_DIGITS)
        total = total if number is None else number
    if not isinstance(total, int) or isinstance(total, bool) or total < 1:
        raise PuzzleError(f"cages: the sum of {name} is {total!r:.30}, not a whole number from 1")
    return total


def cages_of_map(labels: object, sums: object, shape: Shape) -> list[Cage]:
    """The cages of a cage map (one label per cell, NO_CAGE for none) with each label's sum
    in `sums`, unchecked as a whole; PuzzleError naming the label otherwise."""
    per_cell = region_labels(labels, shape.size, what="cages")  # type: ignore[arg-type]
    if sums is None:
        sums = {}
    if not isinstance(sums, Mapping):
        raise PuzzleError('cages: the sums are {"label": sum, ...}, one a cage of the map')
    members: dict[str, list[int]] = {}
    for cell, label in enumerate(per_cell):
        if str(label) != NO_CAGE:
            members.setdefault(str(label), []).append(cell)
    unknown = [str(label) for label in sums if str(label) not in members]
    if unknown:
        raise PuzzleError(f"cages: the sums name cage {unknown[0]!r:.30}, which the map has not")
    missing = [label for label in members if label not in {str(key) for key in sums}]
    if missing:
        raise PuzzleError(
            f"cages: cage {missing[0]!r:.30} of the map has no sum; give null for a cage"
            " without one"
        )
    given = {str(label): total for label, total in sums.items()}
    return [
        Cage(tuple(cells), _total(given[label], f"cage {label!r:.30}"))
        for label, cells in members.items()
    ]


def is_sums_line(line: str) -> bool:
    """True for a line of sums as text ("a=10, b=7"), not a grid's row."""
    return bool(line.strip()) and _pairs(line) is not None


def _pairs(text: str) -> list[tuple[str, str]] | None:
    """The (label, sum) pairs of sums as text, None when anything else is in it."""
    if "=" not in text and ":" not in text:
        # No pair can be in it; and SUM_PAIR, tried at each start of a long run of letters
        # and digits (a 25x25 grid's code on one line), would take time growing with the
        # square of its length to find so.
        return [] if BETWEEN_PAIRS.fullmatch(text) else None
    found, at = [], 0
    for match in SUM_PAIR.finditer(text):
        if not BETWEEN_PAIRS.fullmatch(text, at, match.start()):
            return None
        found.append((match[1], match[2]))
        at = match.end()
    return found if BETWEEN_PAIRS.fullmatch(text, at) else None


def sums_of_text(text: str) -> dict[str, int | None]:
    """Each label's sum from sums as text (see the glossary), None for NO_SUM; PuzzleError
    starting "cages:" naming the pair that cannot be read."""
    pairs = _pairs(text)
    if pairs is None:
        shown = next(
            (part for part in re.split(r"[\s,;]+", text) if part and not SUM_PAIR.fullmatch(part)),
            text.strip(),
        )
        raise PuzzleError(
            f"cages: {shown[:20]!r} in the sums is not a label and its sum; write a=10, b=7"
        )
    sums: dict[str, int | None] = {}
    for label, total in pairs:
        if label in sums:
            raise PuzzleError(f"cages: the sums give cage {label!r:.30} twice")
        number = None if total == NO_SUM else read_whole_number(total, SUM_DIGITS)
        if total != NO_SUM and not number:
            shown = repr(total[:10]) if total else "missing"
            raise PuzzleError(
                f"cages: the sum of cage {label!r:.30} is {shown}; write a whole number, or"
                f" {NO_SUM} for a cage without one"
            )
        sums[label] = number
    return sums
