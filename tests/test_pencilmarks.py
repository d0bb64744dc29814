"""Pencil-mark grids: read as Sudoku Explainer and HoDoKu print them, or on one line."""

from __future__ import annotations

import pytest

from webapp.sudoku import PuzzleError, parse
from webapp.sudoku.logic import (
    Position,
    bits_of,
    looks_like_pencil_marks,
    parse_pencil_marks,
    read_position,
)
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY


def marks_of(position: Position, framed: bool) -> str:
    """A position written out as pencil marks, with a Sudoku Explainer-like frame or on one line."""
    n = position.size
    words = [
        str(value) if value else "".join(map(str, bits_of(mask)))
        for value, mask in zip(position.values, position.candidates, strict=True)
    ]
    if not framed:
        return " ".join(words)
    rows = []
    for r in range(n):
        row = words[r * n : (r + 1) * n]
        rows.append("| " + " | ".join(" ".join(row[b : b + 3]) for b in range(0, n, 3)) + " |")
        if r % 3 == 2 and r < n - 1:
            rows.append(":-------+-------+-------:")
    return ".-------.-------.-------.\n" + "\n".join(rows) + "\n'-------'-------'-------'"


@pytest.mark.parametrize("framed", [True, False])
def test_a_position_written_out_reads_back_the_same(framed):
    position = Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    text = marks_of(position, framed)
    assert looks_like_pencil_marks(text)
    read = parse_pencil_marks(text)
    # One symbol is a solved cell, as these programs print it: a cell with a single
    # candidate left comes back solved; nothing else changes.
    for cell, (value, mask) in enumerate(zip(position.values, position.candidates, strict=True)):
        if value:
            assert read.values[cell] == value
        elif mask.bit_count() == 1:
            assert read.values[cell] == mask.bit_length() - 1
        else:
            assert read.candidates[cell] == mask
    assert parse_pencil_marks(marks_of(read, framed)) == read


def test_a_puzzle_line_is_not_pencil_marks():
    assert not looks_like_pencil_marks(NORVIG_EASY)
    assert read_position(NORVIG_EASY) == Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))


def test_marks_are_taken_as_written():
    words = ["1234"] * 16
    words[0] = "3"
    position = parse_pencil_marks(" ".join(words))
    assert position.values[0] == 3
    assert position.has(1, 3)  # the player has not crossed it out: no step is taken for them


@pytest.mark.parametrize(
    ("text", "message", "where"),
    [
        (" ".join(["12"] * 80), "found 80", (None, None)),
        (" ".join(["12"] * 15 + ["1x"]), "line 1, column 47: 'x' is not a candidate", (1, 47)),
        ("| 12 34\n| 5 1234" + " 12" * 12, "line 2, column 3: '5' is not a candidate", (2, 3)),
    ],
)
def test_bad_pencil_marks_say_what_and_where(text, message, where):
    with pytest.raises(PuzzleError) as raised:
        parse_pencil_marks(text)
    assert message in raised.value.message
    assert (raised.value.line, raised.value.column) == where
