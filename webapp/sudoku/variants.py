"""A variant named in words and a region map typed by a person, read into a puzzle's Rules.

Glossary:
- variant name: words for the rules, joined by "-", "+", "," or spaces, in any order:
  "classic", "x" (X-Sudoku; also "diagonal"), "windoku" (also "hyper", "w"), "jigsaw"
  (also "irregular", "j"); "sudoku" may follow any of them ("x-sudoku"). So "jigsaw-x",
  "x-windoku" and "windoku+jigsaw" each name two kinds of rules at once;
- region labels: one label per cell, any letters or digits, the same label the same region;
  as one string (spaces and line breaks between labels are skipped; labels of more than one
  character, such as 10 to 16, are separated by spaces) or as a list of rows, each a
  string or a list of labels.

The API, the CLI and the form all read a variant through `rules_named`, so one name means
one set of rules everywhere, and a bad name or map gets one message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import PuzzleError
from .puzzle import Puzzle, Rules
from .regions import region_map
from .shape import Shape

JIGSAW = "jigsaw"
# Each word a variant name may hold, and the rules' letter it stands for ("" for none).
WORDS = {
    "classic": "",
    "sudoku": "",
    "x": "x",
    "diagonal": "x",
    "windoku": "w",
    "hyper": "w",
    "w": "w",
    JIGSAW: JIGSAW,
    "irregular": JIGSAW,
    "j": JIGSAW,
}
NAMES = "classic, x, windoku and jigsaw, or several joined by - (jigsaw-x, x-windoku)"
SEPARATORS = re.compile(r"[-+,\s]+")

Labels = str | Sequence[str | Sequence[object]]


def rules_named(variant: str | None, regions: Labels | None, shape: Shape) -> Rules:
    """The rules `variant` names for a grid of `shape`, with the region map `regions` (region
    labels, see the glossary) for a jigsaw; None or "" for either means none. PuzzleError
    starting "variant:" or "regions:" says what is wrong and where."""
    letters = _letters("classic" if variant is None or variant == "" else variant)
    jigsaw = JIGSAW in letters
    has_regions = regions is not None and regions != "" and regions != []
    if jigsaw and not has_regions:
        raise PuzzleError(
            f"regions: a jigsaw needs its region map, one label per cell ({shape.cell_count}"
            f" for a {shape.name} grid)"
        )
    if has_regions and not jigsaw:
        raise PuzzleError("regions: only a jigsaw has a region map; name the variant jigsaw")
    labels = region_labels(regions, shape.size) if jigsaw and regions is not None else []
    try:
        found = region_map(shape.size, labels) if labels else ()
    except PuzzleError as error:
        raise PuzzleError(f"regions: {error.message}", cells=error.cells) from None
    extras = "".join(letter for letter in letters if letter != JIGSAW)
    rules = Rules.from_letters(extras, found).fitted(shape)  # as a Puzzle keeps them
    reason = rules.unfit(shape)
    if reason:
        raise PuzzleError(f"variant: {reason}")
    return rules


def _letters(variant: object) -> list[str]:
    """The rules' letters (and JIGSAW) a variant name holds; PuzzleError for a word none has."""
    if not isinstance(variant, str):
        raise PuzzleError(f"variant: a name, one of {NAMES}")
    words = [word for word in SEPARATORS.split(variant.strip().lower()) if word]
    unknown = [word for word in words if word not in WORDS]
    if unknown:
        raise PuzzleError(f"variant: {unknown[0][:30]!r} is not a variant; name {NAMES}")
    letters = [WORDS[word] for word in words if WORDS[word]]
    if "classic" in words and letters:
        raise PuzzleError("variant: classic cannot be joined with other rules")
    if len(set(letters)) != len(letters):
        raise PuzzleError("variant: the name gives the same rules twice")
    return letters


def region_labels(regions: Labels, size: int) -> list[object]:
    """One label per cell of a size x size grid from a person's region map (see the glossary);
    PuzzleError starting "regions:" naming the row or count that is wrong."""
    cells = size * size
    if isinstance(regions, str):
        labels = _labels_of(regions, cells)
        if labels is None:
            count = len("".join(regions.split()))
            raise PuzzleError(
                f"regions: {count} labels; a {size}x{size} grid takes {cells}, one a cell"
            )
        return labels
    if not isinstance(regions, Sequence) or isinstance(regions, bytes):
        raise PuzzleError("regions: a string of one label per cell, or a list of rows")
    if len(regions) != size:
        raise PuzzleError(f"regions: {len(regions)} rows; a {size}x{size} grid has {size}")
    found: list[object] = []
    for number, row in enumerate(regions, start=1):
        labels = _labels_of(row, size) if isinstance(row, str) else _listed(row, size)
        if labels is None:
            count = len("".join(row.split())) if isinstance(row, str) else _length(row)
            raise PuzzleError(f"regions: row {number} has {count} labels, not {size}")
        found += labels
    return found


def _length(row: object) -> int:
    """How many labels a row that is not a string holds (0 for one that is not a list)."""
    return len(row) if isinstance(row, Sequence) else 0


def _labels_of(text: str, count: int) -> list[object] | None:
    """`count` labels from text: its words when it has that many, else its characters other
    than spaces; None when neither has `count`."""
    words = text.split()
    if len(words) == count:
        return list(words)
    chars = [char for char in text if not char.isspace()]
    return list(chars) if len(chars) == count else None


def _listed(row: object, count: int) -> list[object] | None:
    """A row given as a list of labels (strings or whole numbers), None unless `count` of them."""
    if not isinstance(row, Sequence) or len(row) != count:
        return None
    if not all(isinstance(label, str | int) and not isinstance(label, bool) for label in row):
        raise PuzzleError("regions: each label is a string or a whole number")
    return [str(label) for label in row]


def puzzle_with(puzzle: Puzzle, variant: str | None, regions: Labels | None) -> Puzzle:
    """`puzzle` under the rules `variant` and `regions` name (rules_named), as it is when both
    are None; PuzzleError when they are bad, or are not the rules its share code names."""
    if variant is None and regions is None:
        return puzzle
    rules = rules_named(variant, regions, puzzle.shape)
    if not puzzle.rules.classic and rules != puzzle.rules:
        raise PuzzleError(
            f"variant: the puzzle's share code names {puzzle.rules.name}, not {rules.name}"
        )
    return Puzzle(puzzle.grid, rules)
