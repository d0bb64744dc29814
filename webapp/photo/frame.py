"""The grid's four corners moved onto its frame: each side put on the frame's own line.

The grid finder's corners are the corners of a hull, and a hull takes in whatever ink
touches the grid: a caption set close under it ("Grille n° 3412") pulls a bottom corner
half a cell and more off the frame, and the mesh, which follows each line only within
half a cell of where four corners put it, then follows the wrong line. Here, in the grid
warped from those corners with a margin, each side is the straight run of line ink,
within REACH of where it was, that holds the most line ink along the whole side; a side
whose own place holds almost as much stays where it was, and so does one where no such
run is found (a frame cut off by the picture's edge), and so does one whose corners would
then lie where no line ink meets both ways: a curved side's tangent or chord (a page
curling at a side, a book's spine), which puts a corner off the frame, in the paper.
"""

from __future__ import annotations

import cv2
import numpy as np

from .mesh import MARGIN, line_ink, margin_view
from .warp import CELL, SIDE

REACH = int(0.7 * CELL)  # a side is looked for this far either side of where it was
SAMPLES = 37  # points along a side where its line ink is taken
LEAST_INK = 0.6  # of a side's points on line ink: less is no frame
KEPT = 0.9  # a side whose place holds this share of the best run's ink stays
TRIES = 6  # runs of line ink tried, best first, for one that lines meet from inside
BAND = int(0.4 * CELL)  # pixels inside a side where the lines meeting it are looked for
CORNER = 3  # pixels: a frame's corner has line ink both ways this close
LEAST_MET = 0.04  # of a side's length crossed by lines meeting it (nine lines: about 0.1)


def fitted_corners(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The corners (TL TR BR BL, the picture's pixels) moved onto the frame's lines."""
    view, matrix, inside = margin_view(gray, corners)
    across, down = line_ink(view, inside)
    grow = np.ones((3, 3), np.uint8)
    across = cv2.dilate(across.astype(np.uint8), grow)
    down = cv2.dilate(down.astype(np.uint8), grow)
    top = _side(across, down, MARGIN, 1)
    bottom = _side(across, down, MARGIN + SIDE, -1)
    left = _side(down.T, across.T, MARGIN, 1)
    right = _side(down.T, across.T, MARGIN + SIDE, -1)
    sides = {"top": top, "bottom": bottom, "left": left, "right": right}
    # A side moved so that a corner it makes is no frame's corner is a curved side's chord
    # or tangent (a page curling at a side, a book's spine), not the frame: it stays.
    for name, (first, second) in _CORNERS_OF.items():
        if sides[name] != (0, 0):
            placed = _placed(sides)
            if not all(_on_corner(across, down, placed[i]) for i in (first, second)):
                sides[name] = (0, 0)
    back = cv2.perspectiveTransform(_placed(sides).reshape(-1, 1, 2), np.linalg.inv(matrix))
    fitted: np.ndarray = back.reshape(4, 2).astype(np.float64)
    return fitted


# The corners (TL TR BR BL) each side makes.
_CORNERS_OF = {"top": (0, 1), "right": (1, 2), "bottom": (2, 3), "left": (3, 0)}


def _placed(sides: dict[str, tuple[int, int]]) -> np.ndarray:
    """The four corners in the view (TL TR BR BL) the sides' offsets put them at."""
    top, bottom, left, right = sides["top"], sides["bottom"], sides["left"], sides["right"]
    # Each side as a line through two points of the view: (x, y) at its two ends.
    start, end = float(MARGIN), float(MARGIN + SIDE)
    lines = {
        "top": ((start, start + top[0]), (end, start + top[1])),
        "bottom": ((start, end + bottom[0]), (end, end + bottom[1])),
        "left": ((start + left[0], start), (start + left[1], end)),
        "right": ((end + right[0], start), (end + right[1], end)),
    }
    return np.array(
        [
            _crossing(lines["top"], lines["left"]),
            _crossing(lines["top"], lines["right"]),
            _crossing(lines["bottom"], lines["right"]),
            _crossing(lines["bottom"], lines["left"]),
        ],
        np.float32,
    )


def _on_corner(across: np.ndarray, down: np.ndarray, point: np.ndarray) -> bool:
    """Whether line ink across and down both lie within CORNER pixels of a point of the
    view: where two sides of a frame meet."""
    x, y = (int(round(float(v))) for v in point)
    height, width = across.shape
    if not (0 <= x < width and 0 <= y < height):
        return False
    near = (slice(max(0, y - CORNER), y + CORNER + 1), slice(max(0, x - CORNER), x + CORNER + 1))
    return bool(across[near].any() and down[near].any())


def _side(line_ink: np.ndarray, crossing_ink: np.ndarray, at: int, inward: int) -> tuple[int, int]:
    """The offsets of a side's two ends (rows of `line_ink`, a side across it at row `at`,
    the grid lying `inward`, +1 or -1) that put the most line ink under the side and have
    the grid's lines meet it from inside; (0, 0) where it lies already."""
    offsets = np.arange(-REACH, REACH + 1)
    along = np.linspace(0.0, 1.0, SAMPLES)
    columns = (MARGIN + along * SIDE).round().astype(int)
    # rows[a, b, k]: the row of point k of the side whose ends are offset by a and b.
    rows = at + offsets[:, None, None] * (1 - along) + offsets[None, :, None] * along
    rows = np.clip(rows.round().astype(int), 0, line_ink.shape[0] - 1)
    ink = line_ink[rows, columns[None, None, :]].mean(axis=2)
    for _ in range(TRIES):
        best = np.unravel_index(int(ink.argmax()), ink.shape)
        if ink[best] < LEAST_INK:
            return 0, 0
        a, b = int(offsets[best[0]]), int(offsets[best[1]])
        if _met(crossing_ink, at + a, at + b, inward):
            if ink[REACH, REACH] >= KEPT * ink[best]:
                return 0, 0
            return a, b
        # Not the frame (a caption's edge, the page's): nor anything near it.
        ink[max(0, best[0] - 3) : best[0] + 4, max(0, best[1] - 3) : best[1] + 4] = 0
    return 0, 0


def _met(crossing_ink: np.ndarray, first: int, last: int, inward: int) -> bool:
    """Whether the grid's lines across a side (ink in `crossing_ink`) run into it from the
    grid's side: a frame has nine lines meeting it, a caption's edge none."""
    columns = np.arange(MARGIN, MARGIN + SIDE + 1)
    row = first + (last - first) * (columns - MARGIN) / SIDE
    depth = np.arange(3, BAND)
    rows = np.clip(
        (row[None, :] + inward * depth[:, None]).round().astype(int), 0, crossing_ink.shape[0] - 1
    )
    # A column is crossed where most of the band inside holds a line across the side.
    crossed = crossing_ink[rows, columns[None, :]].mean(axis=0) > 0.6
    return float(crossed.mean()) >= LEAST_MET


def _crossing(
    one: tuple[tuple[float, float], tuple[float, float]],
    other: tuple[tuple[float, float], tuple[float, float]],
) -> tuple[float, float]:
    """Where two lines, each through two points, cross."""
    (x1, y1), (x2, y2) = one
    (x3, y3), (x4, y4) = other
    denominator = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    cross_one = x1 * y2 - y1 * x2
    cross_other = x3 * y4 - y3 * x4
    x = (cross_one * (x3 - x4) - (x1 - x2) * cross_other) / denominator
    y = (cross_one * (y3 - y4) - (y1 - y2) * cross_other) / denominator
    return x, y
