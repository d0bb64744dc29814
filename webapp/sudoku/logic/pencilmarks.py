"""Read a pencil-mark grid: each cell's candidates, as Sudoku Explainer and HoDoKu print them.

N*N groups separated by white space, in reading order, each the candidate
symbols of one cell; a group of one symbol is a solved cell. Frames drawn
with `|`, `-`, `+`, `.`, `:` and `'` (whole words, or the ends of a word) are
skipped, so a grid copied from those programs reads as it is. Bad input raises
PuzzleError with its line and column.
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from ..grid import Grid
from ..parse import read_code
from ..puzzle import CLASSIC, Puzzle, Rules
from ..shape import SHAPES_BY_CELLS, SYMBOLS
from .position import Position

FRAME = frozenset("|-+.:'")
VALUES = {symbol: value for value, symbol in enumerate(SYMBOLS, start=1)}
VALUES.update({symbol.lower(): value for symbol, value in list(VALUES.items())})

WORD = re.compile(r"\S+")
Token = tuple[str, int, int]  # the text and its 1-based line and column


def tokens_of(text: str) -> list[Token]:
    """Every candidate group with where it starts: the white-space separated words, less
    the frame characters at their ends; words that are all frame are skipped."""
    found = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for match in WORD.finditer(line):
            word = match.group(0)
            core = word.strip("".join(FRAME))
            if core:
                start = match.start() + word.index(core) + 1
                found.append((core, line_number, start))
    return found


def looks_like_pencil_marks(text: str) -> bool:
    """True when `text` has as many candidate groups as a grid has cells, some of several
    symbols (a one-line puzzle is one word; a grid of rows has N words)."""
    tokens = tokens_of(text)
    return len(tokens) in SHAPES_BY_CELLS and any(len(word) > 1 for word, _, _ in tokens)


def parse_pencil_marks(text: str, rules: Rules = CLASSIC) -> Position:
    """The position a pencil-mark grid writes; PuzzleError saying what is wrong and where."""
    tokens = tokens_of(text)
    shape = SHAPES_BY_CELLS.get(len(tokens))
    if shape is None:
        *smaller, largest = sorted(SHAPES_BY_CELLS)
        raise PuzzleError(
            "a pencil-mark grid has one group of candidates per cell"
            f" ({', '.join(map(str, smaller))} or {largest} groups); found {len(tokens)}"
        )
    values, masks = [], []
    for index, (word, line, column) in enumerate(tokens):
        mask = 0
        for offset, char in enumerate(word):
            value = VALUES.get(char)
            if value is None or value > shape.size:
                raise PuzzleError(
                    f"line {line}, column {column + offset}: {char!r} is not a candidate of a"
                    f" {shape.name} grid (candidates are {shape.symbol_range})",
                    line=line,
                    column=column + offset,
                    cells=((index // shape.size + 1, index % shape.size + 1),),
                )
            mask |= 1 << value
        if len(word) == 1:
            values.append(mask.bit_length() - 1)
            masks.append(0)
        else:
            values.append(0)
            masks.append(mask)
    # The marks as written, even where a peer still lists a solved cell's value: clearing
    # it would be a deduction made behind the player's back (the engine's steps say it).
    # A pencil-mark grid does not tell givens from values placed later: every solved cell
    # is taken as a given.
    solved = Puzzle(Grid(shape, tuple(values)), rules)
    return Position(solved, tuple(values), tuple(masks))


def read_position(text: str, rules: Rules = CLASSIC) -> Position:
    """A pencil-mark grid's position, or a puzzle's with every candidate its givens allow:
    under `rules`, or else those its text names (a variant's share code)."""
    if looks_like_pencil_marks(text):
        return parse_pencil_marks(text, rules)
    puzzle = read_code(text)
    return Position.from_puzzle(puzzle if rules.classic else Puzzle(puzzle.grid, rules))
