"""Whole numbers read from text: the one place a number someone sent (a query's ?hint=, the
play form's tier, a seed, a cage's sum, a cell's row and column, a grid's field) becomes an int.

Python's checks and int() disagree about digits: str.isdigit() says yes to '²', which int()
refuses, and int() reads '٣', '１', ' 1' and '+1', and raises on more than 4,300 digits. A
check by one and a read by the other is an error waiting for the right character. Here a
number is ASCII 0-9 and nothing else, no longer than its caller allows, so reading one never
raises and never costs more than a few digits' work; anything else is None for the caller
to refuse in its own words.
"""

from __future__ import annotations


def read_whole_number(text: str, most_digits: int) -> int | None:
    """The number `text` spells in 1 to `most_digits` ASCII digits; None for any other text."""
    if not 0 < len(text) <= most_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def read_place(name: str, most_digits: int) -> tuple[int, int] | None:
    """The (row, column) a place's name spells, "r3c7" (lower case: a caller whose names
    come in either case lowers them), each in at most `most_digits` digits; None for a text
    that is not one."""
    if not name.startswith("r"):
        return None
    row_text, marker, column_text = name[1:].partition("c")
    row = read_whole_number(row_text, most_digits)
    column = read_whole_number(column_text, most_digits)
    if not marker or row is None or column is None:
        return None
    return row, column
