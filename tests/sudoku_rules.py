"""The rules of Sudoku written out again for the tests, using no engine code: whether a grid
solves a puzzle, and every solution of a small puzzle by plain backtracking. Tests check
the engine's counts and listed solutions against these."""

from __future__ import annotations

from collections.abc import Sequence

# The symbols of a grid N wide are the first N of these, as share codes write them.
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def brute_force(puzzle: str, box_rows: int, box_cols: int) -> set[str]:
    """Every solution of `puzzle` (digits, '.' for blanks), found by trying each digit in
    each blank in reading order: no engine code, so it can check the engine's count."""
    size = box_rows * box_cols
    cells = [0 if symbol in ".0" else int(symbol) for symbol in puzzle]
    found: set[str] = set()

    def fits(index: int, digit: int) -> bool:
        row, col = divmod(index, size)
        top, left = row - row % box_rows, col - col % box_cols
        row_cells = [row * size + c for c in range(size)]
        column_cells = [r * size + col for r in range(size)]
        box_cells = [(top + r) * size + left + c for r in range(box_rows) for c in range(box_cols)]
        return all(cells[other] != digit for other in row_cells + column_cells + box_cells)

    def fill(index: int) -> None:
        while index < len(cells) and cells[index]:
            index += 1
        if index == len(cells):
            found.add("".join(map(str, cells)))
            return
        for digit in range(1, size + 1):
            if fits(index, digit):
                cells[index] = digit
                fill(index + 1)
                cells[index] = 0

    fill(0)
    return found


def valid_solution(solution: str, puzzle: str, box_rows: int, box_cols: int) -> bool:
    """True when `solution` keeps the givens of `puzzle` ('.' or '0' for blanks) and every
    row, column and box holds each symbol once, checked without the engine."""
    size = box_rows * box_cols
    pairs = zip(puzzle, solution, strict=True)
    if len(solution) != size * size or any(g not in ".0" and g != s for g, s in pairs):
        return False
    rows = [solution[r * size : (r + 1) * size] for r in range(size)]
    columns = ["".join(row[c] for row in rows) for c in range(size)]
    boxes = [
        "".join(rows[top + r][left + c] for r in range(box_rows) for c in range(box_cols))
        for top in range(0, size, box_rows)
        for left in range(0, size, box_cols)
    ]
    return all(set(unit) == set(SYMBOLS[:size]) for unit in rows + columns + boxes)


def box_shape(size: int) -> tuple[int, int]:
    """The (rows, columns) of a box of a grid `size` wide, as the site's shapes have them."""
    return {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}[size]


def valid_variant_solution(
    solution: str,
    puzzle: str,
    size: int,
    *,
    regions: str = "",
    diagonals: bool = False,
    windows: bool = False,
    cages: Sequence[tuple[Sequence[int], int | None]] = (),
) -> bool:
    """valid_solution under a variant's rules, written out again without the engine: rows
    and columns; the boxes, or a Jigsaw's `regions` (one label per cell, any labels);
    with `diagonals` both main diagonals; with `windows` Windoku's boxes one cell in from
    the boxes and one apart (rows and columns 2-4 and 6-8 on 9x9); each of a Killer's
    `cages` (0-based cells, sum or None) with different digits adding up to its sum."""
    box_rows, box_cols = box_shape(size)
    pairs = zip(puzzle, solution, strict=True)
    if len(solution) != size * size or any(g not in ".0" and g != s for g, s in pairs):
        return False
    cell_lists = [[r * size + c for c in range(size)] for r in range(size)]
    cell_lists += [[r * size + c for r in range(size)] for c in range(size)]
    if regions:
        labels = sorted(set(regions))
        cell_lists += [[i for i, label in enumerate(regions) if label == own] for own in labels]
    else:
        cell_lists += [
            [(top + r) * size + left + c for r in range(box_rows) for c in range(box_cols)]
            for top in range(0, size, box_rows)
            for left in range(0, size, box_cols)
        ]
    if diagonals:
        cell_lists.append([i * size + i for i in range(size)])
        cell_lists.append([i * size + size - 1 - i for i in range(size)])
    if windows:
        starts = range(1, size - box_rows + 1, box_rows + 1)
        cell_lists += [
            [(top + r) * size + left + c for r in range(box_rows) for c in range(box_cols)]
            for top in starts
            for left in starts
        ]
    symbols = set(SYMBOLS[:size])
    for cells, total in cages:
        digits = [SYMBOLS.index(solution[i]) + 1 for i in cells]
        if len(set(digits)) != len(digits) or (total is not None and sum(digits) != total):
            return False
    return all(
        len(cells) == size and {solution[i] for i in cells} == symbols for cells in cell_lists
    )
