"""The alphabet a page shows its puzzle in: `?alphabet=hex` on a 16x16 puzzle's links shows
it 0-F, as a Hexadoku came in, while the share code stays standard (alphabet.py).

A page reads the parameter once it knows the puzzle's size (shown_alphabet), and passes
the alphabet on to what it shows and to each link it writes to the same puzzle's other
pages (solve, play, explain), which keep it (link_values).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from flask import abort, request

from ..sudoku import Puzzle, Shape, SolveResult, find_conflicts
from ..sudoku.alphabet import ALPHABETS, HEX_SIZE, STANDARD, fits, spelled


def requested_alphabet() -> str:
    """The alphabet ?alphabet= asks for (standard when none); 400 when it names none."""
    alphabet = request.args.get("alphabet") or STANDARD
    if alphabet not in ALPHABETS:
        shown_value = alphabet if len(alphabet) <= 20 else alphabet[:20] + "…"
        abort(400, description=f"alphabet is one of {', '.join(ALPHABETS)}, not {shown_value!r}.")
    return alphabet


def shown_alphabet(shape: Shape) -> str:
    """The alphabet this request's page shows a puzzle of `shape` in, as ?alphabet= asks (400
    when that is not an alphabet, or not one a grid of this size can be written in)."""
    alphabet = requested_alphabet()
    if not fits(shape, alphabet):
        abort(
            400,
            description=f"The hex alphabet (0-F) is for {HEX_SIZE}x{HEX_SIZE} puzzles;"
            f" this one is {shape.name}.",
        )
    return alphabet


def as_shown(puzzle: Puzzle, alphabet: str) -> Puzzle:
    """`puzzle` as a page shows it: in `alphabet` (one that fits it: shown_alphabet)."""
    shown = spelled(puzzle.grid, alphabet)
    return puzzle if shown is puzzle.grid else puzzle.with_grid(shown)


def as_shown_result(result: SolveResult, alphabet: str) -> SolveResult:
    """A solve shown in the alphabet its puzzle is shown in (as_shown): its grids, and the
    clashes, which name symbols."""
    puzzle = as_shown(result.puzzle, alphabet)
    if puzzle is result.puzzle:
        return result
    return replace(
        result,
        puzzle=puzzle,
        solutions=tuple(spelled(solution, alphabet) for solution in result.solutions),
        conflicts=find_conflicts(puzzle) if result.conflicts else (),
    )


class AlphabetValues(TypedDict, total=False):
    """The query values that keep an alphabet on a link."""

    alphabet: str


def link_values(alphabet: str) -> AlphabetValues:
    """The query values that keep `alphabet` on a link (none for the standard one)."""
    return {} if alphabet == STANDARD else {"alphabet": alphabet}


def kept_alphabet() -> AlphabetValues:
    """The query values that keep, on a link to the same puzzle's pages, the alphabet this
    request asks its page to be shown in (checked against the puzzle by shown_alphabet)."""
    return link_values(requested_alphabet())
