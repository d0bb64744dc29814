"""A puzzle's marked cells in its share code: the cells one celled kind (rulebook.py: an even
cell, an odd cell) marks.

Glossary:
- cell code: the kind's letter, then one bit per cell of the grid in reading order, set
  where the kind marks it, five bits a letter in REGION_LETTERS (A-Z, 2-7): a 9x9's takes 17
  letters whatever its marks, so the code of the next part needs no mark between them.
"""

from __future__ import annotations

from .errors import PuzzleError
from .regions import BITS, REGION_LETTERS, bits_of_letters, letters_of_bits
from .rulebook import MarkedCells, celled_kinds


def cell_code_length(size: int) -> int:
    """Letters in one kind's cell code (its letter aside) on a size x size grid."""
    return -(-(size * size) // BITS)


def encode_cells(size: int, marked: MarkedCells) -> str:
    """One kind's cell code, its letter first."""
    chosen = set(marked.cells)
    return marked.letter + letters_of_bits([cell in chosen for cell in range(size * size)])


def decode_cells(size: int, letter: str, code: str) -> MarkedCells:
    """The cells a kind's code (its letter aside) marks on a size x size grid; PuzzleError
    when it is not cell_code_length letters of A-Z and 2-7, or sets a bit past the cells."""
    if len(code) != cell_code_length(size) or any(char not in REGION_LETTERS for char in code):
        raise PuzzleError(
            f"the cells after {letter} are {cell_code_length(size)} letters from A-Z and 2-7"
            f" on a {size}x{size} grid (was the link cut short or changed?)"
        )
    bits = bits_of_letters(code)
    if any(bits[size * size :]):
        raise PuzzleError(f"the cells after {letter} mark a cell past the grid's")
    return MarkedCells(letter, tuple(cell for cell in range(size * size) if bits[cell]))


def take_cells(size: int, text: str) -> tuple[tuple[MarkedCells, ...], str]:
    """The marked cells `text` starts with (each a celled kind's letter, then its code) on a
    size x size grid, and the rest of `text`; PuzzleError for a code that cannot be one."""
    letters = {kind.letter for kind in celled_kinds()}
    found = []
    while text[:1] and text[0] in letters:
        width = cell_code_length(size)
        found.append(decode_cells(size, text[0], text[1 : 1 + width]))
        text = text[1 + width :]
    return tuple(found), text
