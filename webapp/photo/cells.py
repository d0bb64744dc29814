"""The 81 cells of a warped grid: grid lines taken out, each cell empty or a digit's image.

A digit's image is the form the classifier reads: its pixels, from 0 (the cell's
paper) to 1 (its darkest ink), fitted into a 20x20 box keeping its shape, in the middle
of 28x28. The thresholded ink only finds the digit and where it ends; the classifier
reads the gray levels, which keep the holes of a blurred 8 that a threshold fills.
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
JOIN = np.ones((3, 3), np.uint8)
REMNANT = 0.15  # of a cell: a piece beside a digit no thicker than this may be a line's
SPECK = 0.1  # of a digit's area: a piece at the cell's edge no larger than this is no stroke


def grid_ink(warped: np.ndarray, cell: int = CELL) -> np.ndarray:
    """The warped grid's ink (255) with its long straight lines taken out."""
    ink = ink_of(warped, block=odd(cell // 2 + 1), offset=9.0)
    reach = int(cell * 0.75)
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, reach), np.uint8))
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((reach, 1), np.uint8))
    lines = cv2.dilate(cv2.bitwise_or(across, down), np.ones((3, 3), np.uint8))
    return cv2.bitwise_and(ink, cv2.bitwise_not(lines))


def digit_images(
    warped: np.ndarray, cell: int = CELL, only: frozenset[int] | None = None
) -> list[np.ndarray | None]:
    """Each cell's digit image in reading order, None for an empty cell (and for every cell
    not in `only`, when given)."""
    return [cut[0] if cut else None for cut in digit_cuts(warped, cell, only)]


def digit_cuts(
    warped: np.ndarray, cell: int = CELL, only: frozenset[int] | None = None
) -> list[tuple[np.ndarray, float] | None]:
    """Each cell's digit image and its contrast (gray levels from the cell's paper to the
    digit's darkest ink) in reading order, None for an empty cell (and for every cell not in
    `only`, when given)."""
    ink = grid_ink(warped, cell)
    size = ink.shape[0] // cell
    return [
        digit_cut(warped, ink, row, column, cell)
        if only is None or row * size + column in only
        else None
        for row in range(size)
        for column in range(size)
    ]


def digit_cut(
    warped: np.ndarray, ink: np.ndarray, row: int, column: int, cell: int = CELL
) -> tuple[np.ndarray, float] | None:
    """The digit in one cell, normalised, and its contrast; None when the cell holds none."""
    margin = int(cell * MARGIN)
    top, left = row * cell + margin, column * cell + margin
    inner = cell - 2 * margin
    piece = ink[top : top + inner, left : left + inner]
    # Found on the ink grown a pixel, so that a thin digit's strokes, broken by the
    # threshold, stay one piece (a 3 in three bits would be read as its longest bit, a 1).
    joined = cv2.dilate(piece, JOIN)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(joined, connectivity=8)
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
        near = lx < x + w + grow and lx + lw > x - grow and ly < y + h + grow and ly + lh > y - grow
        if near and (label == best or not _remnant(stats[label], stats[best], cell, inner)):
            keep[label] = True
    mask = keep[labels] & (piece > 0)
    ys, xs = np.nonzero(mask)
    gray = warped[top : top + inner, left : left + inner].astype(np.float32)
    paper = _percentile_90(gray)
    darkest = gray[mask].min()
    level = np.clip((paper - gray) / max(paper - darkest, 1.0), 0, 1)
    # Only the digit's own neighbourhood: not a neighbour's line or a speck beside it.
    near_mask = cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=2)
    level *= near_mask
    return normalise(level[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]), float(
        paper - darkest
    )


def _remnant(piece: np.ndarray, digit: np.ndarray, cell: int, inner: int) -> bool:
    """Whether a piece beside a digit is a grid line's remnant, not a broken stroke: thin
    and long along the cell's edge, and wholly above or below the digit (or beside it, for
    a line down); or a speck cut off by the cell's edge, wholly outside the digit's box
    and small beside it. A frame that bows near a corner is no straight run, so grid_ink
    leaves it in; kept, it turned a 4 into a 9 and a 7 into a 9, and a line's end at the
    cell's corner, kept above a 1 or a 2, made the 1 a 4 and the 2 a digit lying down."""
    px, py, pw, ph, area = (int(v) for v in piece[:5])
    x, y, w, h, digit_area = (int(v) for v in digit[:5])
    thin = REMNANT * cell
    apart_down = py + ph <= y or py >= y + h
    apart_across = px + pw <= x or px >= x + w
    across = ph <= thin and pw >= 3 * ph and apart_down
    down = pw <= thin and ph >= 3 * pw and apart_across
    at_edge = min(px, py) == 0 or max(px + pw, py + ph) >= inner
    speck = at_edge and area <= SPECK * digit_area and (apart_down or apart_across)
    return across or down or speck


def _percentile_90(values: np.ndarray) -> float:
    """np.percentile(values, 90) (linear between the two nearest), by a partial sort: the
    same figure at a fraction of numpy's general cost, paid once for every inked cell."""
    flat = values.ravel()
    at = 0.9 * (flat.size - 1)
    low = int(at)
    high = min(low + 1, flat.size - 1)
    parted = np.partition(flat, (low, high))
    return float(parted[low] + (at - low) * (parted[high] - parted[low]))


def normalise(level: np.ndarray) -> np.ndarray:
    """A digit's levels fitted into BOX x BOX, keeping its shape, centred in SIZE x SIZE."""
    h, w = level.shape
    scale = BOX / max(h, w)
    new_w, new_h = max(1, round(w * scale)), max(1, round(h * scale))
    shrunk = cv2.resize(level.astype(np.float32), (new_w, new_h), interpolation=cv2.INTER_AREA)
    image = np.zeros((SIZE, SIZE), np.float32)
    top, left = (SIZE - new_h) // 2, (SIZE - new_w) // 2
    image[top : top + new_h, left : left + new_w] = shrunk
    return image
