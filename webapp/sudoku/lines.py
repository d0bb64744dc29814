"""A puzzle's lines in its share code: the cells of each line of one lined kind (rulebook.py:
a thermometer), from its start.

Glossary:
- line code: the kind's letter, then two letters for how many lines, then for each line
  two letters for its length, two for its first cell and one a step for the way to the next cell
  (one of the eight neighbours, STEPS), letters of REGION_LETTERS (A-Z, 2-7): a line of a
  lined kind runs through neighbouring cells, so a step is one letter; a line of an outside
  kind (a little killer's) then has two letters for its clue's number.
"""

from __future__ import annotations

from .errors import PuzzleError
from .regions import REGION_LETTERS
from .rulebook import RULE_KINDS, Line, line_kinds

# The eight ways to a neighbouring cell, (rows down, columns across), by letter number.
STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
BASE = len(REGION_LETTERS)


def _two(number: int) -> str:
    """`number` (below BASE squared) as two letters."""
    return REGION_LETTERS[number // BASE] + REGION_LETTERS[number % BASE]


def encode_lines(size: int, lines: tuple[Line, ...]) -> str:
    """The line codes of `lines` (each kind's lines together, in the registry's order) on a
    size x size grid; lines whose cells are not neighbours in turn are refused before
    (Rules.unfit), so every step is one of STEPS."""
    code = ""
    for kind in line_kinds():
        own = [line for line in lines if line.letter == kind.letter]
        if not own:
            continue
        code += kind.letter + _two(len(own))
        for line in own:
            code += _two(len(line.cells)) + _two(line.cells[0])
            for one, other in zip(line.cells, line.cells[1:], strict=False):
                step = (other // size - one // size, other % size - one % size)
                code += REGION_LETTERS[STEPS.index(step)]
            if kind.outside:
                code += _two(line.value or 0)
    return code


def take_lines(size: int, text: str) -> tuple[tuple[Line, ...], str]:
    """The lines `text` starts with (each lined kind's letter and its line code) on a size x
    size grid, and the rest of `text`; PuzzleError for a code that cannot be one."""
    letters = {kind.letter for kind in line_kinds()}
    found: list[Line] = []
    while text[:1] and text[0] in letters:
        letter, at = text[0], 1
        count, at = _number(text, at, 2, letter), at + 2
        for _ in range(count):
            length, at = _number(text, at, 2, letter), at + 2
            cell, at = _number(text, at, 2, letter), at + 2
            cells = [cell]
            for _ in range(length - 1):
                way = _number(text, at, 1, letter)
                at += 1
                if way >= len(STEPS):
                    raise PuzzleError(f"the lines after {letter} take a step no cell takes")
                down, across = STEPS[way]
                row, column = divmod(cells[-1], size)
                if not (0 <= row + down < size and 0 <= column + across < size):
                    raise PuzzleError(f"the lines after {letter} run off the {size}x{size} grid")
                cells.append((row + down) * size + column + across)
            value = None
            if RULE_KINDS[letter].outside:
                value, at = _number(text, at, 2, letter), at + 2
            found.append(Line(letter, tuple(cells), value))
        text = text[at:]
    return tuple(found), text


def _number(text: str, at: int, width: int, letter: str) -> int:
    """The number `width` letters at `at` spell; PuzzleError when they are not there."""
    part = text[at : at + width]
    if len(part) != width or any(char not in REGION_LETTERS for char in part):
        raise PuzzleError(
            f"the lines after {letter} are cut short (was the link cut short or changed?)"
        )
    number = 0
    for char in part:
        number = number * BASE + REGION_LETTERS.index(char)
    return number
