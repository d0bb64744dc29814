"""What the picture leaves open, settled by the puzzle (webapp/photo/settle.py): a digit the
test misreads on purpose (an 8 with a piece rubbed out, so the network reads 3) is read as
the one solution needs and flagged with why; a grid no plausible reading settles stays as
read and says so; the search is bounded in work."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
from test_golden import JIGSAW

from webapp.photo import Standing, read_photo, stand
from webapp.photo.record import doubt_message
from webapp.photo.settle import TRIES, doubted_by_the_puzzle, settle
from webapp.sudoku import Grid, Rules, find_conflicts
from webapp.sudoku.parse import read_code

from photo_files import posted, printed_grid
from puzzles import NORVIG_EASY, NORVIG_EASY_CODE

GIVENS = {(i // 9, i % 9): int(v) for i, v in enumerate(NORVIG_EASY) if v != "."}
CELL = 60  # printed_grid's at 540 pixels
RUBBED = (3, 2)  # r4c3's 8: with its lower left gone it is a 3, and column 3 has a 3


def page(grid: np.ndarray) -> bytes:
    """The grid on a page, as a PNG file's bytes."""
    sheet = np.full((700, 700), 235, np.uint8)
    sheet[80:620, 80:620] = grid
    done, data = cv2.imencode(".png", sheet)
    assert done
    return data.tobytes()


def misread_page() -> bytes:
    """NORVIG_EASY printed, the 8 at r4c3 with its lower left loop rubbed out."""
    grid = printed_grid(GIVENS).copy()
    row, column = RUBBED
    top, left = row * CELL, column * CELL
    grid[top + 27 : top + 45, left + 12 : left + 27] = 235
    return page(grid)


def test_the_rubbed_out_digit_alone_reads_as_a_3_to_the_network():
    # What makes the page a misread: the network's first choice, without the puzzle.
    reading = read_photo(misread_page())
    settled = next(c for c in reading.uncertain if c.settled)
    assert (settled.read, settled.could_be) == (8, 3)


def test_a_misread_digit_is_settled_by_the_one_solution():
    assert read_photo(misread_page()).grid.code == NORVIG_EASY_CODE


def test_exactly_the_cell_settled_is_flagged_with_why():
    reading = read_photo(misread_page())
    messages = [doubt_message(c) for c in reading.uncertain if c.settled]
    assert messages == ["check r4c3: read as 8, since 3 would clash with the 3 in r1c3"]


def test_the_api_says_which_cells_were_settled(client):
    answer = posted(client, "/api/read-photo", misread_page()).json
    assert [(c["row"], c["column"]) for c in answer["uncertain"] if c["settled"]] == [(4, 3)]


def test_a_grid_no_plausible_reading_settles_stays_as_read_and_says_so():
    # A second 9 in column 9, clearly printed: the network is sure of every digit.
    grid = printed_grid({**GIVENS, (0, 8): 9})
    reading = read_photo(page(grid))
    assert (stand(reading.grid).standing, [c for c in reading.uncertain if c.settled]) == (
        Standing.CLASHES,
        [],
    )


def test_both_digits_of_a_clash_no_reading_settles_are_flagged_with_it():
    grid = printed_grid({**GIVENS, (0, 8): 9})
    reading = read_photo(page(grid))
    assert [(c.row, c.column, c.because) for c in reading.uncertain] == [
        (1, 9, "it clashes with the 9 in r8c9"),
        (8, 9, "it clashes with the 9 in r1c9"),
    ]


def test_a_digit_without_which_the_grid_has_a_solution_is_doubted():
    values = [int(v) for v in NORVIG_EASY_CODE]
    values[2] = 4  # r1c3's 3 read as 4: no clash, but no solution
    assert doubted_by_the_puzzle(values) == {2: "without it the puzzle could be solved"}


def test_the_search_stops_at_its_bound_of_work():
    # A clash between two cells read for sure, beside many unsure cells whose other
    # readings change nothing that matters: every reading tried clashes still.
    values = [int(v) for v in NORVIG_EASY_CODE]
    values[1] = 3  # a second 3 in row 1, read for sure
    choices = [[(v, 1.0)] for v in values]
    for cell in range(81):
        if values[cell] and cell not in (1, 2):
            choices[cell] = [(values[cell], 0.4), (0, 0.3), ((values[cell] % 9) + 1, 0.3)]
    settling = settle(values, choices)
    assert (settling.changes, settling.tries) == ((), TRIES)


def jigsaw_misread() -> tuple[list[int], list[list[tuple[int, float]]], Rules, int]:
    """A Jigsaw's givens with one digit read wrong (no clash in its row, column or region,
    but no solution), the network's readings with the printed digit second, its rules, and
    the cell."""
    puzzle = read_code(JIGSAW)
    printed = list(puzzle.grid.cells)
    cell, wrong = next(
        (cell, wrong)
        for cell, value in enumerate(printed)
        if value
        for wrong in range(1, 10)
        if wrong != value
        and not find_conflicts(
            replace(puzzle, grid=Grid.from_values(with_value(printed, cell, wrong)))
        )
    )
    choices = [[(value, 1.0)] if not value else [(value, 0.99), (0, 0.01)] for value in printed]
    choices[cell] = [(wrong, 0.6), (printed[cell], 0.35), (0, 0.05)]
    return with_value(printed, cell, wrong), choices, puzzle.rules, cell


def with_value(values: list[int], cell: int, value: int) -> list[int]:
    """`values` with `cell`'s changed to `value`."""
    return [value if at == cell else seen for at, seen in enumerate(values)]


def test_a_jigsaw_misread_is_settled_by_its_regions():
    values, choices, rules, cell = jigsaw_misread()
    assert settle(values, choices, rules).values == read_code(JIGSAW).grid.cells
