"""Alphabets: the symbols a grid is written in.

- standard: 1-9, then A-P for 10-25 ("A" is 10), with "." or "0" for a blank; the share
  code and every page use it.
- hex: 0-9 and A-F for the values 1-16 of a 16x16 grid, with "." for a blank, as most
  Hexadoku sources write them ("0" is the value 1, "F" is 16).

A 16x16 grid written with "." for blanks that holds a "0" can only be hex (no standard
grid uses "0" as a symbol beside "." blanks), so parse.py reads it as hex unless told
otherwise; one with no "0" reads as standard, and a reader who knows better says so.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from .grid import Grid
from .shape import SHAPES, SYMBOLS, Shape

STANDARD = "standard"
HEX = "hex"
ALPHABETS = (STANDARD, HEX)

HEX_SYMBOLS = "0123456789ABCDEF"
HEX_SIZE = 16

DESCRIPTIONS = {
    STANDARD: "1-9 then A-P (A is 10), . or 0 for a blank",
    HEX: "0-9 and A-F for 1-16 on a 16x16 grid (0 is 1, F is 16), . for a blank",
}


def symbols(shape: Shape, alphabet: str) -> str:
    """The symbols of `shape` in `alphabet`, in value order."""
    if alphabet == HEX:
        return HEX_SYMBOLS
    return SYMBOLS[: shape.size]


def fits(shape: Shape, alphabet: str) -> bool:
    """True when a grid of `shape` can be written in `alphabet` (hex: 16x16 only)."""
    return alphabet == STANDARD or shape.size == HEX_SIZE


def spelled_shape(shape: Shape, alphabet: str) -> Shape:
    """`shape` with the symbols of `alphabet`; ValueError when it does not fit the size."""
    if not fits(shape, alphabet):
        raise ValueError(f"a {shape.name} grid cannot be written in the {alphabet} alphabet")
    standard = SHAPES[shape.size]
    return standard if alphabet == STANDARD else replace(standard, spelling=HEX_SYMBOLS)


def spelled(grid: Grid, alphabet: str) -> Grid:
    """`grid` to be shown in `alphabet`: the same values, on a shape whose symbols are that
    alphabet's, so every board, message and form drawn from it speaks it (its code stays
    standard). ValueError when the alphabet does not fit the grid's size."""
    shape = spelled_shape(grid.shape, alphabet)
    return grid if grid.shape == shape else Grid(shape, grid.cells)


def alphabet_of(shape: Shape) -> str:
    """The alphabet a shape is spelled in."""
    return HEX if shape.spelling == HEX_SYMBOLS else STANDARD


@cache
def values(shape: Shape, alphabet: str) -> dict[str, int]:
    """Each symbol of `shape` in `alphabet` (either case) and each blank, to its value
    (made once per shape and alphabet: every puzzle read asks; do not change it)."""
    found = {symbol: value for value, symbol in enumerate(symbols(shape, alphabet), start=1)}
    found.update({symbol.lower(): value for symbol, value in list(found.items())})
    found["."] = 0
    if alphabet == STANDARD:
        found["0"] = 0
    return found


def written(grid: Grid, alphabet: str) -> str:
    """`grid` on one line in `alphabet`, "." for blanks."""
    return spelled(grid, alphabet).line
