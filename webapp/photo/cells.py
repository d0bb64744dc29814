"""The 81 cells of a warped grid: grid lines taken out, each cell empty or a digit's image.

A digit's image is the form the classifier reads: its ink fitted into a 20x20 box,
keeping its shape, in the middle of 28x28, values 0 (paper) to 1 (ink).
"""

from __future__ import annotations

import cv2
import numpy as np

from .threshold import ink_of, odd
from .warp import CELL

SIZE = 28
BOX = 20
MARGIN = 0.1  # of a cell, left off each side: where the grid line and its blur lie
LEAST_HEIGHT = 0.28  # of a cell: a mark less long than this is a speck, not a digit
LEAST_AREA = 0.012  # of a cell's pixels
CENTRE_REACH = 0.28  # of a cell: a digit's middle lies this close to the cell's middle


def grid_ink(warped: np.ndarray, cell: int = CELL) -> np.ndarray:
    """The warped grid's ink (255) with its long straight lines taken out."""
    ink = ink_of(warped, block=odd(cell // 2 + 1), offset=9.0)
    reach = int(cell * 0.75)
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, reach), np.uint8))
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((reach, 1), np.uint8))
    lines = cv2.dilate(across | down, np.ones((3, 3), np.uint8))
    return ink & ~lines


def digit_images(ink: np.ndarray, cell: int = CELL) -> list[np.ndarray | None]:
    """Each cell's digit image in reading order, None for an empty cell."""
    size = ink.shape[0] // cell
    return [
        digit_image(ink, row, column, cell) for row in range(size) for column in range(size)
    ]


def digit_image(ink: np.ndarray, row: int, column: int, cell: int = CELL) -> np.ndarray | None:
    """The digit in one cell, normalised, or None when the cell holds no digit."""
    margin = int(cell * MARGIN)
    top, left = row * cell + margin, column * cell + margin
    inner = cell - 2 * margin
    piece = ink[top : top + inner, left : left + inner]
    count, labels, stats, centres = cv2.connectedComponentsWithStats(piece, connectivity=8)
    middle = inner / 2
    best, best_area = 0, 0
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        cx, cy = centres[label]
        near = abs(cx - middle) < CENTRE_REACH * cell and abs(cy - middle) < CENTRE_REACH * cell
        if near and area > best_area:
            best, best_area = label, area
    if not best:
        return None
    x, y, w, h, area = stats[best]
    # Its longer side, not its height: a photo taken sideways shows a 1 lying down.
    if max(w, h) < LEAST_HEIGHT * cell or area < LEAST_AREA * cell * cell:
        return None
    # Pieces of the same digit (a broken stroke) overlap its box, grown a little.
    grow = cell // 10
    keep = np.zeros(count, bool)
    for label in range(1, count):
        lx, ly, lw, lh, _ = stats[label]
        if lx < x + w + grow and lx + lw > x - grow and ly < y + h + grow and ly + lh > y - grow:
            keep[label] = True
    mask = keep[labels]
    ys, xs = np.nonzero(mask)
    return normalise(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def normalise(mask: np.ndarray) -> np.ndarray:
    """A digit's ink fitted into BOX x BOX, keeping its shape, centred in SIZE x SIZE."""
    h, w = mask.shape
    scale = BOX / max(h, w)
    new_w, new_h = max(1, round(w * scale)), max(1, round(h * scale))
    shrunk = cv2.resize(mask.astype(np.float32), (new_w, new_h), interpolation=cv2.INTER_AREA)
    image = np.zeros((SIZE, SIZE), np.float32)
    top, left = (SIZE - new_h) // 2, (SIZE - new_w) // 2
    image[top : top + new_h, left : left + new_w] = shrunk
    return image
