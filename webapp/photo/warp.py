"""The grid seen square on: the perspective warp from the full-resolution picture."""

from __future__ import annotations

import cv2
import numpy as np

CELL = 40  # pixels a cell in the warped grid; its digits come out 20 to 30 pixels tall
SIDE = 9 * CELL


def square_on(corners: np.ndarray, side: int) -> np.ndarray:
    """The perspective matrix taking `corners` (TL TR BR BL) to a square `side` across."""
    target = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    matrix: np.ndarray = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    return matrix


def warp(gray: np.ndarray, corners: np.ndarray, side: int = SIDE) -> np.ndarray:
    """The quadrilateral `corners` (full-resolution pixels, TL TR BR BL) as a square."""
    matrix = square_on(corners, side)
    grid_side = float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).max())
    if grid_side > 2 * side:
        # Shrinking several times over in one warp samples a few pixels and drops the rest;
        # a blur first lets every pixel count, as INTER_AREA does for a plain resize.
        sigma = 0.4 * grid_side / side
        gray = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.warpPerspective(gray, matrix, (side, side), flags=cv2.INTER_LINEAR, borderValue=255)
