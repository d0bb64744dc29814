"""The newspaper Sudoku photos the photo reader is measured on, read where they lie.

They are not in the project (their README: data to measure with, not to ship): the
folder is SUDOKU_PHOTOS, else ../shared/photos beside the checkout (where CI has it, for
/work/main and a fresh clone in /tmp alike), else /work/shared/photos. Without them a
test fails in CI and is skipped elsewhere.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from webapp.cli.photo_set import Photo, printed_digits

ROOT = Path(__file__).parent.parent
PLACES = (ROOT.parent / "shared" / "photos", Path("/work/shared/photos"))


@cache
def _found() -> Path | None:
    """The photo folder, or None when there is none."""
    named = os.environ.get("SUDOKU_PHOTOS")
    for folder in (Path(named),) if named else PLACES:
        if (folder / "images").is_dir():
            return folder
    return None


def photos_folder() -> Path:
    """The photo folder; fails the test in CI when it is missing, else skips it."""
    folder = _found()
    if folder is None:
        message = f"no Sudoku photos in SUDOKU_PHOTOS or {', '.join(map(str, PLACES))}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return folder


def photo(name: str) -> Photo:
    """One photo by its file name, with the digits printed in it."""
    path = photos_folder() / "images" / name
    return Photo(path, printed_digits(path.with_suffix(".dat")))


BOUNDARY = "sudoku-photo-boundary"


def posted(client, route: str, data: bytes):
    """Post `data` as a form's `photo` file. The body is built here: Werkzeug's test client
    spools a body over 500 KB to a temporary file it never closes (a ResourceWarning)."""
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="photo"; filename="puzzle.jpg"\r\n'
        "Content-Type: image/jpeg\r\n\r\n"
    )
    body = head.encode() + data + f"\r\n--{BOUNDARY}--\r\n".encode()
    return client.post(route, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


def drawn_grid(digits: dict[tuple[int, int], int], side: int = 540) -> np.ndarray:
    """A clean grid `side` pixels across, with digits in the cells named (0-based)."""
    grid = np.full((side, side), 235, np.uint8)
    cell = side / 9
    for k in range(10):
        at = min(round(k * cell), side - 2)
        thick = 4 if k % 3 == 0 else 2
        cv2.line(grid, (at, 0), (at, side), 30, thick)
        cv2.line(grid, (0, at), (side, at), 30, thick)
    for (row, column), digit in digits.items():
        x, y = round((column + 0.3) * cell), round((row + 0.78) * cell)
        cv2.putText(grid, str(digit), (x, y), cv2.FONT_HERSHEY_SIMPLEX, cell / 40, 20, 3)
    return grid


def photographed(grid: np.ndarray, corners: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The grid seen at a slant: its corners taken to `corners` on a page of `size`."""
    side = grid.shape[0]
    square = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(square, corners.astype(np.float32))
    return cv2.warpPerspective(grid, matrix, size, borderValue=225)


FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # fonts-dejavu-core


def printed_grid(digits: dict[tuple[int, int], int], side: int = 540) -> np.ndarray:
    """A clean grid `side` pixels across, its digits (cells named 0-based) set in a
    newspaper's sans face rather than OpenCV's stroke font."""
    grid = Image.fromarray(drawn_grid({}, side))
    cell = side / 9
    font = ImageFont.truetype(FONT, round(cell * 0.7))
    draw = ImageDraw.Draw(grid)
    for (row, column), digit in digits.items():
        middle = ((column + 0.5) * cell, (row + 0.5) * cell)
        draw.text(middle, str(digit), font=font, fill=20, anchor="mm")
    return np.asarray(grid)
