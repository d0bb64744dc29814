"""The alphabet a page shows its puzzle in: `?alphabet=hex` on a 16x16 puzzle's links shows
it 0-F, as a Hexadoku came in, while the share code stays standard (alphabet.py).

A page reads the parameter once it knows the puzzle's size, and the links it writes to the
same puzzle's other pages (solve, play, explain) keep it without each one saying so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from flask import Flask, abort, g, request

from ..sudoku import Grid, Puzzle, SolveResult, find_conflicts
from ..sudoku.alphabet import ALPHABETS, HEX, HEX_SIZE, STANDARD, fits, spelled

# The pages of one puzzle whose links carry its alphabet on.
KEEPS_ALPHABET = frozenset({"solve.result", "play.play", "play.submit", "explain.explain"})


def requested_alphabet() -> str:
    """The alphabet ?alphabet= asks for (standard when none); 400 when it names none."""
    alphabet = request.args.get("alphabet") or STANDARD
    if alphabet not in ALPHABETS:
        shown_value = alphabet if len(alphabet) <= 20 else alphabet[:20] + "…"
        abort(400, description=f"alphabet is one of {', '.join(ALPHABETS)}, not {shown_value!r}.")
    return alphabet


def as_shown(puzzle: Puzzle) -> Puzzle:
    """`puzzle` as this request's page shows it: in the alphabet ?alphabet= asks for (400 when
    that is not an alphabet, or not one a grid of this size can be written in)."""
    shown = as_shown_grid(puzzle.grid)
    return puzzle if shown is puzzle.grid else puzzle.with_grid(shown)


def as_shown_grid(grid: Grid) -> Grid:
    """`grid` (a solution, say) in the alphabet this request's page shows its puzzle in."""
    alphabet = requested_alphabet()
    if not fits(grid.shape, alphabet):
        abort(
            400,
            description=f"The hex alphabet (0-F) is for {HEX_SIZE}x{HEX_SIZE} puzzles;"
            f" this one is {grid.shape.name}.",
        )
    g.alphabet = alphabet
    return spelled(grid, alphabet)


def as_shown_result(result: SolveResult) -> SolveResult:
    """A solve shown in the alphabet its puzzle is shown in (as_shown): its grids, and the
    clashes, which name symbols."""
    puzzle = as_shown(result.puzzle)
    if puzzle is result.puzzle:
        return result
    return replace(
        result,
        puzzle=puzzle,
        solutions=tuple(as_shown_grid(solution) for solution in result.solutions),
        conflicts=find_conflicts(puzzle) if result.conflicts else (),
    )


class AlphabetValues(TypedDict, total=False):
    """The query values that keep an alphabet on a link."""

    alphabet: str


def link_values(alphabet: str) -> AlphabetValues:
    """The query values that keep `alphabet` on a link (none for the standard one)."""
    return {} if alphabet == STANDARD else {"alphabet": alphabet}


def _keep_alphabet(endpoint: str, values: dict[str, object]) -> None:
    """url_for default: the same puzzle's pages keep the alphabet this page shows it in."""
    if endpoint in KEEPS_ALPHABET and g.get("alphabet") == HEX:
        values.setdefault("alphabet", HEX)


def init_app(app: Flask) -> None:
    """Have the app's links keep a page's alphabet."""
    app.url_defaults(_keep_alphabet)
