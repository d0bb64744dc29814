"""SudokuWiki's board strings, as its solver's links carry them in `?bd=`.

Two forms are read (www.sudokuwiki.org/Sudoku_String_Definitions):
- 81 characters, a digit a cell in reading order, 0 or . for a blank;
- version B, "S9B" then two base-36 digits a cell: 1-9 a clue, 10-18 a solved cell
  (the value plus 9), and from 18 up the candidates as bits (1 << value - 1) plus 18,
  so a lone candidate stays a candidate. The header's letter names the puzzle type
  (S for Sudoku) and its number the size. Checked against the solver's own "load position"
  links beside the puzzles they come from: every clue, solved value and candidate agrees.

The first packed form (162 base-32 characters with no header, 2023) is refused by name:
the one sample of it published does not decode to a board as its description says, so
reading it would be a guess.

Its Killer solver (`killersudoku.aspx?bd=`, www.sudokuwiki.org/Killer_String_Definitions)
takes 81 colour characters, a comma, then 162 digits, two a cell: a cage is a connected
group of cells of one colour (neighbouring cages differ in colour), its sum written at its
top-left cell, "00" elsewhere. Checked against the page's own example: 31 groups, each with
one sum at its first cell, adding up to 405. Its packed "Email this board" form (two strings
of 162 packed characters) is refused by name: its cages' coding is not published.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cages import Cage, checked
from ..errors import PuzzleError
from ..grid import Grid
from ..regions import pieces, place
from ..shape import SHAPES
from ..whole_numbers import read_whole_number

SHAPE = SHAPES[9]
CELLS = SHAPE.cell_count
ALL = sum(1 << value for value in range(1, 10))
HEADER_B = "S9B"
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
SOLVED_OFFSET = 9
CANDIDATE_OFFSET = 18


@dataclass(frozen=True)
class WikiBoard:
    """A board from a SudokuWiki string: clues, clues with the solved cells, and each
    unsolved cell's candidates as a mask (bit 1 << value), None when it gives none."""

    puzzle: Grid
    solved: Grid
    candidates: tuple[int, ...] | None


def read_board(text: str) -> WikiBoard:
    """The board in a `bd=` value; PuzzleError saying which form it is not."""
    if len(text) == CELLS:
        return _plain(text)
    if len(text) == 2 * CELLS:
        raise PuzzleError(
            "this SudokuWiki link holds a board in the solver's first packed form (162"
            " characters, from 2023), which is not read here; SudokuWiki's 'Email this board'"
            f" now writes {HEADER_B} and 162 characters, which is"
        )
    if len(text) == len(HEADER_B) + 2 * CELLS and text[:3] == HEADER_B:
        return _version_b(text[3:].lower())
    if len(text) > 3 and text[0].isalpha() and text[1:].split("B", 1)[0].isdigit():
        raise PuzzleError(
            f"this SudokuWiki link holds a {text[:3]!r} board; the solver reads its Sudoku"
            f" boards ({HEADER_B}, or 81 digits), not its other puzzle types or sizes"
        )
    raise PuzzleError(
        f"this SudokuWiki link's board has {len(text)} characters; it takes 81 digits,"
        f" 162 packed characters, or {HEADER_B} and 162"
    )


def _plain(text: str) -> WikiBoard:
    """81 digits, 0 or . for a blank."""
    cells = []
    for index, char in enumerate(text):
        if char == ".":
            char = "0"
        value = read_whole_number(char, 1)
        if value is None:
            raise PuzzleError(
                f"this SudokuWiki link's board: {char!r} at cell {index + 1} (row"
                f" {index // 9 + 1}, column {index % 9 + 1}) is not a digit",
                cells=((index // 9 + 1, index % 9 + 1),),
            )
        cells.append(value)
    grid = Grid(SHAPE, tuple(cells))
    return WikiBoard(grid, grid, None)


def _numbers(text: str, digits: str) -> list[int]:
    """The two-character numbers of a packed board, in `digits`' base."""
    found = []
    for index in range(0, len(text), 2):
        pair = text[index : index + 2]
        if pair[0] not in digits or pair[1] not in digits:
            cell = index // 2
            raise PuzzleError(
                f"this SudokuWiki link's packed board: {pair!r} for row {cell // 9 + 1}, column"
                f" {cell % 9 + 1} is not a base-{len(digits)} number",
                cells=((cell // 9 + 1, cell % 9 + 1),),
            )
        found.append(digits.index(pair[0]) * len(digits) + digits.index(pair[1]))
    return found


def _version_b(text: str) -> WikiBoard:
    """162 base-36 characters after S9B: clue, solved value + 9, or candidates + 18."""
    puzzle, solved, marks = [], [], []
    for cell, number in enumerate(_numbers(text, BASE36)):
        if number > CANDIDATE_OFFSET + (ALL >> 1):
            raise _bad_cell(cell, number)
        if number == 0:
            clue = value = mask = 0
        elif number <= SOLVED_OFFSET:
            clue = value = number
            mask = 0
        elif number < CANDIDATE_OFFSET:
            clue, value, mask = 0, number - SOLVED_OFFSET, 0
        elif number == CANDIDATE_OFFSET:  # 9 solved, or no candidates: the header says solved
            clue, value, mask = 0, 9, 0
        else:
            clue, value, mask = 0, 0, (number - CANDIDATE_OFFSET) << 1
        puzzle.append(clue)
        solved.append(value)
        marks.append(mask)
    return _board(puzzle, solved, marks)


def _bad_cell(cell: int, number: int) -> PuzzleError:
    """The error for a packed number that is no cell of a 9x9 board."""
    row, column = cell // 9 + 1, cell % 9 + 1
    return PuzzleError(
        f"this SudokuWiki link's packed board: row {row}, column {column} holds {number},"
        " which is neither a value nor a set of candidates",
        cells=((row, column),),
    )


def _board(puzzle: list[int], solved: list[int], marks: list[int]) -> WikiBoard:
    """A board, with candidates only when some unsolved cell has them."""
    has_marks = any(marks)
    candidates = (
        tuple(mask if mask or value else ALL for mask, value in zip(marks, solved, strict=True))
        if has_marks
        else None
    )
    return WikiBoard(Grid(SHAPE, tuple(puzzle)), Grid(SHAPE, tuple(solved)), candidates)


def write_board(grid: Grid) -> str:
    """The 81-digit board of a 9x9 grid's givens, 0 for a blank."""
    return grid.code


def read_killer(text: str) -> tuple[Cage, ...]:
    """The cages of a Killer solver's `bd=` value (81 colours, a comma, 162 digits of sums);
    PuzzleError saying which form it is not, or naming the cage that is not one."""
    colours, comma, sums = text.partition(",")
    if comma and len(colours) == len(sums) == 2 * CELLS:
        raise PuzzleError(
            "this SudokuWiki link holds a Killer board in the packed form 'Email this board'"
            " writes, whose cages are not published; open the puzzle from the start in"
            " SudokuWiki's Killer solver and copy that link (81 colours, a comma, 162 digits)"
        )
    if not comma or len(colours) != CELLS or len(sums) != 2 * CELLS:
        raise PuzzleError(
            "this SudokuWiki Killer link's board is not 81 cage colours, a comma and 162"
            f" digits of sums (it has {len(colours)}"
            + (f" and {len(sums)} characters)" if comma else " characters and no comma)")
        )
    totals = []
    for cell in range(CELLS):
        total = read_whole_number(sums[2 * cell : 2 * cell + 2], 2)
        if total is None:
            pair = sums[2 * cell : 2 * cell + 2]
            char = next(char for char in pair if read_whole_number(char, 1) is None)
            raise PuzzleError(
                f"this SudokuWiki Killer link's sums: {char!r} for {place(9, cell)} is not a digit",
                cells=((cell // 9 + 1, cell % 9 + 1),),
            )
        totals.append(total)
    cages = []
    for colour in dict.fromkeys(colours):
        for piece in pieces(9, [cell for cell in range(CELLS) if colours[cell] == colour]):
            given = [cell for cell in piece if totals[cell]]
            if len(given) > 1:
                first, second = place(9, given[0]), place(9, given[1])
                raise PuzzleError(
                    f"this SudokuWiki Killer link's cage at {place(9, piece[0])} has two sums,"
                    f" at {first} and {second}: two cages of one colour touch",
                    cells=tuple((cell // 9 + 1, cell % 9 + 1) for cell in piece),
                )
            cages.append(Cage(tuple(piece), totals[given[0]] if given else None))
    try:
        return checked(9, cages)
    except PuzzleError as error:
        raise PuzzleError(
            f"this SudokuWiki Killer link's cages: {error.message}", cells=error.cells
        ) from None
