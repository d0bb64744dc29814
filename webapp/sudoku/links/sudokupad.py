"""SudokuPad's puzzle ids: the part of a sudokupad.app link that names the puzzle.

An id that starts `fpuzzles` or `fpuz` carries an f-puzzles puzzle (fpuzzles.py),
LZ-string compressed (lzstring.py) or, from some tools, raw-deflated, in base64.
Ids that start `scl` or `ctc` are SudokuPad's own format, which the solver does not read,
and any other id is a short name whose puzzle lives on SudokuPad's server, which the
solver does not call.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from ..errors import PuzzleError
from . import lzstring
from .fpuzzles import Found, read_json

FPUZZLES_PREFIXES = ("fpuzzles", "fpuz")
OWN_PREFIXES = ("scl", "ctc")


def read_id(puzzle_id: str, site: str = "SudokuPad") -> Found:
    """The puzzle an f-puzzles SudokuPad id holds, rules and all; PuzzleError for any other id."""
    for prefix in FPUZZLES_PREFIXES:
        if puzzle_id.startswith(prefix):
            payload = puzzle_id[len(prefix) :]
            return read_json(_opened(payload, site), site)
    for prefix in OWN_PREFIXES:
        if puzzle_id.startswith(prefix):
            raise PuzzleError(
                f"this {site} link holds a puzzle in SudokuPad's own {prefix!r} format, which"
                " the solver does not read yet; open it in f-puzzles and paste that link"
            )
    if not puzzle_id:
        raise PuzzleError(f"this {site} link names no puzzle")
    raise PuzzleError(
        f"this {site} link names the puzzle {puzzle_id[:40]!r} kept on SudokuPad's server,"
        " which the solver does not call; paste the puzzle itself, or an f-puzzles link"
    )


def _opened(payload: str, site: str) -> str:
    """The JSON text of a payload: LZ-string's if it opens to an object, else raw deflate's."""
    try:
        text = lzstring.decompress_from_base64(payload)
    except PuzzleError as error:
        text, problem = "", error.message
    else:
        problem = "it is not an f-puzzles puzzle"
    if text.startswith("{"):
        return text
    inflated = _inflated(payload)
    if inflated is not None and inflated.startswith("{"):
        return inflated
    raise PuzzleError(f"this {site} link's puzzle data cannot be read: {problem}")


def _inflated(payload: str) -> str | None:
    """The text a base64 raw-deflate payload opens to, None if it is not one (bounded)."""
    try:
        data = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=False)
        opener = zlib.decompressobj(wbits=-15)
        text = opener.decompress(data, lzstring.room())
        lzstring.spend(len(text))
        if opener.unconsumed_tail or not opener.eof:
            return None
        return text.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        return None
