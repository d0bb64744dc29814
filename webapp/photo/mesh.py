"""The grid's own lines followed across the picture: a mesh of their 10x10 crossings, so that
each cell is taken from its own four corners.

Four corners describe a flat page. A sheet held in one hand curves, a book's page bulges
towards its spine, and the lines between the corners bow by half a cell or more: a warp
from four corners then cuts digits in half. Here the grid is first warped from its four
corners with a margin around it; in that view each of the ten lines one way is a run of
line ink close to where four corners put it, and it is followed from one side to the
other by a path that keeps its ink and moves smoothly (dynamic programming over the
offsets from the four-corner place). A line that stays within a few pixels of its
four-corner place stays there (a flat page reads as it did); a line that shows too little
ink along its path (a faint line, or one cut off by the picture's edge) takes the offsets
of the lines beside it; lines followed onto each other, or none found at all, leave the
mesh the four corners' own.
"""

from __future__ import annotations

import cv2
import numpy as np

from .threshold import ink_of, odd
from .warp import CELL, SIDE, square_on

MARGIN = CELL  # pixels of the first view kept around the grid: where a bowed side line lies
REACH = int(0.45 * CELL)  # a line is looked for this far either side of its four-corner place
RUN = int(0.7 * CELL)  # line ink is ink in a straight run this long: no digit's stroke is
STEP = CELL // 2  # a line's place is taken every half a cell along it
BEND = 1.5  # what one pixel of bend between two places costs, in ink (a share of a strip)
AWAY = 0.3  # what one pixel away from the four-corner place costs a place: of two lines
# within reach (the frame and the page's edge), the nearer
LEAST_INK = 0.35  # a line's path with less ink than this a place (on average) is not a line
SLIGHT = CELL // 12  # a line nowhere further than this from its four-corner place is left there
FLAT_ENOUGH = 0.85  # a line whose four-corner place holds this share of its path's ink stays
# there: a flat page's lines are where four corners put them, and a path has nothing to add


def find_mesh(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The grid lines' crossings in the picture's pixels, (10, 10, 2): [line across, line
    down] -> (x, y), from the grid's four corners (TL TR BR BL) and the lines found."""
    view, matrix, inside = margin_view(gray, corners)
    across, down = line_ink(view, inside)
    # Offsets from the four-corner place, at every half cell along each line.
    rows = _offsets(across.astype(np.float32))
    columns = _offsets(down.T.astype(np.float32))
    at = MARGIN + CELL * np.arange(10, dtype=np.float32)
    # Crossing [k, l] lies on line across k at the place of line down l, and vice versa.
    x = at[None, :] + columns[:, ::2].T
    y = at[:, None] + rows[:, ::2]
    placed = np.stack([x, y], axis=-1).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(placed, np.linalg.inv(matrix))
    mesh: np.ndarray = back.reshape(10, 10, 2).astype(np.float64)
    return mesh


def flat_mesh(corners: np.ndarray) -> np.ndarray:
    """The crossings four corners alone put the lines at (a flat page's mesh)."""
    at = CELL * np.arange(10, dtype=np.float32)
    x, y = np.meshgrid(at, at)
    placed = np.stack([x, y], axis=-1).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(placed, np.linalg.inv(square_on(corners, SIDE + 1)))
    mesh: np.ndarray = back.reshape(10, 10, 2).astype(np.float64)
    return mesh


def line_ink(view: np.ndarray, inside: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The view's ink in straight runs across and down (True), none outside `inside`."""
    ink = cv2.dilate(ink_of(view, block=odd(CELL // 2 + 1), offset=7.0), np.ones((3, 3), np.uint8))
    # A line cut off by the picture's edge is not followed along the edge.
    ink[~inside] = 0
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, RUN), np.uint8)) > 0
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((RUN, 1), np.uint8)) > 0
    return across, down


def margin_view(gray: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The grid warped from its four corners, MARGIN pixels of picture around it, the
    matrix that took it there, and where the view lies inside the picture (a few pixels in)."""
    side = SIDE + 2 * MARGIN
    target = np.array([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]], np.float32) + np.float32(MARGIN)
    matrix: np.ndarray = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    grid_side = float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).max())
    if grid_side > 2 * SIDE:
        gray = cv2.GaussianBlur(gray, (0, 0), 0.4 * grid_side / SIDE)
    # Past the picture's edge the picture's own border is repeated: a white fill would make
    # an edge there that looks like a line.
    view = cv2.warpPerspective(
        gray, matrix, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    height, width = gray.shape[:2]
    picture = np.array([[[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]])
    edges = cv2.perspectiveTransform(picture.astype(np.float32), matrix)
    seen = np.zeros((side, side), np.uint8)
    cv2.fillConvexPoly(seen, edges.reshape(-1, 2).round().astype(np.int32), 255)
    inside = cv2.erode(seen, np.ones((7, 7), np.uint8)) > 0
    return view, matrix, inside


def _offsets(line_ink: np.ndarray) -> np.ndarray:
    """For each of the ten lines across `line_ink` (rows of the view), its offset from its
    four-corner place at each half cell along it, (10, 19); a line not found borrows."""
    places = MARGIN + STEP * np.arange(19)
    # The share of line ink in each row of a strip a half cell wide around each place.
    strips = np.stack(
        [line_ink[:, p - STEP // 2 : p + STEP // 2 + 1].mean(axis=1) for p in places], axis=1
    )
    # Summed over a few rows, a thick line's middle scores more than its edges.
    strips = cv2.blur(strips, (1, 5))
    offsets = np.zeros((10, len(places)), np.float32)
    found = np.zeros(10, bool)
    for k in range(10):
        centre = MARGIN + k * CELL
        window = strips[centre - REACH : centre + REACH + 1]
        path, ink = _smooth_path(window)
        if ink < LEAST_INK:
            continue
        found[k] = True
        bent = np.abs(path - REACH).max() > SLIGHT
        if bent and window[REACH].mean() < FLAT_ENOUGH * ink:
            offsets[k] = path - REACH
    if not found.any():
        return offsets
    # A line not found lies between its neighbours: its offsets are theirs, interpolated.
    known = np.nonzero(found)[0]
    for place in range(len(places)):
        offsets[~found, place] = np.interp(np.nonzero(~found)[0], known, offsets[known, place])
    # Lines followed onto their neighbours (or past them) are no grid: four corners it is.
    gaps = np.diff(offsets, axis=0) + CELL
    if gaps.min() < CELL / 2:
        return np.zeros_like(offsets)
    return offsets


def _smooth_path(window: np.ndarray) -> tuple[np.ndarray, float]:
    """The row in each column of `window` (rows x places) that together hold the most ink
    less BEND for each pixel moved between places, and that path's mean ink a place."""
    rows, places = window.shape
    moves = BEND * np.abs(np.arange(rows)[:, None] - np.arange(rows)[None, :]) / CELL
    window = window - AWAY * np.abs(np.arange(rows) - rows // 2)[:, None] / CELL
    score = window[:, 0].copy()
    came_from = np.zeros((rows, places), int)
    for place in range(1, places):
        # total[to, from]: the best path ending at `from` before, then a move to `to`.
        total = score[None, :] - moves
        came_from[:, place] = total.argmax(axis=1)
        score = total.max(axis=1) + window[:, place]
    path = np.zeros(places, int)
    path[-1] = int(score.argmax())
    for place in range(places - 1, 0, -1):
        path[place - 1] = came_from[path[place], place]
    ink = float(
        window[path, np.arange(places)].mean() + AWAY * np.abs(path - rows // 2).mean() / CELL
    )
    return path.astype(np.float32), ink


def mesh_warp(gray: np.ndarray, mesh: np.ndarray) -> np.ndarray:
    """The grid square on (SIDE x SIDE), each cell taken from its own four crossings."""
    # Each pixel of the square comes from the point its cell's four crossings put it at,
    # weighted by where in the cell it lies: bilinear between the crossings, which is the
    # same weights down as across, so two small matrix products.
    at = np.arange(SIDE, dtype=np.float64) / CELL
    cell = np.minimum(at.astype(int), 8)
    weights = np.zeros((SIDE, 10))
    weights[np.arange(SIDE), cell] = 1 - (at - cell)
    weights[np.arange(SIDE), cell + 1] = at - cell
    source_x = (weights @ mesh[..., 0] @ weights.T).astype(np.float32)
    source_y = (weights @ mesh[..., 1] @ weights.T).astype(np.float32)
    grid_side = float(np.abs(mesh[-1, -1] - mesh[0, 0]).max())
    if grid_side > 2 * SIDE:
        gray = cv2.GaussianBlur(gray, (0, 0), 0.4 * grid_side / SIDE)
    warped: np.ndarray = cv2.remap(gray, source_x, source_y, cv2.INTER_LINEAR, borderValue=255)
    return warped
