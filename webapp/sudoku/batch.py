"""Many puzzles at once: a file with one puzzle a line (.sdm, lists of puzzles), told apart
from one puzzle written over several lines, each line read on its own.

A batch is text with two or more content lines (a line without its `#` comment, holding
at least one cell character; blank and comment lines are skipped), at least half of which
read as a whole puzzle on their own. A puzzle written a row a line has no line that is a
whole puzzle (a row of 9 is no grid), so it goes on being read as one (parse.py). Lines of
4x4 or 6x6 puzzles can add up to a bigger grid (nine 4x4 lines are 144 cells, a 12x12):
such a text is one puzzle only when it also has as many lines as that grid has rows.

A line that cannot be read is kept with its PuzzleError, so a batch with a bad line is
still a batch: that line's row says what is wrong with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .errors import PuzzleError
from .labels import Labels
from .links.lzstring import unpack_budget
from .parse import MAX_LENGTH, SEPARATORS, cell_count, read
from .puzzle import Puzzle
from .shape import SHAPES
from .variants import puzzle_with

# A batch's rules as its sender named them: a variant's name, a Jigsaw's region labels and
# a Killer's cages (variants.py), all None for the rules each puzzle's own text names.
Variant = tuple[str | None, Labels | None, object]
NO_VARIANT: Variant = (None, None, None)

# The most puzzles a batch holds: a job of JOB_SECONDS (60 s) gets through a thousand 9x9
# puzzles, solved and rated, when they are not of the hardest.
MAX_PUZZLES = 1_000
# The longest batch text: a thousand 9x9 lines (82 KB) with comments, or 500 16x16 lines.
MAX_BATCH_LENGTH = 128 * 1024
# What a batch's f-puzzles and SudokuPad links may open to in all (UTF-16 code units): 25
# links with every candidate of a 16x16 written. A 126 KB batch of 55 links that each
# opened to a million took 12.3 s to read before any solve.
MAX_BATCH_UNPACKED = 1_000_000
COMMENT = "#"


@dataclass(frozen=True)
class Entry:
    """One puzzle of a batch: where it is (`line` in the text, from 1; None for a puzzle
    sent in a list), what it says, and its grid and alphabet or why it cannot be read."""

    index: int  # its place among the batch's puzzles, from 0
    line: int | None
    text: str
    puzzle: Puzzle | None = None
    alphabet: str | None = None
    error: PuzzleError | None = None


def read_batch(text: str) -> tuple[Entry, ...] | None:
    """The puzzles of `text` when it is a batch, one puzzle a line; None when it is one
    puzzle (parse.py reads it, or says what is wrong with it). PuzzleError when a batch is
    longer than MAX_BATCH_LENGTH or holds more than MAX_PUZZLES puzzles."""
    lines = content_lines(text)
    if len(lines) < 2:
        return None
    if len(text) > MAX_BATCH_LENGTH:
        raise PuzzleError(
            f"the text is {len(text):,} characters long; one puzzle takes at most"
            f" {MAX_LENGTH:,} and a batch, one puzzle a line, at most {MAX_BATCH_LENGTH:,}"
        )
    # Past the limit, the first MAX_PUZZLES lines say whether it is a batch: bounded work.
    with unpack_budget(MAX_BATCH_UNPACKED):
        entries = tuple(
            read_entry(index, number, line)
            for index, (number, line) in enumerate(lines[: MAX_PUZZLES + 1])
        )
    whole = sum(1 for entry in entries if entry.puzzle is not None)
    if whole == 0 or 2 * whole < len(entries) or _one_grid(text, len(lines)):
        return None
    if len(lines) > MAX_PUZZLES:
        raise PuzzleError(
            f"the batch holds {len(lines):,} puzzles, one a line; a batch takes at most"
            f" {MAX_PUZZLES:,}: split it into files of {MAX_PUZZLES:,} lines or fewer"
        )
    return entries


def read_puzzles(texts: Sequence[str]) -> tuple[Entry, ...]:
    """Each of `texts` read as one puzzle (in any format parse.py reads), in order;
    PuzzleError when there are more than MAX_PUZZLES."""
    if len(texts) > MAX_PUZZLES:
        raise PuzzleError(
            f"{len(texts):,} puzzles were sent; a batch takes at most {MAX_PUZZLES:,}"
        )
    with unpack_budget(MAX_BATCH_UNPACKED):
        return tuple(read_entry(index, None, text) for index, text in enumerate(texts))


def content_lines(text: str) -> list[tuple[int, str]]:
    """The lines of `text` that hold a puzzle, each with its number (from 1), without its
    `#` comment and trailing spaces (leading ones stay, so a column in the line is a column
    in the file): lines that are blank, a comment or only separators (a `---+---` rule) are
    skipped."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split(COMMENT, 1)[0].rstrip()
        if any(not (char.isspace() or char in SEPARATORS) for char in content):
            found.append((number, content))
    return found


def read_entry(index: int, line: int | None, text: str) -> Entry:
    """The puzzle `text`, the batch's `index`th (from 0) on `line`, read: its grid and
    alphabet, or the error that says why it is none."""
    try:
        puzzle, alphabet = read(text)
    except PuzzleError as error:
        return Entry(index, line, text, error=_on_line(error, line))
    return Entry(index, line, text, puzzle=puzzle, alphabet=alphabet)


def _on_line(error: PuzzleError, line: int | None) -> PuzzleError:
    """`error`, read from one line of a batch alone (its line 1), placed on the batch's
    `line`: "line 5, column 79: ...", not "line 1, column 79"."""
    if line is None or error.line != 1:
        return error
    message = re.sub(r"\bline 1, column (\d+)", rf"line {line}, column \1", error.message)
    return PuzzleError(message, line=line, column=error.column, cells=error.cells)


def _one_grid(text: str, line_count: int) -> bool:
    """True when the whole text is one grid written a row a line: it reads as a grid with
    as many rows as the text has content lines (16 lines of 16 cells are a 16x16, though
    each would also read as a 4x4)."""
    if line_count > max(SHAPES) or len(text) > MAX_LENGTH:
        return False
    try:
        grid = read(text).grid
    except PuzzleError as error:
        # A bad symbol in such a grid is named in its row and column, not read as a batch.
        return bool(error.cells) and cell_count(text) == line_count * line_count
    return grid.size == line_count


def variant_of(kept: Sequence[object]) -> Variant:
    """A Variant as a job's record keeps it (a list; one kept before Killers has no cages)."""
    name, regions, cages = (*kept, None, None, None)[:3]
    return name, regions, cages  # type: ignore[return-value]


def under_variant(entries: Sequence[Entry], variant: Variant) -> tuple[Entry, ...]:
    """`entries` under the rules `variant` names (its name, a Jigsaw's region labels and a
    Killer's cages, as variants.puzzle_with reads them), each as it was when all are None; an
    entry whose
    puzzle cannot take them (its share code names other rules) is an error row."""
    if variant == NO_VARIANT:
        return tuple(entries)
    return tuple(_under(entry, variant) for entry in entries)


def _under(entry: Entry, variant: Variant) -> Entry:
    if entry.puzzle is None:
        return entry
    try:
        return replace(entry, puzzle=puzzle_with(entry.puzzle, *variant))
    except PuzzleError as error:
        return replace(entry, puzzle=None, error=error)
