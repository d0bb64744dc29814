"""A position's pencil marks as a short link parameter, and back.

A pasted position travels as two parts: its solved cells, as the puzzle's
share code, and `marks`, the candidates the pencil marks remove beyond what
those solved cells already rule out. (A pencil-mark grid does not tell givens
from values placed later, so every solved cell is taken as a given.)

The code: take every candidate the solved cells leave (each open cell's values
that no solved peer holds), in reading order and by value within a cell; write
one bit for each, 1 when the marks remove it; pack the bits six to a letter of
base64url (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`), first bit highest; drop the
trailing `A`s. So the puzzle's own start is the empty code, a position a few
steps in takes a few letters, and no code is longer than the candidates it can
remove: 122 letters for a 9x9, 2,605 for a 25x25. Every position (within its
solved cells' candidates) has exactly one code.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import PuzzleError
from ..grid import Grid
from ..place import Place
from ..puzzle import Puzzle
from .position import Position, bits_of

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
LETTER_VALUES = {letter: value for value, letter in enumerate(LETTERS)}
BITS_PER_LETTER = 6


def _slots(start: Position) -> list[tuple[int, int]]:
    """The (cell, value) of every candidate the solved cells leave, in the code's order."""
    return [(cell, value) for cell, mask in enumerate(start.candidates) for value in bits_of(mask)]


def longest(puzzle: Puzzle) -> int:
    """The most letters a marks code of `puzzle`'s givens can need."""
    return -(-len(_slots(Position.from_puzzle(puzzle))) // BITS_PER_LETTER)


def encode(position: Position) -> str:
    """The marks code of `position` on its solved cells ("" when it removes nothing more).

    A candidate that a solved peer rules out cannot be written, and is left out."""
    start = Position.of_values(position.puzzle, position.values)
    removed = [not position.has(cell, value) for cell, value in _slots(start)]
    letters = []
    for top in range(0, len(removed), BITS_PER_LETTER):
        chunk = removed[top : top + BITS_PER_LETTER]
        number = 0
        for bit in chunk:
            number = number << 1 | bit
        letters.append(LETTERS[number << BITS_PER_LETTER - len(chunk)])
    return "".join(letters).rstrip(LETTERS[0])


def _cells_of(
    puzzle: Puzzle, slots: list[tuple[int, int]], place: int
) -> tuple[tuple[int, int], ...]:
    """The cells (1-based row, column) whose candidates letter `place` (1-based) writes."""
    n = puzzle.size
    covered = slots[(place - 1) * BITS_PER_LETTER : place * BITS_PER_LETTER]
    return tuple((cell // n + 1, cell % n + 1) for cell in dict.fromkeys(c for c, _ in covered))


def _covering(puzzle: Puzzle, slots: list[tuple[int, int]], place: int) -> str:
    """ " (the notes of r1c2 and r1c3)": the cells letter `place` writes, in words."""
    cells = _cells_of(puzzle, slots, place)
    if not cells:
        return ""
    names = [Place(row, col).name for row, col in cells]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f" (the notes of {listed})"


def decode(puzzle: Puzzle, text: str, values: tuple[int, ...] | None = None) -> Position:
    """The position `text` (a marks code) writes on `puzzle` with `values` solved (by default
    its givens); PuzzleError saying what is wrong and where when it is not a code of them."""
    start = Position.of_values(puzzle, puzzle.cells if values is None else values)
    slots = _slots(start)
    room = -(-len(slots) // BITS_PER_LETTER)
    if len(text) > room:
        raise PuzzleError(
            f"The marks code has {len(text)} letters; this puzzle's candidates fit in {room}"
        )
    removed: list[tuple[int, int]] = []
    for place, letter in enumerate(text, start=1):
        number = LETTER_VALUES.get(letter)
        if number is None:
            raise PuzzleError(
                f"The marks code has {letter!r} at letter {place}"
                f"{_covering(puzzle, slots, place)}: a marks code is written"
                " with A-Z, a-z, 0-9, - and _",
                cells=_cells_of(puzzle, slots, place),
            )
        for offset in range(BITS_PER_LETTER):
            if number >> (BITS_PER_LETTER - 1 - offset) & 1:
                index = (place - 1) * BITS_PER_LETTER + offset
                if index >= len(slots):
                    raise PuzzleError(
                        f"The marks code's letter {place} ({letter!r}) removes candidates past"
                        f" this puzzle's last one"
                    )
                removed.append(slots[index])
    return start.eliminate(removed)


def position_of(solved: Puzzle, candidates: Sequence[int] | None = None) -> Position:
    """The position of `solved`'s values with each open cell's `candidates` (masks with bit
    1 << value; None: every candidate the values allow), kept within what the values allow."""
    start = Position.from_puzzle(solved)
    if candidates is None:
        return start
    if len(candidates) != len(start.candidates):
        raise PuzzleError(
            f"{len(candidates)} candidate masks for a grid of {len(start.candidates)} cells"
        )
    masks = tuple(
        allowed & given for allowed, given in zip(start.candidates, candidates, strict=True)
    )
    return Position(start.puzzle, start.values, masks)


def narrowed(marks: Position, grid: Grid) -> Position:
    """The position of `grid` (the marks' solved cells and a player's entries) with each open
    cell's candidates those its values allow that `marks` keeps too."""
    start = Position.of_values(marks.puzzle, grid.cells, marks.unique)
    masks = tuple(
        allowed & kept for allowed, kept in zip(start.candidates, marks.candidates, strict=True)
    )
    return Position(start.puzzle, start.values, masks, start.unique)
