"""The grid's corners moved onto its frame (webapp/photo/frame.py): a caption printed close
under the grid, which the grid finder's hull takes in, no longer pulls a corner off the
frame, on a page drawn here and on the train split's newspaper photo that showed it; and
a grid whose thin lines the threshold broke is found by its nine boxes."""

from __future__ import annotations

import cv2
import numpy as np

from webapp.photo import read_photo
from webapp.photo.frame import fitted_corners

from photo_files import photo, printed_grid
from puzzles import NORVIG_EASY

GIVENS = {(i // 9, i % 9): int(v) for i, v in enumerate(NORVIG_EASY) if v != "."}
SIDE = 540
PLACED = np.array([120.0, 100.0])  # the grid's top-left corner on the page
# The grid's corners on the page, TL TR BR BL (printed_grid's frame: its last pixel row).
TRUE = PLACED + np.array([[0, 0], [SIDE - 1, 0], [SIDE - 1, SIDE - 1], [0, SIDE - 1]], float)


def captioned_page() -> np.ndarray:
    """The grid on a page with a caption set under its left half, touching its frame, that
    runs down and out to the left as a newspaper's "Grille no 3412" does."""
    page = np.full((800, 780), 235, np.uint8)
    x, y = PLACED.astype(int)
    page[y : y + SIDE, x : x + SIDE] = printed_grid(GIVENS, SIDE)
    bottom = y + SIDE
    caption = np.array(
        [[x, bottom - 2], [x + 260, bottom - 2], [x + 250, bottom + 30], [x - 40, bottom + 50]]
    )
    cv2.fillConvexPoly(page, caption.astype(np.int32), 40)
    return page


def test_a_corner_pulled_onto_the_caption_is_moved_back_onto_the_frame():
    # Where a hull that takes in the caption puts the corners: the bottom-left one on the
    # caption's far corner, 40 pixels left of the frame and 50 below it (most of a cell).
    pulled = TRUE + np.array([[0, 0], [0, 0], [0, 0], [-40, 50]], float)
    fitted = fitted_corners(captioned_page(), pulled)
    assert np.abs(fitted - TRUE).max() < 8


def test_the_newspaper_photo_with_a_caption_under_its_grid_is_read_digit_for_digit():
    shot = photo("image1066.jpg")  # the train split's
    assert read_photo(shot.path.read_bytes()).grid.cells == shot.printed


def test_a_grid_whose_thin_lines_are_broken_is_found_by_its_nine_boxes():
    # The train split's: faint thin lines on a shaded page, the frame joined to the page's
    # rule; no cell closes, but the nine boxes do. Its stained last rows are not read here.
    shot = photo("image1049.jpg")
    reading = read_photo(shot.path.read_bytes())
    assert reading.grid.cells[:63] == shot.printed[:63]
