"""Maps of labels typed by a person, one label per cell: a Jigsaw's regions, a Killer's cages.

Glossary:
- labels: one label per cell, any letters or digits, the same label the same region (or
  cage); as one string (spaces and line breaks between labels are skipped; labels of more
  than one character, such as 10 to 16, are separated by spaces) or as a list of rows,
  each a string or a list of labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PuzzleError

Labels = str | Sequence[str | Sequence[object]]


def region_labels(regions: Labels, size: int, what: str = "regions") -> list[object]:
    """One label per cell of a size x size grid from a person's map of labels (see the
    glossary); PuzzleError starting with `what` ("regions:", "cages:") naming the row or
    count that is wrong."""
    cells = size * size
    if isinstance(regions, str):
        labels = _labels_of(regions, cells)
        if labels is None:
            count = len("".join(regions.split()))
            raise PuzzleError(
                f"{what}: {count} labels; a {size}x{size} grid takes {cells}, one a cell"
            )
        return labels
    if not isinstance(regions, Sequence) or isinstance(regions, bytes):
        raise PuzzleError(f"{what}: a string of one label per cell, or a list of rows")
    if len(regions) != size:
        raise PuzzleError(f"{what}: {len(regions)} rows; a {size}x{size} grid has {size}")
    found: list[object] = []
    for number, row in enumerate(regions, start=1):
        labels = _labels_of(row, size) if isinstance(row, str) else _listed(row, size, what)
        if labels is None:
            count = len("".join(row.split())) if isinstance(row, str) else _length(row)
            raise PuzzleError(f"{what}: row {number} has {count} labels, not {size}")
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


def _listed(row: object, count: int, what: str) -> list[object] | None:
    """A row given as a list of labels (strings or whole numbers), None unless `count` of them."""
    if not isinstance(row, Sequence) or len(row) != count:
        return None
    if not all(isinstance(label, str | int) and not isinstance(label, bool) for label in row):
        raise PuzzleError(f"{what}: each label is a string or a whole number")
    return [str(label) for label in row]
