"""Several grids on one page (webapp/photo/corners.py): of a page of four grids drawn here,
the one the photo centres on is read, and the reading, the page and the API say there are
three others; a crossword printed beside the Sudoku on a page of print is neither read nor
counted."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from webapp.photo import PhotoReading, read_photo

from photo_files import posted, printed_grid
from puzzles import NORVIG_EASY, NORVIG_EASY_CODE, SEED_EASY

SIDE = 360
PAGE = 1200
# Four grids, the bottom right's middle (620, 620) nearest the page's (600, 600).
PLACES = {
    (40, 40): SEED_EASY,
    (440, 40): SEED_EASY[::-1],
    (40, 440): SEED_EASY[40:] + SEED_EASY[:40],
}
MIDDLE = (440, 440)


def givens(puzzle: str) -> dict[tuple[int, int], int]:
    """A puzzle's digits by (row, column), 0-based."""
    return {(i // 9, i % 9): int(v) for i, v in enumerate(puzzle) if v != "."}


def page_of_four() -> bytes:
    """A page of four grids, NORVIG_EASY the one nearest its middle, as a PNG file."""
    page = np.full((PAGE, PAGE), 235, np.uint8)
    for (x, y), puzzle in {**PLACES, MIDDLE: NORVIG_EASY}.items():
        page[y : y + SIDE, x : x + SIDE] = printed_grid(givens(puzzle), SIDE)
    done, data = cv2.imencode(".png", page)
    assert done
    return data.tobytes()


def test_the_grid_the_photo_centres_on_is_read():
    assert read_photo(page_of_four()).grid.code == NORVIG_EASY_CODE


def test_the_reading_counts_the_other_grids():
    assert read_photo(page_of_four()).other_grids == 3


def test_the_api_says_there_are_other_grids(client):
    answer = posted(client, "/api/read-photo", page_of_four()).json
    assert answer["other_grids_message"] == (
        "The picture holds 3 other grids: the one nearest its middle was read. "
        "To read another, take it again with that grid in the middle."
    )


def test_the_page_says_there_are_other_grids(client):
    page = posted(client, "/read-photo", page_of_four()).get_data(as_text=True)
    assert '<p class="photo-others">The picture holds 3 other grids' in page


def test_a_photo_of_one_grid_says_nothing_of_others(client):
    single = np.full((700, 700), 235, np.uint8)
    single[80:620, 80:620] = printed_grid(givens(NORVIG_EASY))
    done, data = cv2.imencode(".png", single)
    assert done
    assert posted(client, "/api/read-photo", data.tobytes()).json["other_grids"] == 0


@cache
def newspaper_reading() -> PhotoReading:
    """The reading of newspaper_page(), read once for the tests that ask it."""
    return read_photo(newspaper_page())


def newspaper_page() -> bytes:
    """A sharp 1500x2000 page of print: lines of text above and below, the Sudoku on the
    left and a 13x13 crossword with its black squares on the right, nearer the middle."""
    page = np.full((2000, 1500), 238, np.uint8)
    for y in [*range(80, 460, 42), *range(1300, 1960, 42)]:
        cv2.putText(page, "sudoku grid weather market council " * 2, (40, y), 0, 1.0, 30, 2)
    page[520:1160, 40:680] = printed_grid(givens(NORVIG_EASY), 640)
    rng = np.random.default_rng(7)
    left, top, cell = 720, 560, 46
    for row in range(13):
        for column in range(13):
            corner = (left + column * cell, top + row * cell)
            far = (corner[0] + cell, corner[1] + cell)
            cv2.rectangle(page, corner, far, 30, -1 if rng.random() < 0.18 else 2)
    done, data = cv2.imencode(".jpg", page, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert done
    return data.tobytes()


def test_a_crossword_nearer_the_middle_than_the_sudoku_is_not_read_for_it():
    assert newspaper_reading().grid.code == NORVIG_EASY_CODE


def test_a_crossword_beside_the_sudoku_is_not_counted_as_another_grid():
    assert newspaper_reading().other_grids == 0
