"""A puzzle's marks in its share code: the pairs of side-by-side cells one marked kind
(rulebook.py: a Kropki dot, an X, a V) marks, and whether all are given.

Glossary:
- edge: a pair of side-by-side cells, then of stacked cells, in reading order, as a Jigsaw's
  region code numbers them (regions.py);
- mark code: the kind's letter, then one bit for "all given" and one bit per edge, set where
  the kind marks it, five bits a letter in REGION_LETTERS (A-Z, 2-7): a 9x9's takes 29
  letters whatever its marks, so the code of the next part needs no mark between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .errors import PuzzleError
from .regions import BITS, REGION_LETTERS, bits_of_letters, letters_of_bits
from .rulebook import MarkedPairs, Pair, marked_kinds


@lru_cache(maxsize=8)  # one a size of grid
def edges(size: int) -> tuple[Pair, ...]:
    """The edges of a size x size grid in the code's order: side-by-side pairs of cells in
    reading order, then stacked pairs."""
    across = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    down = [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return tuple(across + down)


def mark_code_length(size: int) -> int:
    """Letters in one kind's mark code (its letter aside) on a size x size grid."""
    return -(-(1 + len(edges(size))) // BITS)


def encode_marks(size: int, marks: MarkedPairs) -> str:
    """One kind's mark code, its letter first."""
    marked = set(marks.pairs)
    return marks.letter + letters_of_bits(
        [marks.all_given, *(edge in marked for edge in edges(size))]
    )


def decode_marks(size: int, letter: str, code: str) -> MarkedPairs:
    """The marks a kind's code (its letter aside) spells on a size x size grid; PuzzleError
    when it is not mark_code_length letters of A-Z and 2-7, or sets a bit past the edges."""
    if len(code) != mark_code_length(size) or any(char not in REGION_LETTERS for char in code):
        raise PuzzleError(
            f"the marks after {letter} are {mark_code_length(size)} letters from A-Z and 2-7"
            f" on a {size}x{size} grid (was the link cut short or changed?)"
        )
    bits = bits_of_letters(code)
    spelt = edges(size)
    if any(bits[1 + len(spelt) :]):
        raise PuzzleError(f"the marks after {letter} mark an edge past the grid's")
    pairs = tuple(sorted(edge for edge, bit in zip(spelt, bits[1:], strict=False) if bit))
    return MarkedPairs(letter, pairs, bool(bits[0]))


def take_marks(size: int, text: str) -> tuple[tuple[MarkedPairs, ...], str]:
    """The marks `text` starts with (each a marked kind's letter, then its code) on a size x
    size grid, and the rest of `text`; PuzzleError for a code that cannot be one."""
    letters = {kind.letter for kind in marked_kinds()}
    marks = []
    while text[:1] and text[0] in letters:
        width = mark_code_length(size)
        marks.append(decode_marks(size, text[0], text[1 : 1 + width]))
        text = text[1 + width :]
    return tuple(marks), text


def side_by_side(size: int, pairs: Sequence[Pair]) -> Pair | None:
    """The first of `pairs` that is not two side-by-side or stacked cells of a size x size
    grid, or None."""
    known = set(edges(size))
    return next((pair for pair in pairs if tuple(sorted(pair)) not in known), None)
