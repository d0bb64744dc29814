"""A working copy of the photo for finding the grid: small, light checked, ink as white.

Lines and digits are found by an adaptive threshold: each pixel against the mean of its
neighbourhood, so uneven light across a newspaper page does not matter.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .errors import PhotoError, PhotoProblem

FINDING_SIDE = 800  # the grid is found on a copy this long: enough to place its corners
DARKEST_PAPER = 45  # the brightest tenth of the picture darker than this: too dark to read
FINDING_OFFSETS = (7.0, 14.0)
LEAST_CONTRAST = 28  # paper and ink closer than this in gray levels: nothing to read
DIM_PAPER = 110  # a flat picture darker than this is taken in the dark, not of blank paper


@dataclass(frozen=True)
class Working:
    """The small copy, how much it was shrunk, and its ink (white on black) at each offset."""

    gray: np.ndarray
    scale: float
    inks: tuple[np.ndarray, ...]


def check_light(gray: np.ndarray) -> None:
    """Refuse a picture too dark to read, or one of a single flat tone with nothing on it."""
    low, high, brightest = np.percentile(gray[::2, ::2], (0.1, 90, 99.9))
    if high < DARKEST_PAPER:
        raise PhotoError(
            PhotoProblem.TOO_DARK, "The picture is too dark to read: take it again with more light."
        )
    if brightest - low < LEAST_CONTRAST:
        if high < DIM_PAPER:
            raise PhotoError(
                PhotoProblem.TOO_DARK,
                "The picture is too dark to tell ink from paper: take it again with more light.",
            )
        raise PhotoError(
            PhotoProblem.NOT_A_SUDOKU,
            "The picture is one flat tone: there is no grid in it to read.",
        )


def working_copy(gray: np.ndarray) -> Working:
    """The photo shrunk to FINDING_SIDE and thresholded to ink."""
    scale = min(1.0, FINDING_SIDE / max(gray.shape))
    small = (
        gray
        if scale == 1.0
        else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    )
    block = odd(max(small.shape) // 16)
    # Thin lines break where the threshold wavers (at crossings, on blurred pictures); a
    # pixel's growth closes those gaps, so that every cell is a hole in one piece of ink.
    # Grainy newsprint needs a larger offset than clean paper, where faint lines need a
    # small one: the grid is looked for in both.
    grow = np.ones((3, 3), np.uint8)
    inks = tuple(cv2.dilate(ink_of(small, block, offset), grow) for offset in FINDING_OFFSETS)
    return Working(small, scale, inks)


def ink_of(gray: np.ndarray, block: int, offset: float = 7.0) -> np.ndarray:
    """Pixels darker than their neighbourhood by `offset`, as 255 (ink), else 0."""
    smooth = cv2.GaussianBlur(gray, (3, 3), 0)
    return cv2.adaptiveThreshold(
        smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, offset
    )


def odd(n: int) -> int:
    """The odd number at or above n, at least 3 (what a threshold's block needs)."""
    n = max(3, n)
    return n if n % 2 else n + 1
