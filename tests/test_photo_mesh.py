"""The grid followed along its own lines (webapp/photo/mesh.py): a page drawn here and bent
as a sheet held in one hand bends is read as a flat one, its crossings found where the lines
cross, bent or flat."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from webapp.photo import read_photo
from webapp.photo.corners import find_corners
from webapp.photo.mesh import find_mesh, flat_mesh
from webapp.photo.threshold import working_copy

from photo_files import printed_grid
from puzzles import NORVIG_EASY

GIVENS = {(i // 9, i % 9): int(v) for i, v in enumerate(NORVIG_EASY) if v != "."}
SIDE = 540  # printed_grid's side
PAGE = (820, 900)  # width, height
PLACED = (140.0, 160.0)  # where the grid's top-left corner lies on the flat page
BOW = 26.0  # pixels the grid's bottom line sags in its middle (0.43 of a cell)


def bend(x: np.ndarray, y: np.ndarray, bow: float) -> tuple[np.ndarray, np.ndarray]:
    """Where on the flat grid the bent page's point (x, y) comes from: the lines sag towards
    the middle, more at the bottom than at the top, and the sides draw in."""
    across = np.clip((x - PLACED[0]) / SIDE, 0, 1)
    down = np.clip((y - PLACED[1]) / SIDE, 0, 1)
    sag = bow * np.sin(np.pi * across) * (0.3 + 0.7 * down)
    draw_in = 0.9 * bow * np.sin(2 * np.pi * across) * down
    return x - PLACED[0] + draw_in, y - PLACED[1] - sag


def page(bow: float) -> np.ndarray:
    """The grid printed on a page, the page bent by `bow`."""
    width, height = PAGE
    x, y = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    source_x, source_y = bend(x, y, bow)
    bent: np.ndarray = cv2.remap(
        printed_grid(GIVENS, SIDE),
        source_x.astype(np.float32),
        source_y.astype(np.float32),
        cv2.INTER_LINEAR,
        borderValue=235,
    )
    return bent


def crossing_on_page(row_line: int, column_line: int, bow: float) -> np.ndarray:
    """Where the bent page shows the crossing of two grid lines (the bend undone by fixed
    point: the bend moves a point a little, so a few rounds settle it)."""
    wanted = np.array([column_line, row_line], float) * SIDE / 9
    point = wanted + PLACED
    for _ in range(30):
        came_from = np.array(bend(point[0], point[1], bow), float)
        point = point + (wanted - came_from)
    return point


def png(picture: np.ndarray) -> bytes:
    """A picture as a PNG file's bytes."""
    done, data = cv2.imencode(".png", picture)
    assert done
    return data.tobytes()


def mesh_of(picture: np.ndarray) -> np.ndarray:
    """The mesh the reader finds in a picture."""
    working = working_copy(picture)
    return find_mesh(picture, find_corners(working) / working.scale)


# Past half a cell (35 pixels), the four-corner view's straight lines miss the bent ones by
# more than the grid finder's fit allowed in one piece: it fits them in three bands.
@pytest.mark.parametrize("bow", [BOW, 35.0], ids=["bent", "bent-more-than-half-a-cell"])
def test_a_bent_page_is_read_digit_for_digit(bow):
    reading = read_photo(png(page(bow)))
    assert {(i // 9, i % 9): v for i, v in enumerate(reading.grid.cells) if v} == GIVENS


@pytest.mark.parametrize("bow", [0.0, BOW], ids=["flat", "bent"])
def test_the_crossings_are_found_where_the_lines_cross(bow):
    mesh = mesh_of(page(bow))
    expected = np.array([[crossing_on_page(k, m, bow) for m in range(10)] for k in range(10)])
    # Within a tenth of a cell (6 pixels) everywhere: the sagging middle as the corners.
    assert np.abs(mesh - expected).max() < 6


def test_four_corners_alone_misplace_a_bent_page_s_middle():
    # What the mesh is for: the bent page's sag is more than the test above allows.
    picture = page(BOW)
    working = working_copy(picture)
    corners = find_corners(working) / working.scale
    expected = np.array([[crossing_on_page(k, m, BOW) for m in range(10)] for k in range(10)])
    assert np.abs(flat_mesh(corners) - expected).max() > 12
